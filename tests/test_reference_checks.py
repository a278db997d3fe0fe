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


@pytest.mark.parametrize("lang", LANGS[1:])
def test_page_links_have_translated_tooltips(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    tooltips = re.findall(r'<nav id="rellinks"[^>]*>.*?</nav>', html, re.S)
    assert tooltips, "no previous/next links"
    wanted = {
        gettext("sphinx", lang, "Previous document"),
        gettext("sphinx", lang, "Next document"),
    }
    assert not wanted & {"Previous document", "Next document"}
    for nav in tooltips:
        links = re.sub(r"<nav[^>]*>", "", nav)  # its aria-label names both directions
        assert set(re.findall(r'title="([^"]*)"', links)) <= wanted, nav


@pytest.mark.parametrize("lang", LANGS[1:])
def test_permalink_tooltips_are_translated(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    assert "rule-IM-" in html
    assert not re.findall(r'title="Link to this [a-z]+"', html)
