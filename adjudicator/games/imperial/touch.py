"""Imperial's moves on its map (see :mod:`adjudicator.core.touch`).

Every region and sea is a place (``region:tunis``). In a maneuver, a tap on a region with
one of the nation's armies (a sea: a fleet) picks that unit; the next taps draw its route
region by region (an army's route may cross seas by convoy, or its home by rail). In a
Factory turn a tap picks the site; in an Import turn each tap places one unit.
"""

from __future__ import annotations

from typing import Any

from ...core.touch import Touch
from .board import board
from .logic import action_of
from .models import RONDEL
from .moves import book, factory, imports, maneuver
from .moves.maneuver import step_of

#: What a tap on a region does to a move of each kind (the kind's own ``tap``); on any
#: other move, a tap on a unit of the nation starts that unit's maneuver.
TAPS = {k.KIND.type: k.tap for k in (factory, imports, maneuver)}


def places(state: Any, move: dict[str, Any]) -> list[str]:
    """The places a move names (each kind's own: :mod:`.moves`)."""
    return book.places(state, move)


def put(state: Any, move: dict[str, Any], place: str) -> dict[str, Any] | None:
    """The move after a tap on ``place`` (``None``: the tap means nothing for it)."""
    what, _, region = place.partition(":")
    if what == "rondel" and region in RONDEL:  # the action of that space, for the nation
        kept = {"nation": move["nation"]} if move.get("nation") else {}
        return {"type": action_of(region), **kept, "space": region}
    if what != "region" or region not in board().regions:
        return None
    tap = TAPS.get(move.get("type"))
    if tap is not None:
        return tap(state, move, region)
    return maneuver.start(state, move, region)  # a tap on one of the nation's units


def adopt(move: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """A legal option for the step being entered, in place of that step (the other units'
    steps of the maneuver, and its battles, kept)."""
    step = step_of(move)
    if move.get("type") != maneuver.KIND.type or step is None:
        return option
    merged = {**move, **{k: v for k, v in option.items() if k not in ("armies", "fleets")}}
    kind, number = step
    chosen = (option.get(kind) or [None])[0]
    if chosen is None:
        return option
    merged[kind] = [*move[kind][:number], chosen, *move[kind][number + 1 :]]
    battles = [*(move.get("battles") or []), *(option.get("battles") or [])]
    if battles:
        merged["battles"] = battles
    return merged


def fits(move: dict[str, Any], option: dict[str, Any]) -> bool:
    """An army's step goes on with an army's option, a fleet's with a fleet's (an army and
    a fleet may stand in the same port)."""
    step, other = step_of(move), step_of(option)
    return step is None or other is None or step[0] == other[0]


TOUCH = Touch(places=places, put=put, fills=("nation", "space"), same=("nation",),
              adopt=adopt, fits=fits)  # fmt: skip
