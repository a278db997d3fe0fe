"""Issue 16's done-when, over random playout states: every listed action is legal and leads
to a state ``check`` accepts (sound); every legal move the game's sampler draws, of a kind the
list covers, is in the list (complete).

"Covered" per game, after parsing both moves (defaults filled):
- The Manhattan Project: a strike of several attacks is covered by its first attack alone,
  with the same worker and space (a later attack may be legal only after the earlier ones,
  e.g. bombing once the fighters are shot down); a repair of several damage points by each
  single one. The market card a construction reveals (``drawn``) is the table's: while the
  deck refills the market, Construction is not listed and a note says so (checked here).
  A placement that declines its space's effect (``skip``) is covered by the same placement
  taking it (whatever contractors it names), and ``contractors: 0`` by the placement that
  does not say it.
- Quarantine: a drawn cube's placement, treating, a marker, the special rooms' actions and
  placing a kept tile as they are (the drawn cube's colour is one the bag holds). The moves
  whose choices the list shows one of (its notes say so) are covered by that one: admitting
  by the number of patients, a contract by its stack, buying a special room by the stack or
  contract it comes from, an extra treatment room by its colour, a claim by its contract, a
  reordered line and a renovation by the action itself.
- Imperial: the list gives one-unit maneuvers, one-unit imports and one-purchase investing.
  A rondel move is covered by itself without its investments, and each of its purchases by
  that purchase alone on the space's plainest move (building or importing nothing, moving
  no unit), unless it buys a bond traded in earlier in the same round. An import of several
  units by each one-unit import. A maneuver by each of its pieces that is legal alone (a
  fleet's move, an army's, a battle where the units stand), at either maneuver space (the
  list gives the unit moves at the nearer one, and a note says so), an army's by any route
  to the same region with the same stance.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games import get_game

pytestmark = pytest.mark.fuzz

GAMES = ("manhattan-project", "quarantine", "imperial")


def _states(game_id: str, seed: int, steps: int) -> list[Any]:
    game = get_game(game_id)
    sampler = game.sampler
    assert sampler is not None
    rng = random.Random(seed)
    state = game.parse_state(sampler.setup(rng))
    found = [state]
    for _ in range(steps):
        moves = sampler.sample_moves(state, rng)
        if not moves:
            break
        state, _ = game.apply(state, game.parse_move(rng.choice(moves[:3])))
        state = game.parse_state(state.model_dump(mode="json"))
        found.append(state)
    return found


def _key(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True)


#: Quarantine: the fields that say which listed move covers a move of these kinds.
QU_COVER: dict[str, tuple[str, ...]] = {
    "contract": ("kind",),
    "buy_special": ("kind", "seller"),
    "buy_treatment": ("colour",),
    "claim_contract": ("kind",),
    "move_patients": (),
    "renovate": (),
}


def _dumped(game: Any, data: dict[str, Any]) -> dict[str, Any]:
    dumped: dict[str, Any] = game.parse_move(data).model_dump(mode="json", exclude_none=True)
    return dumped


def _maneuver_key(move: dict[str, Any]) -> str:
    """A one-unit maneuver at either space, an army by where it goes and how it stands (a
    stance left unsaid as the one that counts: the options say it)."""
    from adjudicator.games.imperial.board import board
    from adjudicator.games.imperial.logic import stance_of

    armies = [
        (a["route"][0], a["route"][-1],
         stance_of(board(), move["nation"], "army", a["route"][-1], a.get("stance")))
        for a in move["armies"]
    ]  # fmt: skip
    return _key({**move, "space": "maneuver", "armies": armies})


def _imperial(game: Any, state: Any, data: dict[str, Any]) -> list[str]:
    move = _dumped(game, data)
    if move["type"] == "opening":
        return [_key(move)]
    plain = {"type": move["type"], "nation": move["nation"], "space": move["space"]}
    whole = {**move, "investments": []}
    keys = []
    traded = set()
    for purchase in move["investments"]:
        if (purchase["nation"], purchase["bond"]) not in traded:
            keys.append(_key(_dumped(game, {**plain, "investments": [purchase]})))
        if "trade_in" in purchase:
            traded.add((purchase["nation"], purchase["trade_in"]))
    if move["type"] == "import":
        keys += [_key({**whole, "units": [u]}) for u in move["units"]] or [_key(whole)]
    elif move["type"] == "maneuver":
        empty: dict[str, list[Any]] = {
            "fleets": [],
            "armies": [],
            "battles": [],
            "stances": [],
            "destroy": [],
        }
        pieces = [{**whole, **empty, part: [x]} for part in empty for x in move[part]]
        pieces = [p for p in pieces if game.adjudicate(state.model_dump(mode="json"), p).legal]
        keys += [_maneuver_key(p) for p in pieces or [{**whole, **empty}]]
    else:
        keys.append(_key(whole))
    return keys


def _normal(game_id: str, game: Any, data: dict[str, Any], state: Any = None) -> list[str]:
    """The keys of the listed moves that cover ``data``."""
    if game_id == "imperial":
        return _imperial(game, state, data)
    move = _dumped(game, data)
    if game_id == "quarantine":
        if move["type"] == "admit":
            return [_key({"type": "admit", "patients": len(move["rooms"])})]
        if move["type"] in QU_COVER:
            return [_key({k: move.get(k) for k in ("type", *QU_COVER[move["type"]])})]
        return [_key(move)]
    if game_id != "manhattan-project":
        return [_key(move)]
    move.pop("drawn", None)
    if move.pop("skip", None):
        move.pop("contractors", None)  # declining the space's gain, so none of it as grey
    if move.get("contractors") == 0:
        del move["contractors"]
    if "workers" in move:  # a group of workers is the same in any order
        move["workers"] = sorted(move["workers"], key=lambda w: (w["kind"], w["contractor"]))
    if move["type"] == "air_strike":
        return [_key({**move, "attacks": move["attacks"][:1]})]
    if move["type"] == "repair":
        own = [{**move, "own": [j], "others": []} for j in move.get("own") or ()]
        others = [
            {**move, "own": [], "others": [{"player": o["player"], "buildings": [j]}]}
            for o in move.get("others") or ()
            for j in o["buildings"]
        ]
        return [_key({k: v for k, v in m.items() if v != []}) for m in own + others]
    return [_key(move)]


def _active_line(state: Any) -> list[str]:
    """Quarantine: the active player's waiting line."""
    return state.players[state.index(state.round.active)].line


