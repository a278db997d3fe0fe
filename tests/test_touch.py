"""Issue 26: the places the dispute page's picture marks for a piece are exactly the
destinations "What may I do?" lists for it, over states from random playouts; and a tap
on a marked place fills in a legal move, on an unmarked one still asks.

The expected destinations are read from the listed moves' own fields (an army's route's
last region, a worker's space, a grey cube's tile), not through the games' ``touch.py``;
the marks are read from the picture's HTML, so that a destination the picture does not
draw fails too.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from adjudicator.core import touch
from adjudicator.games import get_game
from web import create_app
from web.pictures.places import move_picture

GAMES = ("manhattan-project", "imperial", "quarantine")


def playout(game_id: str, seed: int, steps: int = 24, every: int = 6) -> list[Any]:
    """States of a random playout of the game's sampler (every ``every``-th one)."""
    game = get_game(game_id)
    assert game.sampler is not None
    rng = random.Random(seed)
    state = game.parse_state(game.sampler.setup(rng))
    found = [state]
    for step in range(steps):
        moves = game.sampler.sample_moves(state, rng)
        if not moves:
            break
        state, _ = game.apply(state, game.parse_move(rng.choice(moves[:3])))
        state = game.parse_state(state.model_dump(mode="json"))
        if step % every == every - 1:
            found.append(state)
    return found


def marked(game: Any, state: Any, move: dict[str, Any], mark: str = touch.LEGAL) -> set[str]:
    """The places the dispute page's picture draws with ``mark`` while ``move`` is entered."""
    app = create_app({"TESTING": True})
    with app.test_request_context(f"/en/{game.id}/move"):
        html = str(move_picture(game, state.model_dump(mode="json"), move, []))
    found = re.findall(r'data-place="([^"]+)" class="place ([a-z]*)"', html)
    return {place for place, kind in found if kind == mark}


def pieces(game: Any, state: Any) -> list[tuple[dict[str, Any], set[str]]]:
    """Each piece's move being entered, with the destinations the options list for it."""
    listed = [dict(a.move) for a in game.legal_actions(state).actions]
    found: list[tuple[dict[str, Any], set[str]]] = []
    if game.id == "manhattan-project":
        central = [m for m in listed if m["type"] == "place_central"]
        for worker in {json.dumps(m["worker"], sort_keys=True) for m in central}:
            spaces = {f"space:{m['space']}" for m in central
                      if json.dumps(m["worker"], sort_keys=True) == worker}  # fmt: skip
            found.append(({"type": "place_central", "worker": json.loads(worker)}, spaces))
    elif game.id == "imperial":
        maneuvers = [m for m in listed if m["type"] == "maneuver"]
        routes = [a["route"] for m in maneuvers for a in m.get("armies", [])]
        for start in {r[0] for r in routes}:
            ends = {f"region:{r[-1]}" for r in routes if r[0] == start}
            found.append(({"type": "maneuver", "armies": [{"route": [start]}]}, ends))
        fleets = [f for m in maneuvers for f in m.get("fleets", [])]
        for start in {f["from"] for f in fleets}:
            ends = {f"region:{f['to']}" for f in fleets if f["from"] == start}
            found.append(({"type": "maneuver", "fleets": [{"from": start}]}, ends))
    else:
        tiles = {f"tile:{m['player']}:{m['at'][0]}:{m['at'][1]}" for m in listed
                 if m["type"] == "place_grey" and m.get("at")}  # fmt: skip
        if tiles:
            found.append(({"type": "place_grey"}, tiles))
    return found


@pytest.mark.playout
@pytest.mark.parametrize("game_id", GAMES)
def test_marked_places_are_the_listed_destinations(game_id: str) -> None:
    game = get_game(game_id)
    checked = 0
    steps, every = (60, 10) if game_id == "imperial" else (24, 6)  # (a fleet in a port)
    for state in [*playout(game_id, 1, steps, every), *playout(game_id, 2, steps, every)]:
        for move, destinations in pieces(game, state):
            assert marked(game, state, move) == destinations, move
            checked += 1
    if game_id != "quarantine":  # (a playout may draw no grey cube)
        assert checked, "no piece with a listed destination in these playouts"


