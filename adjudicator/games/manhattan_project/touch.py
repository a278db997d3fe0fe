"""The Manhattan Project's moves on its picture (see :mod:`adjudicator.core.touch`).

On the check page a tap with a brush changes the state there (:func:`tap`): a worker put
on a space or a building or taken off, a market building bought for a player.

On the dispute page the places: a central board space (``space:reactor``), a player's building
(``building:red:2``), a player's aircraft (``aircraft:red:fighters``, what a fighter
attack destroys) and a market slot (``market:3``). A tap on a space puts the worker there
(an air-strike space or Construction changes the kind of move); on a building, in an air
strike, bombs it, in a repair repairs it, else places workers on it; on an aircraft
attacks it with a fighter; on a market slot builds that card.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_
from ...core.present import translator
from ...core.touch import Touch
from .models import SPACES, SimpleSpace
from .moves import book

_t = translator("manhattan-project")
AIR = ("air_strike_1", "air_strike_2")
SIMPLE: tuple[str, ...] = SimpleSpace.__args__  # type: ignore[attr-defined]


def active_colour(state: Any) -> str:
    return str(state.turn.active)


def places(state: Any, move: dict[str, Any]) -> list[str]:
    """The places a move names: its space first, then what it acts on (said by its kind,
    :mod:`.moves`)."""
    return book.places(state, move)


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

# --- the check page: what a tap with a brush does to the state ------------------------------

#: A brush: the worker a tap puts ("Red laborer", 「紅色勞工」).
BRUSH = N_("{colour} {kind}")


#: A brush: a market building bought (it goes to the player; the market slides down).
BUY = N_("{colour} buys the building tapped in the market")
REMOVE = N_("Remove the last worker from the space or building tapped")


def brushes(data: Any, name: Any, lang: str) -> list[tuple[str, str]]:
    """What a tap on the picture does: put a worker of a kind (a player's or a contractor)
    on a space or a building, take one off, or buy a market building for a player."""
    players = data.get("players")
    if not isinstance(players, list):  # a malformed state: its errors are shown, not brushes
        players = []
    colours = [p.get("colour") for p in players if isinstance(p, dict)]
    colours = [c for c in colours if isinstance(c, str)]
    found = []
    for colour in [*colours, "grey"]:
        for kind in ("laborer", "engineer", "scientist"):
            words = _t(lang, BRUSH, colour=name("colour", colour), kind=name("worker", kind))
            found.append((f"{colour} {kind}", words))
    found.append(("remove", _t(lang, REMOVE)))
    found += [(f"buy {c}", _t(lang, BUY, colour=name("colour", c))) for c in colours]
    return found


def buy(data: Any, slot: int, colour: str) -> str:
    """The market's building at ``slot`` goes to the player ``colour``; the dearer ones
    slide down a slot and the dearest slot waits, empty, for the card that refills it,
    drawn from the building deck (one card fewer there)."""
    market, players = data.get("market"), data.get("players")
    players = [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []
    buyer = next((p for p in players if p.get("colour") == colour), None)
    if not isinstance(market, list) or buyer is None or not 0 <= slot < len(market):
        return ""
    card = market.pop(slot)
    if not isinstance(card, dict):
        market.insert(slot, card)
        return ""
    buyer.setdefault("buildings", []).append(card)  # (a starting card stays one: its back)
    market.append(None)
    deck = data.get("building_deck")
    if isinstance(deck, int) and not isinstance(deck, bool) and deck > 0:
        data["building_deck"] = deck - 1  # the card that refills the market is drawn
    return f"/market/{len(market) - 1}"


def take_off(node: Any, path: str) -> str:
    """The last worker off a space's or a building's list of pieces."""
    if isinstance(node, list) and node:
        node.pop()
        return path
    return ""


def tap(data: Any, path: str, brush: str) -> str:
    """Put the worker ``brush`` ("red laborer") on the board space or building at ``path``;
    the pointer of the new piece ("" when nothing was put)."""
    colour, _, kind = brush.partition(" ")
    parts = path.strip("/").split("/")
    node: Any = data
    if parts[:1] == ["market"] and len(parts) == 2 and colour == "buy" and parts[1].isdigit():
        return buy(data, int(parts[1]), kind)
    if parts[:1] == ["board"] and len(parts) == 2 and isinstance(data.get("board"), dict):
        node = data["board"].setdefault(parts[1], [])
    elif parts[:1] == ["players"] and len(parts) == 4 and parts[2] == "buildings":
        try:
            node = data["players"][int(parts[1])]["buildings"][int(parts[3])]
            node = node.setdefault("occupants", [])
            path += "/occupants"
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return ""
    else:
        return ""
    if brush == "remove":
        return take_off(node, path)
    if isinstance(node, list) and kind in ("laborer", "engineer", "scientist") and colour:
        node.append({"kind": kind, "colour": colour})
        return f"{path}/{len(node) - 1}"
    return ""


TOUCH = Touch(
    places=places, put=put, fills=("worker", "space", "workers", "cost", "output"), same=("worker",)
)
