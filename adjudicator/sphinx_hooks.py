"""The reference build's hooks (``sphinxext.setup`` connects them): the checks before the
build, the page context (language, links), the files written after it (rule texts, the
rule search, the translations of Sphinx's own scripts) and the localized configuration.

The directives that write the pages are in ``sphinxext.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import docs_search
from .core.i18n import (
    CORE,
    HTML_LANG,
    LANG_NAMES,
    LANGS,
    N_,
    gettext,
    normalize_lang,
)
from .core.trace import problems as trace_problems
from .games import available_games

logger = logging.getLogger(__name__)


class CommandExample(SphinxDirective):
    """``.. command-example:: check manhattan-project state.json``: a command line of the
    adjudicator, in the reader's language (``--lang`` of the build's language; none in
    English), so that a Greek page never shows ``--lang pt``."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        lang = normalize_lang(self.config.language or "en")
        line = f"adjudicator {self.arguments[0]}" + ("" if lang == "en" else f" --lang {lang}")
        block = nodes.literal_block(line, line)
        block["language"] = "console"
        return [block]


def check_build(app: Sphinx) -> None:
    """Fail the build on a traceability gap, a missing translation, or missing jieba."""
    lang = normalize_lang(app.config.language or "en")
    if lang.startswith("zh"):
        try:
            import jieba  # noqa: F401
        except ImportError as exc:
            raise ExtensionError("jieba is required to index Chinese for search") from exc
    for game in available_games():
        for problem in trace_problems(game, translations=False):
            logger.warning("%s: %s", game.id, problem)
        if lang != "en":
            from .core.trace import missing_translations

            for problem in missing_translations(game):
                if problem.endswith(f"no {lang} translation"):
                    logger.warning("%s: %s", game.id, problem)


def page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = normalize_lang(app.config.language or "en")
    depth = pagename.count("/") + 1
    up = "../" * depth
    context["adj_lang"] = lang
    context["adj_html_lang"] = HTML_LANG[lang]
    context["language"] = HTML_LANG[lang]  # the <html lang> of the theme: pt-BR, not pt
    context["adj_languages"] = [
        {
            "code": code,
            "name": LANG_NAMES[code],
            "url": f"{up}{code}/{pagename}.html",
            "current": code == lang,
            "html_lang": HTML_LANG[code],
        }
        for code in LANGS
    ]
    context["adj_second_label"] = _t_lang(lang, N_("Side by side with:"))
    context["adj_languages_label"] = _t_lang(lang, N_("Language"))
    if lang == "zh_TW" and isinstance(context.get("body"), str):
        context["body"] = full_width_colons(context["body"])


#: The colon docutils writes after a field's name ("出處:"); Chinese takes the full-width one.
_FIELD_COLON = '<span class="colon">:</span>'


def full_width_colons(body: str) -> str:
    """``body`` with each field name ending in "：" ("出處：", not "出處:")."""
    return body.replace(_FIELD_COLON, '<span class="colon">：</span>')


def _t_lang(lang: str, msgid: str) -> str:
    return gettext(CORE, lang, msgid)


def write_rule_texts(app: Sphinx, exception: Exception | None) -> None:
    """Write every rule in every language to ``_static/rules.json`` for side-by-side reading."""
    if exception is not None or app.builder.format != "html":
        return
    data: dict[str, Any] = {}
    for game in available_games():
        for rule in game.catalog:
            data[rule.id] = {
                lang: {
                    "title": gettext(game.domain, lang, rule.title),
                    "text": gettext(game.domain, lang, rule.text),
                }
                for lang in LANGS
            }
    out = Path(app.outdir) / "_static" / "rules.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"languages": dict(LANG_NAMES), "rules": data}, ensure_ascii=False),
        encoding="utf-8",
    )


#: Sphinx's JavaScript plural rule per language, written so that it yields an index (the
#: shipped Greek rule returns a boolean and breaks the search summary in Sphinx 9.0).
JS_PLURALS = {"el": "n == 1 ? 0 : 1", "pt": "n != 1 ? 1 : 0", "zh_TW": "0"}


def fix_js_translations(app: Sphinx, exception: Exception | None) -> None:
    """Complete Sphinx's ``translations.js`` from our ``sphinx.po`` overrides.

    Sphinx copies a prebuilt ``sphinx.js`` for the search page's texts: Portuguese's is
    empty and Greek's plural rule is broken. Our ``locale/<lang>/LC_MESSAGES/sphinx.po``
    (which Sphinx also uses, before its own, for the page templates) fills both in.
    """
    lang = normalize_lang(app.config.language or "en")
    path = Path(app.outdir) / "_static" / "translations.js"
    if exception is not None or lang == "en" or not path.is_file():
        return
    from babel.messages.pofile import read_po

    from .core.i18n import locale_dir

    text = path.read_text(encoding="utf-8")
    data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    overrides = locale_dir() / lang / "LC_MESSAGES" / "sphinx.po"
    if overrides.is_file():
        with overrides.open("rb") as fp:
            for message in read_po(fp):
                if not message.id or not message.string:
                    continue
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                value = message.string
                data["messages"][key] = list(value) if isinstance(value, tuple) else value
    data["plural_expr"] = JS_PLURALS.get(lang, data.get("plural_expr", "0"))
    body = json.dumps(data, ensure_ascii=False, indent=1)
    path.write_text(f"Documentation.addTranslations({body});\n", encoding="utf-8")