def _listed(game_id: str, game: Any, data: dict[str, Any]) -> list[str]:
    """The key of a listed move (Imperial's maneuvers keyed as :func:`_maneuver_key`)."""
    if game_id == "imperial" and data["type"] == "maneuver" and not data.get("investments"):
        return [_maneuver_key(_dumped(game, data))]
    return _normal(game_id, game, data)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 12))
def test_options_are_sound_and_complete(game_id: str, seed: int, steps: int) -> None:
    game = get_game(game_id)
    sampler = game.sampler
    assert sampler is not None
    state = _states(game_id, seed, steps)[-1]
    found = game.legal_actions(state)
    listed: set[str] = set()
    for action in found.actions:
        verdict = game.adjudicate(state.model_dump(mode="json"), action.move)
        assert verdict.legal, action.move
        assert verdict.state is not None and game.check(verdict.state).valid, action.move
        listed.update(_listed(game_id, game, dict(action.move)))
    for data in sampler.sample_moves(state, random.Random(seed)):
        if (
            data["type"] not in found.kinds
            or not game.adjudicate(state.model_dump(mode="json"), data).legal
        ):
            continue
        if data["type"] == "move_patients" and data["line"] == list(_active_line(state)):
            continue  # a "reorder" that leaves the line as it was is not listed
        if data["type"] == "construct" and state.building_deck > 0:
            assert len(found.notes) == 3, "Construction's absence must be said"
            continue
        wanted = _normal(game_id, game, data, state)
        assert set(wanted) <= listed, (data, wanted)
