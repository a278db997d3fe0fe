"""The reference names the check of every violation it shows: on each game's cases page,
every case that breaks a rule lists each broken rule with the check that raised it."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.cases import run_case_answers
from adjudicator.core.i18n import LANGS


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
            pattern = rf"#rule-{re.escape(rule)}\">{re.escape(rule)}</a> \(<code[^>]*><span "
            pattern += rf"class=\"pre\">{re.escape(check)}</span>"
            assert re.search(pattern, part), f"{lang} {case.id}: {rule} ({check}) not shown"
