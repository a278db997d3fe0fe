"""The reference in every language: on each game's cases page, every case that breaks a rule
lists each broken rule with the check that raised it; the links to the previous and next
page have tooltips in the page's language."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.cases import run_case_answers
from adjudicator.core.i18n import LANGS, gettext


@pytest.mark.parametrize("lang", LANGS)
def test_cases_page_names_the_check_of_each_violation(built_docs, game, lang):
    html = (built_docs / lang / "games" / game.id / "cases.html").read_text("utf-8")
    for case in game.cases:
        found = {(v.rule, v.check) for v in run_case_answers(game, case)}
        if not found:
            continue
        start = html.index(f'id="{case.anchor}"')
        end = html.find("<section", start)
        part = html[start : end if end > 0 else None]
        for rule, check in found:
            # "MP-601 (check)" in a Latin script, "MP-601（check）" in Chinese
            pattern = rf"#rule-{re.escape(rule)}\">{re.escape(rule)}</a>(?: \(|（)<code[^>]*><span "
            pattern += rf"class=\"pre\">{re.escape(check)}</span>"
            assert re.search(pattern, part), f"{lang} {case.id}: {rule} ({check}) not shown"


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
