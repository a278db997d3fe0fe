"""Players are named as a person is, and zero counts as many (issue 28).

The reviewers read "ben e anna empatam" and "anna guarda 3 módulos" (Quarantine's example
players were lower case), and "0 regra encontrada.", "remove 0 ponto" (Portuguese took
the singular for zero: Babel's pt_BR plural rule puts 0 with 1, which Brazilian writing
does not do with a number written as a figure).
"""

from __future__ import annotations

import re

import pytest

from adjudicator.core.i18n import TRANSLATED_LANGS, catalog, ngettext
from adjudicator.games import available_games

SINGULAR, PLURAL = "%(num)d rule found.", "%(num)d rules found."


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_zero_takes_the_plural_form(lang):
    assert ngettext("adjudicator", lang, SINGULAR, PLURAL, 0) == ngettext(
        "adjudicator", lang, SINGULAR, PLURAL, 2
    )
    assert (
        ngettext("adjudicator", lang, SINGULAR, PLURAL, 1)
        != ngettext("adjudicator", lang, SINGULAR, PLURAL, 2)
        or lang == "zh_TW"
    )


@pytest.mark.parametrize(
    "domain", ["adjudicator", "docs", "sphinx", *(g.domain for g in available_games())]
)
def test_every_portuguese_catalog_says_zero_in_the_plural(domain):
    found = catalog(domain, "pt")
    assert found is not None and found.plural_expr.replace(" ", "") == "(n!=1)"


def test_the_example_and_case_players_are_named_as_people():
    lower = []
    for game in available_games():
        states = [game.example(name) for name in game.example_names()]
        states += [case.build_state(game) for case in game.cases]
        for state in states:
            for player in state.get("players", []):
                name = player.get("name") if isinstance(player, dict) else None
                if isinstance(name, str) and re.match(r"[a-z]", name):
                    lower.append((game.id, name))
    assert sorted(set(lower)) == []