PROJECT_NAME = N_("Board-game rules reference")
CONTRIBUTORS = N_("the adjudicator contributors")


def localize_config(app: Sphinx, config: Any) -> None:
    """The project's name and copyright line in the build's language."""
    lang = normalize_lang(config.language or "en")
    config.project = gettext(CORE, lang, PROJECT_NAME)
    config.html_title = config.project
    config.html_short_title = config.project
    config.copyright = f"2026, {gettext(CORE, lang, CONTRIBUTORS)}"


def write_rule_search(app: Sphinx, exception: Exception | None) -> None:
    """The rule search's index file (``rules-search.sqlite3``, for the page and the API)
    and the search page's data, written with each language's build."""
    if exception is not None or app.builder.format != "html":
        return
    lang = normalize_lang(app.config.language or "en")
    logger.info("writing the rule search... ", nonl=True)  # a step the serve console shows
    labels = {
        "rules": _t_lang(lang, N_("Rules")),
        "matched": _t_lang(lang, N_("(matched: {words})")),
        "sep": "、" if lang == "zh_TW" else ", ",
        "none": _t_lang(lang, N_("No rule found.")),
        "closest": _t_lang(lang, N_("Closest glossary terms:")),
    }
    docs_search.write_rule_search(Path(app.outdir), lang, labels)
    logger.info("done")


def search_page_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The search page also lists the rules the page's rule search finds."""
    if pagename != "search":
        return
    for name in ("adjudicator-search.js", "rule-search-data.js", "adjudicator-stemmers.js"):
        app.add_js_file(name, priority=600, loading_method="defer")


#: Furo writes these labels in English whatever the language (no ``_()`` around them); our
#: ``sphinx.po`` translates them like the theme's other words.
FURO_LABELS = (
    "Toggle site navigation sidebar",
    "Toggle table of contents sidebar",
    "Toggle Light / Dark / Auto color theme",
)
#: The label of each folding arrow in Furo's navigation ("Toggle navigation of Imperial").
FURO_FOLD = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')
FURO_FOLD_TEXT = "Toggle navigation of %(title)s"
#: Furo's one inline script (it sets the colour theme before the first paint); furo.js does
#: the same on load, and the reference's Content-Security-Policy allows no inline script.
FURO_INLINE_SCRIPT = re.compile(r"<script>\s*document\.body\.dataset\.theme = [^<]*</script>\s*")


def translate_theme_labels(app: Sphinx) -> None:
    """Render every page through :func:`theme_html` (Sphinx has no hook after rendering)."""
    templates = getattr(app.builder, "templates", None)
    if app.builder.format != "html" or templates is None:
        return
    from sphinx.locale import _ as sphinx_text

    render = templates.render
    labels = {
        f'aria-label="{label}"': f'aria-label="{sphinx_text(label)}"' for label in FURO_LABELS
    }
    # Two unnamed sidebars are two landmarks a screen reader cannot tell apart.
    for aside, name in (('<aside class="sidebar-drawer"', "Navigation"),
                        ('<aside class="toc-drawer', "On this page")):  # fmt: skip
        labels[aside] = aside.replace("<aside", f'<aside aria-label="{sphinx_text(name)}"')

    fold = sphinx_text(FURO_FOLD_TEXT)

    def render_page(template: str, context: dict[str, Any]) -> str:
        return theme_html(render(template, context), labels, fold)

    templates.render = render_page


def theme_html(html: str, labels: dict[str, str], fold: str = FURO_FOLD_TEXT) -> str:
    """A rendered page with Furo's English labels translated and its inline script gone."""
    for english, translated in labels.items():
        html = html.replace(english, translated)
    html = FURO_FOLD.sub(lambda m: f'aria-label="{fold % {"title": m.group(1)}}"', html)
    return FURO_INLINE_SCRIPT.sub("", html, count=1)


def theme_strings_changed(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Every page again when the language's ``sphinx.po`` (the theme's words, in every page:
    "Next", the menu's labels) changed since the last build; an incremental build would
    keep the old words otherwise."""
    import hashlib

    from .core.i18n import locale_dir

    path = locale_dir() / normalize_lang(env.config.language or "en") / "LC_MESSAGES" / "sphinx.po"
    stamp = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""
    before = getattr(env, "adj_sphinx_po", None)
    env.adj_sphinx_po = stamp  # type: ignore[attr-defined]
    return sorted(env.found_docs) if before != stamp else []
