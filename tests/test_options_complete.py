"""Issue 25's done-when: over at least 500 playout states a game, every legal move that the
game's sampler draws, or that a brute-force enumerator of the small kinds finds, is matched
by the "What may I do?" list, and every listed action is legal (0 missed, 0 illegal).

A move is matched as in :mod:`tests.test_options_property` (a strike by its first attack,
a maneuver by each of its units' moves, ...), and also by a listed entry that says what may
be chosen inside it (``choose``): an Imperial import of several units by an import entry
whose ``among`` holds each unit and whose ``most`` allows their number; a Quarantine line
reordered with a working Triage by the reorder entry whose ``among`` holds the same patients.

The brute-force enumerators (every value of every field, over the small kinds): The
Manhattan Project's central placements (each simple space, worker, output, grey count,
declined or not), Construction building nothing and Repair repairing nothing; Imperial's
imports (every multiset of up to 3 units on the nation's home provinces) and factory sites
(every home province); Quarantine's reorders (every order of a line of up to 5 patients).

``python -m pytest tests/test_options_complete.py -s`` prints the counts.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from adjudicator.games import get_game
from tests.test_options_property import _active_line, _listed, _normal

pytestmark = pytest.mark.slow

GAMES = ("manhattan-project", "quarantine", "imperial")
STATES = 500
STEPS = 25  # moves per playout: each playout gives up to this many states


@dataclass
class Tally:
    states: int = 0
    listed: int = 0
    matched: int = 0
    missed: list[Any] = field(default_factory=list)
    illegal: list[Any] = field(default_factory=list)


def _playout_states(game_id: str) -> Iterator[Any]:
    """States along seeded playouts of the game's sampler, until ``STATES`` of them."""
    game = get_game(game_id)
    sampler = game.sampler
    assert sampler is not None
    made = 0
    for seed in itertools.count():
        rng = random.Random(seed)
        state = game.parse_state(sampler.setup(rng))
        for _ in range(STEPS):
            yield state
            made += 1
            if made >= STATES:
                return
            moves = sampler.sample_moves(state, rng)
            if not moves:
                break
            state, _ = game.apply(state, game.parse_move(rng.choice(moves[:3])))
            state = game.parse_state(state.model_dump(mode="json"))


# --- brute force over the small kinds ------------------------------------------------------


def _mp_brute(state: Any) -> Iterator[dict[str, Any]]:
    from adjudicator.games.manhattan_project.data import SPACE_SPECS
    from adjudicator.games.manhattan_project.models import SimpleSpace
    from adjudicator.games.manhattan_project.staffing import worker_options

    for worker in worker_options(state.active):
        yield {"type": "construct", "worker": worker}
        yield {"type": "repair", "worker": worker}
        for space in SimpleSpace.__args__:  # type: ignore[attr-defined]
            outputs = [None, *range(len(SPACE_SPECS[space].outputs))]
            for output, grey, skip in itertools.product(outputs, (None, 1), (False, True)):
                move = {"type": "place_central", "space": space, "worker": worker}
                move |= {"output": output, "contractors": grey, "skip": skip}
                yield {k: v for k, v in move.items() if v is not None}


def _im_brute(state: Any) -> Iterator[dict[str, Any]]:
    from adjudicator.games.imperial.board import board
    from adjudicator.games.imperial.moves import mover, reachable

    nation = mover(state)
    if nation is None or state.opening is not None:
        return
    b = board()
    units = [
        {"kind": kind, "region": region}
        for region in b.homes_of[nation]
        for kind in ("army", "fleet")
    ]
    for space in reachable(state, nation):
        if space == "import":
            for n in range(4):
                for chosen in itertools.combinations_with_replacement(units, n):
                    yield {
                        "type": "import",
                        "nation": nation,
                        "space": space,
                        "units": list(chosen),
                    }
        if space == "factory":
            for region in b.homes_of[nation]:
                yield {"type": "factory", "nation": nation, "space": space, "region": region}


def _qu_brute(state: Any) -> Iterator[dict[str, Any]]:
    line = list(_active_line(state))
    if len(line) <= 5:
        for order in set(itertools.permutations(line)):
            if list(order) != line:
                yield {"type": "move_patients", "line": list(order)}


BRUTE = {"manhattan-project": _mp_brute, "imperial": _im_brute, "quarantine": _qu_brute}


# --- matching -------------------------------------------------------------------------------


