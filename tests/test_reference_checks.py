"""The reference in every language: on each game's cases page, every case that breaks a rule
lists each broken rule with the check that raised it; the links to the previous and next
page have tooltips in the page's language."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.cases import run_case_answers
from adjudicator.core.i18n import LANGS, gettext


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
            assert check not in _visible(part), f"{lang} {case.id}: {check} shown"


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_names_checks_by_title_and_folds_their_ids(built_docs, game, lang):
    html = (built_docs / lang / "games" / game.id / "rules.html").read_text("utf-8")
    shown = _visible(html)
    for check in game.checks:
        title = gettext(game.domain, lang, check.title)
        assert title.replace("'", "&#x27;") in shown or title in shown, f"{lang} {check.id}"
        assert f"<code>{check.id}</code>" in html, f"{lang} {check.id} not folded"
        assert f">{check.id}<" not in shown, f"{lang} {check.id} shown"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_page_links_have_translated_tooltips(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    tooltips = re.findall(r'<nav id="rellinks">.*?</nav>', html, re.S)
    assert tooltips, "no previous/next links"
    wanted = {
        gettext("sphinx", lang, "Previous document"),
        gettext("sphinx", lang, "Next document"),
    }
    assert not wanted & {"Previous document", "Next document"}
    for nav in tooltips:
        assert set(re.findall(r'title="([^"]*)"', nav)) <= wanted, nav


@pytest.mark.parametrize("lang", LANGS[1:])
def test_permalink_tooltips_are_translated(built_docs, lang):
    html = (built_docs / lang / "games" / "imperial" / "rules.html").read_text("utf-8")
    assert "rule-IM-" in html
    assert not re.findall(r'title="Link to this [a-z]+"', html)
