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


def nation_of(state: Any, move: dict[str, Any]) -> str:
    return str(move.get("nation") or state.turn or "")


def step_of(move: dict[str, Any]) -> tuple[str, int] | None:
    """The unit step being entered: one whose route is not finished, else the last one."""
    armies = [a for a in move.get("armies") or [] if isinstance(a, dict)]
    fleets = [f for f in move.get("fleets") or [] if isinstance(f, dict)]
    for number, army in enumerate(armies):
        if len(army.get("route") or []) < 2:
            return "armies", number
    for number, fleet in enumerate(fleets):
        if not fleet.get("to"):
            return "fleets", number
    if armies:
        return "armies", len(armies) - 1
    if fleets:
        return "fleets", len(fleets) - 1
    return None


def places(state: Any, move: dict[str, Any]) -> list[str]:
    """The places a move names: the unit's region first, then its route."""
    kind = move.get("type")
    if kind == "factory":
        return [f"region:{move['region']}"] if move.get("region") else []
    if kind == "import":
        units = [u for u in move.get("units") or [] if isinstance(u, dict)]
        return [f"region:{u.get('region')}" for u in units]
    if kind != "maneuver":
        return []
    step = step_of(move)
    if step is None:
        return []
    unit = move[step[0]][step[1]]
    regions = unit.get("route") or [] if step[0] == "armies" else [unit.get("from"), unit.get("to")]
    return [f"region:{r}" for r in regions if r]


def has_unit(state: Any, nation: str, kind: str, region: str) -> bool:
    return any((u.nation, u.kind, u.region) == (nation, kind, region) for u in state.units)


def started(move: dict[str, Any]) -> set[str]:
    """The regions the maneuver's units start from."""
    found = {(a.get("route") or [""])[0] for a in move.get("armies") or [] if isinstance(a, dict)}
    return found | {str(f.get("from")) for f in move.get("fleets") or [] if isinstance(f, dict)}


def put_maneuver(state: Any, move: dict[str, Any], region: str) -> dict[str, Any] | None:
    step, nation = step_of(move), nation_of(state, move)
    if step is not None:
        unit = move[step[0]][step[1]]
        if step[0] == "fleets" and not unit.get("to"):
            unit["to"] = region
            return move
        if step[0] == "armies" and len(unit.get("route") or []) < 2:
            unit.setdefault("route", []).append(region)
            return stance(move, unit, nation)
    if region not in started(move):
        if has_unit(state, nation, "army", region):
            move.setdefault("armies", []).append({"route": [region]})
            return move
        if has_unit(state, nation, "fleet", region):
            move.setdefault("fleets", []).append({"from": region})
            return move
    if step is not None and step[0] == "armies":
        unit = move["armies"][step[1]]
        unit["route"].append(region)  # the route goes on, region by region
        return stance(move, unit, nation)
    return None


def stance(move: dict[str, Any], army: dict[str, Any], nation: str) -> dict[str, Any]:
    """An army that ends in another nation's home province must say how it stands: hostile
    unless the move says otherwise (the form offers both, and the options list both)."""
    owner = board().home.get(army["route"][-1])
    if owner and owner != nation:
        army.setdefault("stance", "hostile")
    else:
        army.pop("stance", None)
    return move


def put(state: Any, move: dict[str, Any], place: str) -> dict[str, Any] | None:
    """The move after a tap on ``place`` (``None``: the tap means nothing for it)."""
    what, _, region = place.partition(":")
    if what == "rondel" and region in RONDEL:  # the action of that space, for the nation
        kept = {"nation": move["nation"]} if move.get("nation") else {}
        return {"type": action_of(region), **kept, "space": region}
    if what != "region" or region not in board().regions:
        return None
    kind = move.get("type")
    if kind == "factory":
        move["region"] = region
        return move
    if kind == "import":
        unit = "fleet" if region in board().seas else "army"
        move.setdefault("units", []).append({"kind": unit, "region": region})
        return move
    if kind != "maneuver":  # a tap on one of the nation's units: that unit's maneuver
        nation = nation_of(state, move)
        if not any(has_unit(state, nation, unit, region) for unit in ("army", "fleet")):
            return None
        move = {"type": "maneuver", **({"nation": move["nation"]} if move.get("nation") else {})}
    return put_maneuver(state, move, region)


def adopt(move: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """A legal option for the step being entered, in place of that step (the other units'
    steps of the maneuver, and its battles, kept)."""
    step = step_of(move)
    if move.get("type") != "maneuver" or step is None:
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


TOUCH = Touch(places=places, put=put, fills=("nation", "space"), same=("nation",),
              adopt=adopt)  # fmt: skip
