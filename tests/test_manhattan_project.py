"""The Manhattan Project: the default example is legal, alternatives, playouts and sweeps.
(Every case, each breaking one rule of the example, runs in ``test_cases.py``.)"""

from __future__ import annotations

import pytest

from adjudicator.games import get_game

GAME = get_game("manhattan-project")


def test_default_example_is_legal():
    assert GAME.check(GAME.example()).valid


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


@pytest.mark.playout
def test_playout_of_legal_moves():
    from collections import Counter

    from adjudicator.games.manhattan_project.moves import MOVE_TYPES
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


def _leaves(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _leaves(value, f"{path}/{i}")
        yield path, node
    else:
        yield path, node


@pytest.mark.playout
def test_edited_examples_never_crash():
    """Random edits of the examples: checks, scoring and moves answer without a traceback."""
    import copy
    import random

    from adjudicator.core.cases import set_pointer
    from adjudicator.core.errors import MalformedInput
    from adjudicator.games.manhattan_project.moves import book

    rng = random.Random(5)
    bases = [GAME.example(name) for name in GAME.example_names()]
    parsed = 0
    for _ in range(400):
        data = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            path, value = rng.choice(list(_leaves(data)))
            if isinstance(value, bool):
                new = not value
            elif isinstance(value, int):
                new = rng.choice([0, 1, 2, 5, 8, 9, 11, -1, value + 1, 40])
            elif isinstance(value, list):
                new = value[: rng.randint(0, len(value))]
            elif isinstance(value, str):
                new = rng.choice(["any", "laborer", "engineer", "grey", "red", "mine", value])
            else:
                new = value
            set_pointer(data, path, new)
        try:
            state = GAME.parse_state(data)
        except MalformedInput:
            continue
        parsed += 1
        GAME.violations(state)
        GAME.score(data)
        for move in book.samples(state, rng)[:5]:
            GAME.adjudicate(data, move)
    assert parsed > 100


def test_every_move_type_has_legal_and_illegal_cases():
    from adjudicator.games.manhattan_project.moves import MOVE_TYPES

    for move_type in MOVE_TYPES:
        found = [c for c in GAME.cases if c.kind == "move" and c.move["type"] == move_type]
        assert any(c.expect.get("legal") for c in found), move_type
        illegal = [c for c in found if c.expect.get("legal") is False]
        assert illegal, move_type
        assert all(c.expected_violations for c in illegal), move_type


def test_illegal_bombing_offers_the_strikes_that_are_legal():
    """Yellow may not bomb Green (fighters left): the answer offers a fighter attack on
    Green first, and bombing Red, who has no fighter."""
    from adjudicator import get_game

    game = get_game("manhattan-project")
    case = next(c for c in game.cases if c.id == "MP-EX10b")
    verdict = game.adjudicate(case.build_state(game), dict(case.move or {}))
    moves = [a.move for a in verdict.alternatives]
    assert not verdict.legal
    assert moves[0]["type"] == "air_strike"
    assert moves[0]["attacks"][0] == {"kind": "fighter", "target": "green", "aircraft": "fighters"}
    assert any(
        m["type"] == "air_strike"
        and m["attacks"][0]["kind"] == "bomber"
        and m["attacks"][0]["target"] == "red"
        for m in moves
    )


@pytest.mark.playout
def test_apply_leaves_its_input_unchanged_and_copies_what_it_changes():
    """``apply`` copies only what a move may change (issue 16, options_ms): over a playout,
    every sampled move leaves the state it is applied to as it was, and gives the state
    that applying it to a full (JSON) copy gives."""
    import random
    from collections import Counter

    from adjudicator.games.manhattan_project.models import State
    from adjudicator.games.manhattan_project.moves import MOVE_TYPES
    from adjudicator.games.manhattan_project.sampler import sample_moves, setup

    rng = random.Random(11)
    state = GAME.parse_state(setup(rng))
    seen: Counter[str] = Counter()
    for _ in range(700):
        moves = sample_moves(state, rng)
        if not moves:
            state = GAME.parse_state(setup(rng))
            continue
        before = state.model_dump(mode="json")
        for data in moves:
            move = GAME.parse_move(data)
            after, _ = GAME.apply(state, move)
            assert state.model_dump(mode="json") == before, data
            full, _ = GAME.apply(State.model_validate_json(state.model_dump_json()), move)
            assert after.model_dump(mode="json") == full.model_dump(mode="json"), data
            seen[data["type"]] += 1
        weights = [0.3 if m["type"] in ("end_turn", "retrieve") else 1 for m in moves]
        pick = rng.choices(moves, weights)
        state, _ = GAME.apply(state, GAME.parse_move(pick[0]))
        if state.game_over:
            state = GAME.parse_state(setup(rng))
    assert set(seen) == set(MOVE_TYPES), set(MOVE_TYPES) - set(seen)


def test_building_kind_is_a_closed_choice():
    """Issue 12: a building card's kind is a choice of the five kinds (a select in the
    editor), and an unknown kind is a clear error at its field, not free text."""
    from adjudicator.core.errors import MalformedInput

    schema = GAME.schema("state")["$defs"]["BuildingCard"]["properties"]
    assert schema["kind"]["enum"] == ["mine", "factory", "university", "reactor", "enrichment"]
    assert (
        "name" not in schema
        and "name" not in GAME.schema("state")["$defs"]["BombCard"]["properties"]
    )
    data = GAME.example()
    data["players"][2]["buildings"][0]["kind"] = "farm"
    with pytest.raises(MalformedInput) as raised:
        GAME.parse_state(data)
    assert [e.path for e in raised.value.errors] == ["/players/2/buildings/0/kind"]
    for kind in schema["kind"]["enum"]:
        assert GAME.vocab.has("building", kind)


def test_a_duplicated_test_marker_is_said_to_be_counted_twice_not_out_of_play():
    """At 5 players every marker is in play: a marker both in the supply and held is
    counted twice (issue 25), not "not in play"."""
    state = GAME.example()
    state["test_markers"] = [0, 2, 4, 6, 8]  # the 8 is also in front of the 5th player
    report = GAME.check(state)
    said = [v.to_json()["message"] for v in report.violations if v.rule == "MP-301"]
    assert said == [
        "Test marker 8 is counted more than once; the game has one marker of each value."
    ], said
