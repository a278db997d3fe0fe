"""The Manhattan Project's moves on its picture (see :mod:`adjudicator.core.touch`).

The places: a central board space (``space:reactor``), a player's building
(``building:red:2``), a player's aircraft (``aircraft:red:fighters``, what a fighter
attack destroys) and a market slot (``market:3``). A tap on a space puts the worker there
(an air-strike space or Construction changes the kind of move); on a building, in an air
strike, bombs it, in a repair repairs it, else places workers on it; on an aircraft
attacks it with a fighter; on a market slot builds that card.
"""

from __future__ import annotations

from typing import Any

from ...core.touch import Touch
from .models import SPACES
from .moves import SimpleSpace

AIR = ("air_strike_1", "air_strike_2")
SIMPLE: tuple[str, ...] = SimpleSpace.__args__  # type: ignore[attr-defined]


def active_colour(state: Any) -> str:
    return str(state.turn.active)


def attack_place(attack: Any) -> str:
    if not isinstance(attack, dict):
        return ""
    if attack.get("kind") == "bomber":
        return f"building:{attack.get('target')}:{attack.get('building')}"
    return f"aircraft:{attack.get('target')}:{attack.get('aircraft')}"


def repair_places(state: Any, move: dict[str, Any]) -> list[str]:
    found = [f"building:{active_colour(state)}:{j}" for j in move.get("own") or []]
    for other in move.get("others") or []:
        if isinstance(other, dict):
            found += [f"building:{other.get('player')}:{j}" for j in other.get("buildings") or []]
    return found


def places(state: Any, move: dict[str, Any]) -> list[str]:
    """The places a move names: its space first, then what it acts on."""
    kind = move.get("type")
    found = []
    if kind in ("place_central", "air_strike") and move.get("space"):
        found.append(f"space:{move['space']}")
    if kind == "air_strike":
        found += [p for p in map(attack_place, move.get("attacks") or []) if p]
    elif kind == "place_building" and move.get("building") is not None:
        found.append(f"building:{move.get('owner') or active_colour(state)}:{move['building']}")
    elif kind == "construct" and move.get("slot") is not None:
        found.append(f"market:{move['slot']}")
    elif kind == "repair":
        found += repair_places(state, move)
    return found


def of_kind(move: dict[str, Any], kind: str) -> dict[str, Any]:
    """``move`` if it is of ``kind``, else a new move of that kind (its worker kept)."""
    if move.get("type") == kind:
        return move
    kept: dict[str, Any] = {k: move[k] for k in ("player", "worker") if k in move}
    return {"type": kind, **kept}


def put_space(move: dict[str, Any], space: str) -> dict[str, Any] | None:
    if space in AIR:
        move = of_kind(move, "air_strike")
    elif space == "construction":
        return of_kind(move, "construct")
    elif space in SIMPLE:
        move = of_kind(move, "place_central")
    else:
        return None
    move["space"] = space
    return move


def put_building(state: Any, move: dict[str, Any], colour: str, number: int) -> dict[str, Any]:
    kind, mine = move.get("type"), colour == active_colour(state)
    if kind == "air_strike":
        move["attacks"] = [{"kind": "bomber", "target": colour, "building": number}]
    elif kind == "repair":
        move.pop("own" if not mine else "others", None)
        if mine:
            move["own"] = [number]
        else:
            move["others"] = [{"player": colour, "buildings": [number]}]
    else:
        move = {"type": "place_building", "building": number}
        if not mine:
            move["owner"] = colour
    return move


def put(state: Any, move: dict[str, Any], place: str) -> dict[str, Any] | None:
    """The move after a tap on ``place`` (``None``: not a place of this game)."""
    what, _, rest = place.partition(":")
    try:
        if what == "space":
            return put_space(move, rest)
        if what == "building":
            colour, _, number = rest.rpartition(":")
            return put_building(state, move, colour, int(number))
        if what == "aircraft":
            colour, _, aircraft = rest.rpartition(":")
            move = of_kind(move, "air_strike")
            move["attacks"] = [{"kind": "fighter", "target": colour, "aircraft": aircraft}]
            return move
        if what == "market":
            move = of_kind(move, "construct")
            move["slot"] = int(rest)
            return move
    except ValueError:
        return None
    return None


#: Every space of the board is a place (Construction, Repair and Design Bomb included).
BOARD_PLACES = tuple(f"space:{space}" for space in SPACES)

TOUCH = Touch(
    places=places, put=put, fills=("worker", "space", "workers", "cost", "output"), same=("worker",)
)
