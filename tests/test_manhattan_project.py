"""The Manhattan Project: the default example is legal, and breaking any single state rule in
it is reported by that rule's ID."""

from __future__ import annotations

import statistics
import time

import pytest

from adjudicator.core.cases import run_case
from adjudicator.core.checks import Kind
from adjudicator.games import get_game

GAME = get_game("manhattan-project")
STATE_RULES = sorted({r for c in GAME.checks.of_kind(Kind.STATE) for r in c.rules})
BREAKING = [
    c for c in GAME.cases if c.kind == "state" and c.base == "mid-game" and c.expected_violations
]


def test_default_example_is_legal():
    assert GAME.check(GAME.example()).valid


@pytest.mark.parametrize("case", BREAKING, ids=[c.id for c in BREAKING])
def test_breaking_the_example_names_the_rule(case):
    outcome = run_case(GAME, case)
    assert outcome.ok, outcome.problems
    assert case.expected_violations <= outcome.actual


@pytest.mark.parametrize("rule", STATE_RULES)
def test_every_state_rule_is_broken_by_some_case(rule):
    found = [c for c in GAME.cases if c.kind == "state" and rule in c.expected_violations]
    assert found, f"no state case breaks {rule}"
    for case in found:
        assert rule in run_case(GAME, case).actual


def test_speed():
    state = GAME.parse_state(GAME.example())
    times = []
    for _ in range(200):
        start = time.perf_counter()
        GAME.violations(state)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.001
    move = GAME.parse_move(
        {"type": "place_central", "space": "mine_group", "worker": {"kind": "laborer"}}
    )
    times = []
    for _ in range(100):
        start = time.perf_counter()
        GAME.adjudicate_parsed(state, move)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.002


def test_illegal_move_offers_alternatives():
    state = GAME.parse_state(GAME.example())
    move = GAME.parse_move(
        {"type": "place_central", "space": "factory_group", "worker": {"kind": "laborer"}}
    )
    verdict = GAME.adjudicate_parsed(state, move)
    assert not verdict.legal
    assert verdict.alternatives
    for alt in verdict.alternatives:
        assert GAME.adjudicate(GAME.example(), dict(alt.move)).legal


def test_playout_of_legal_moves():
    from collections import Counter

    from adjudicator.games.manhattan_project.models import MOVE_TYPES
    from adjudicator.games.manhattan_project.sampler import playout

    seen: Counter[str] = Counter()
    played, problems = playout(7, 2000, seen)
    assert played == 2000
    assert problems == []
    assert set(seen) == set(MOVE_TYPES), set(MOVE_TYPES) - set(seen)


def test_mutated_moves_are_illegal():
    import random

    from adjudicator.games.manhattan_project.sampler import mutate_move, sample_moves

    rng = random.Random(3)
    state = GAME.parse_state(GAME.example())
    for move in sample_moves(state, rng)[:20]:
        bad = mutate_move(state, move, rng)
        assert bad is not None
        assert not GAME.adjudicate(GAME.example(), bad).legal
