"""Every case in every game's ``cases/`` folder gives the verdict it expects."""

from __future__ import annotations

from adjudicator.core.cases import run_case


def test_case(case_and_game):
    game, case = case_and_game
    outcome = run_case(game, case)
    assert outcome.ok, f"{case.id} ({case.file}): " + "; ".join(outcome.problems)


def test_default_example_is_valid(game):
    report = game.check(game.example())
    assert report.valid, [v.to_json() for v in report.violations]


def test_every_example_parses(game):
    for name in game.example_names():
        game.parse_state(game.example(name))