def _chosen_inside(game_id: str, data: dict[str, Any], listed: list[dict[str, Any]]) -> bool:
    """Whether a listed entry says that ``data`` may be chosen inside it."""
    for said in listed:
        choose = said["choose"]
        if not choose or said["kind"] != data["type"]:
            continue
        if game_id == "imperial" and said["move"]["space"] == data.get("space"):
            units = [{"kind": u["kind"], "region": u["region"]} for u in data["units"]]
            among = [{"kind": u["kind"], "region": u["region"]} for u in choose["among"]]
            if len(units) <= choose["most"] and all(u in among for u in units):
                return True
        if game_id == "quarantine" and Counter(choose["among"]) == Counter(data["line"]):
            return True
    return False


def _stances_said(game: Any, state: Any, data: dict[str, Any]) -> dict[str, Any]:
    """An Imperial maneuver with each army's stance in a foreign home province said: the
    default the game takes when the move leaves it out (hostile, or friendly on the last
    free factory), found as the stance with which the move stays legal."""
    from adjudicator.games.imperial.board import board

    home = board().home
    armies = [dict(a) for a in data.get("armies") or ()]
    for army in armies:
        if army.get("stance") is None and home.get(army["route"][-1]) not in (None, data["nation"]):
            army["stance"] = "hostile"
            trial = {**data, "armies": armies}
            if not game.is_legal(state, game.parse_move(trial)):
                army["stance"] = "friendly"
    return {**data, "armies": armies} if armies else data


def _matched(game_id: str, game: Any, state: Any, data: dict[str, Any], found: Any) -> bool:
    listed, said = found
    if game_id == "imperial" and data["type"] == "maneuver":
        data = _stances_said(game, state, data)
    several = len(data.get("units") or ()) > 1 and not data.get("investments")
    if game_id == "imperial" and data["type"] == "import" and several:
        return _chosen_inside(game_id, data, said)
    if game_id == "quarantine" and data["type"] == "move_patients":
        key = json.dumps({"type": "move_patients", "line": data["line"]}, sort_keys=True)
        exact = any(json.dumps(dict(a["move"]), sort_keys=True) == key for a in said)
        return exact or _chosen_inside(game_id, data, said)
    if data["type"] == "place_central" and data.get("output") == 0:
        from adjudicator.games.manhattan_project.data import SPACE_SPECS

        if len(SPACE_SPECS[data["space"]].outputs) == 1:  # the only output, said or not
            data = {k: v for k, v in data.items() if k != "output"}
    return set(_normal(game_id, game, data, state)) <= listed


def _tally(game_id: str) -> Tally:
    game = get_game(game_id)
    sampler = game.sampler
    assert sampler is not None
    tally = Tally()
    for state in _playout_states(game_id):
        tally.states += 1
        found = game.legal_actions(state)
        said = found.to_json("en")["actions"]
        listed: set[str] = set()
        for action in found.actions:
            tally.listed += 1
            if not game.is_legal(state, game.parse_move(dict(action.move))):
                tally.illegal.append(action.move)
            listed.update(_listed(game_id, game, dict(action.move)))
        wanted = sampler.sample_moves(state, random.Random(tally.states))
        wanted += list(BRUTE[game_id](state))
        for data in wanted:
            if data["type"] not in found.kinds or data["type"] == "design_bomb":
                continue
            if data["type"] == "construct" and "slot" in data and state.building_deck > 0:
                continue  # names the card drawn to refill the market (a note says so)
            move = game.parse_move(data)
            if not game.is_legal(state, move):
                continue
            if data["type"] == "move_patients" and data["line"] == list(_active_line(state)):
                continue
            if _matched(game_id, game, state, data, (listed, said)):
                tally.matched += 1
            else:
                tally.missed.append(data)
    return tally


@pytest.mark.parametrize("game_id", GAMES)
def test_the_list_matches_every_legal_move_and_lists_no_illegal_one(game_id: str) -> None:
    tally = _tally(game_id)
    print(
        f"\n{game_id}: {tally.states} states, {tally.listed} actions listed, "
        f"{tally.matched} legal moves matched, {len(tally.missed)} missed, "
        f"{len(tally.illegal)} illegal listed"
    )
    assert tally.states >= STATES
    assert tally.matched > tally.states, "too few legal moves were tried"
    assert not tally.illegal, tally.illegal[:3]
    assert not tally.missed, tally.missed[:3]