def test_an_army_and_a_fleet_in_one_port_are_marked_apart() -> None:
    """Imperial: with an army and a fleet of Italy in Venice, the army's step marks where
    the army may go (not the fleet's sea), the fleet's where the fleet may (not the army's
    regions); convoy seas are waypoints of a route, never an army's destination."""
    game = get_game("imperial")
    data = game.example("mid-game")
    data["turn"] = "IT"
    data["units"].append({"nation": "IT", "kind": "fleet", "region": "venice", "count": 1})
    state = game.parse_state(data)
    moves = {json.dumps(move, sort_keys=True): ends for move, ends in pieces(game, state)}
    army = {"type": "maneuver", "armies": [{"route": ["venice"]}]}
    fleet = {"type": "maneuver", "fleets": [{"from": "venice"}]}
    assert marked(game, state, army) == moves[json.dumps(army, sort_keys=True)]
    assert "region:ionian_sea" not in marked(game, state, army)
    assert marked(game, state, fleet) == {"region:ionian_sea"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tap_on_a_marked_place_fills_a_legal_move(game_id: str) -> None:
    game = get_game(game_id)
    state = game.parse_state(game.example("mid-game"))
    listed = {repr(sorted(dict(a.move).items())) for a in game.legal_actions(state).actions}
    for move, destinations in pieces(game, state)[:3]:
        for place in sorted(destinations)[:4]:
            filled, complete = touch.tap(game, state, move, place)
            assert complete
            assert repr(sorted(filled.items())) in listed, (move, place, filled)


def test_an_unmarked_tap_still_asks() -> None:
    """Imperial: Greece's army tapped to Moscow (not marked): the move is made and
    decided illegal, with the rule that says why (ending in Russia's home, the army says
    it stands hostile, which the form can change)."""
    game = get_game("imperial")
    state = game.parse_state(game.example("mid-game"))
    move = {"type": "maneuver", "armies": [{"route": ["greece"]}]}
    assert "region:moscow" not in marked(game, state, move)
    filled, complete = touch.tap(game, state, move, "region:moscow")
    assert complete
    assert filled["armies"] == [{"route": ["greece", "moscow"], "stance": "hostile"}]
    assert filled["nation"] == "AH"
    verdict = game.adjudicate(game.example("mid-game"), filled)
    assert not verdict.legal and verdict.violations


@pytest.mark.parametrize("game_id", GAMES)
def test_the_dispute_picture_has_twenty_places(game_id: str) -> None:
    """Each place is a named button (keyboard and screen reader) that the form's script
    turns into a tap; at least 20 on each game's dispute page."""
    client = create_app({"TESTING": True}).test_client()
    html = client.get(f"/el/{game_id}/move?example=mid-game").get_data(as_text=True)
    places = re.findall(r'<a href="#move-form" role="button" data-place="([^"]+)"', html)
    assert len(set(places)) >= 20, len(set(places))
    unnamed = re.findall(r'data-place="[^"]+" class="place [a-z]*">', html)
    assert not unnamed  # every place has its aria-label


def market_stacks(move: dict[str, Any]) -> str:
    if move["type"] == "buy_treatment":
        return f"market:treatment:{move['colour']}"
    return f"market:{move['kind']}"


@pytest.mark.playout
@pytest.mark.parametrize("seed", [1, 2, 4])
def test_market_stacks_marked_are_the_listed_purchases(seed: int) -> None:
    """Quarantine: with a kind of purchase chosen, the market stacks marked are those the
    options list a purchase from; a tap on one, whatever kind was chosen, fills in a listed
    purchase."""
    game = get_game("quarantine")
    checked = 0
    for state in playout("quarantine", seed, steps=60, every=4):
        for kind in ("buy_special", "buy_treatment"):
            listed = [dict(a.move) for a in game.legal_actions(state, kind).actions]
            listed = [m for m in listed if not m.get("seller")]
            assert marked(game, state, {"type": kind}) == {market_stacks(m) for m in listed}
            for move in listed[:2]:
                filled, complete = touch.tap(game, state, {"type": "place_grey"},
                                             market_stacks(move))  # fmt: skip
                assert complete and filled in listed, filled
                checked += 1
    assert checked, "no purchase in these playouts"
