"""Which language a request is served in, and the page's own translated texts.

The order: the language in the URL (``/el/...``), then ``?lang=``, then the ``lang``
cookie, then ``Accept-Language``, then English. Flask-Babel selects the locale; its
translations come from the ``adjudicator`` gettext domain, compiled in memory by
:mod:`adjudicator.core.i18n`. Babel spells Traditional Chinese ``zh_Hant_TW`` and the
reference ``zh_TW``: both (and ``zh-TW``) map to the one URL code ``zh_TW``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, has_request_context, jsonify, request
from flask_babel import Babel, Domain
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from adjudicator.core.errors import FieldName
from adjudicator.core.i18n import (
    CORE,
    HTML_LANG,
    LANG_NAMES,
    LANGS,
    N_,
    Message,
    UnknownLanguage,
    join_items,
    normalize_lang,
    translations,
)
from adjudicator.core.spacing import spaced_printf

DOMAIN = CORE
LANG_COOKIE = "lang"
GAME_COOKIE = "game"
COOKIE_AGE = 365 * 24 * 3600

#: A language's primary subtag, for Accept-Language values like ``zh-Hant-HK`` or ``pt-AO``.
_PRIMARY = {"en": "en", "el": "el", "pt": "pt", "zh": "zh_TW"}


def canonical(code: str | None) -> str | None:
    """The URL code of ``code`` (``zh-TW`` and ``zh_Hant_TW`` give ``zh_TW``), or ``None``."""
    if not code:
        return None
    try:
        return normalize_lang(code)
    except UnknownLanguage:
        return None


def from_accept_language() -> str | None:
    """The best of our languages in the request's ``Accept-Language``, or ``None``."""
    if "HTTP_ACCEPT_LANGUAGE" not in request.environ:
        return None
    for value, _quality in request.accept_languages:
        lang = canonical(value) or _PRIMARY.get(value.replace("_", "-").split("-")[0].lower())
        if lang:
            return lang
    return None


def select_lang() -> str:
    """The language of this request, as a URL code."""
    environ = request.environ
    if not (environ.get("QUERY_STRING") or "HTTP_COOKIE" in environ):
        # no ?lang= and no cookie (the API's usual request): skip parsing them
        return g.get("url_lang") or from_accept_language() or "en"
    return (
        g.get("url_lang")
        or canonical(request.args.get("lang"))
        or canonical(request.cookies.get(LANG_COOKIE))
        or from_accept_language()
        or "en"
    )


def current_lang() -> str:
    """The request's language as a URL code (``zh_TW``): chosen once per request, by the
    same :func:`select_lang` that gives Flask-Babel its locale (which is parsed only when
    a template or ``gettext`` needs it). Outside a request: English."""
    if not has_request_context():
        return "en"
    lang: str | None = g.get("adj_lang")
    if lang is None:
        lang = g.adj_lang = select_lang()
    return lang


def _(msgid: str, **params: Any) -> str:
    """``msgid`` of the ``adjudicator`` domain in the request's language (``{name}`` style)."""
    return Message(DOMAIN, msgid, params).render(current_lang())


class CatalogDomain(Domain):
    """Flask-Babel's domain, reading the ``.po`` catalogs compiled in memory."""

    def __init__(self) -> None:
        super().__init__(domain=DOMAIN)

    def get_translations(self) -> Any:
        return translations(DOMAIN, current_lang())


class CatalogBabel(Babel):
    """Flask-Babel with :class:`CatalogDomain` as each application's domain."""

    def __init__(self, app: Flask, **kwargs: Any) -> None:
        self._domain = CatalogDomain()
        super().__init__(app, **kwargs)

    @property
    def domain_instance(self) -> Domain:
        return self._domain


def template_globals() -> dict[str, Any]:
    lang = current_lang()
    return {
        "lang": lang,
        "html_lang": HTML_LANG[lang],
        "langs": LANGS,
        "lang_names": LANG_NAMES,
    }


#: Punctuation that ends a label and takes no space after it (the Chinese full-width forms).
_CLOSED = tuple("：，。；、）」")


def label(text: str) -> str:
    """A label ("Where:", "位置：") with the space its language puts before what follows:
    one after an ASCII colon, none after a full-width one."""
    text = str(text)
    return text if text.endswith(_CLOSED) else text + " "


def aside(text: Any) -> str:
    """A note in brackets after what it is about: " (note)", Chinese "（note）" (full-width,
    no space)."""
    return Markup("（{}）" if current_lang() == "zh_TW" else " ({})").format(text)


def listed(items: Any) -> str:
    """Items joined as the page's language joins a list: "A, B and C", 「A、B 和 C」."""
    return join_items([str(i) for i in items], current_lang())


def sentences(texts: Any) -> str:
    """Sentences run together as the page's language writes them: Chinese ones with no
    space after "。", the others with one."""
    return ("" if current_lang() == "zh_TW" else " ").join(str(t) for t in texts)


def refuse_unknown_api_lang() -> Any:
    """A 422 naming ``lang`` for an API request whose ``?lang=`` is none of the API's
    languages (its OpenAPI document lists them): a program that asks for a language gets
    it or is told, where a page falls back to the reader's other choices."""
    if not request.path.startswith("/api/") or "lang" not in request.args:
        return None
    if request.args["lang"] in LANGS:
        return None
    expected = ", ".join(f"`{lang}`" for lang in LANGS)
    field = FieldName("lang", "lang")
    message = Message(DOMAIN, N_("{field} must be one of {expected}."),
                      {"field": field, "expected": expected})  # fmt: skip
    lang = canonical(request.cookies.get(LANG_COOKIE)) or from_accept_language() or "en"
    text = message.render(lang)
    body = {"status": 422, "message": text, "errors": [{"path": "lang", "message": text}]}
    return jsonify(body), 422


def _formatted(context: Context, text: str, variables: dict[str, Any]) -> str:
    """A page text formatted as Jinja's new-style gettext does (the values escaped), with
    the spaces Chinese sets beside them (see :func:`adjudicator.core.spacing.spaced_printf`)."""
    if variables and current_lang() == "zh_TW":
        text = spaced_printf(text, variables)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


@pass_context
def _page_gettext(context: Context, msgid: str, **variables: Any) -> str:
    return _formatted(context, translations(DOMAIN, current_lang()).ugettext(msgid), variables)


@pass_context
def _page_ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    text = translations(DOMAIN, current_lang()).ungettext(singular, plural, num)
    return _formatted(context, text, variables)


def init_app(app: Flask) -> None:
    app.before_request(refuse_unknown_api_lang)
    CatalogBabel(app, locale_selector=select_lang)
    # (html_langs: also for the macros a template imports without its context, kept once)
    app.jinja_env.globals.update(gettext=_page_gettext, ngettext=_page_ngettext,
                                 html_langs=HTML_LANG)  # fmt: skip
    app.context_processor(template_globals)
    app.add_template_filter(label, "label")
    app.add_template_filter(sentences, "sentences")
    app.add_template_filter(aside, "aside")
    app.add_template_filter(listed, "listed")
