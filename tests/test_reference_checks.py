"""The reference in every language: on each game's cases page, every case that breaks a rule
lists each broken rule with the check that raised it; the links to the previous and next
page have tooltips in the page's language."""

from __future__ import annotations

import html
import re

import pytest

from adjudicator.core.cases import run_case_answers
from adjudicator.core.i18n import LANGS, gettext

from .test_page_leaks import code_names


def _visible(html: str) -> str:
    """The page without what a reader sees only on asking: the folded code IDs."""
    return re.sub(r'<details class="code-ids">.*?</details>', "", html, flags=re.S)


@pytest.mark.parametrize("lang", LANGS)
def test_cases_page_names_each_broken_rule_and_folds_its_check(built_docs, game, lang):
    html = (built_docs / lang / "games" / game.id / "cases.html").read_text("utf-8")
    for case in game.cases:
        found = {(v.rule, v.check) for v in run_case_answers(game, case)}
        if not found:
            continue
        start = html.index(f'id="{case.anchor}"')
        end = html.find("<section", start)
        part = html[start : end if end > 0 else None]
        folded = re.search(r'<details class="code-ids">.*?</details>', part, re.S)
        assert folded, f"{lang} {case.id}: no folded IDs"
        for rule, check in found:
            assert f'#rule-{rule}">{rule}</a>' in part, f"{lang} {case.id}: {rule} not shown"
            assert f"<code>{check}</code>" in folded.group(0), f"{lang} {case.id}: {check}"
            assert check not in code_names(part), f"{lang} {case.id}: {check} shown"


def _plain(text: str) -> str:
    """Text with its tags and quote marks gone (smart quotes differ by language)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"['’‘\"“”«»]", "", text)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_names_checks_by_title_and_folds_their_ids(built_docs, game, lang):
    page = (built_docs / lang / "games" / game.id / "rules.html").read_text("utf-8")
    shown = _plain(_visible(page))
    folded = " ".join(re.findall(r'<details class="code-ids">.*?</details>', page, re.S))
    in_code = code_names(page)
    for check in game.checks:
        assert _plain(gettext(game.domain, lang, check.title)) in shown, f"{lang} {check.id}"
        assert f"<code>{check.id}</code>" in folded, f"{lang} {check.id} not folded"
        assert check.id not in in_code, f"{lang} {check.id} shown"
        path, line = check.location()  # where the code declares it, for maintainers
        assert f"<code>adjudicator/{path}:{line}</code>" in folded, f"{lang} {check.id} file"


#: Furo's words on every page (its template asks Sphinx's catalog, ours first, for them;
#: the labels it writes in English are translated after rendering).
THEME_WORDS = ("Next", "Previous", "Skip to content", "Back to top", "On this page")
THEME_LABELS = ("Toggle site navigation sidebar", "Toggle Light / Dark / Auto color theme")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_themes_words_are_in_the_readers_language(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    body = re.sub(r'<article role="main".*?</article>', "", html, flags=re.S)
    for word in THEME_WORDS:
        translated = gettext("sphinx", lang, word)
        assert translated != word, (lang, word)
        assert translated in body, (lang, word)
        assert not re.search(rf">\s*{word}\s*<", body), (lang, word)
    for label in THEME_LABELS:
        assert label not in html, (lang, label)
    assert "Toggle navigation of" not in html
    assert "<script>" not in html  # the Content-Security-Policy allows no inline script


@pytest.mark.parametrize("lang", LANGS[1:])
def test_permalink_tooltips_are_translated(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    assert "rule-IM-" in html
    assert not re.findall(r'title="Link to this [a-z]+"', html)
