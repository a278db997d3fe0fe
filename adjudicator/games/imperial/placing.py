"""Where each listed action acts on the board, and what may be chosen inside it.

``place`` gives a picture what to mark: the piece a move takes (as the state names it:
nation, kind, region) and the places it goes to or acts on, as the move names them.
``choose`` says what an import entry leaves open: up to 3 units, 1M each, among the home
provinces where the nation may place them (fleets only in ports), so that an import of
several units is reachable from the one-unit entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import board
from .destinations import occupied_homes
from .logic import supply_left
from .models import State

#: The most units one import brings (IM-505).
IMPORT_MOST = 3


def _piece(nation: str, kind: str, region: str) -> dict[str, str]:
    return {"nation": nation, "kind": kind, "region": region}


def _maneuver(data: Mapping[str, Any]) -> dict[str, Any]:
    nation = data["nation"]
    if data.get("fleets"):
        step = data["fleets"][0]
        return {"piece": _piece(nation, "fleet", step["from"]), "to": [step["to"]]}
    if data.get("armies"):
        route = data["armies"][0]["route"]
        return {"piece": _piece(nation, "army", route[0]), "to": [route[-1]]}
    if data.get("stances"):
        region = data["stances"][0]["region"]
        return {"piece": _piece(nation, "army", region), "to": [region]}
    regions = [b["region"] for b in data.get("battles") or ()] + list(data.get("destroy") or ())
    return {"piece": None, "to": regions}


def place(state: State, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The piece a listed action moves and the places it acts on (``None``: no place)."""
    kind = data["type"]
    if kind == "maneuver":
        return _maneuver(data)
    if kind == "import":
        return {"piece": None, "to": [u["region"] for u in data.get("units") or ()]}
    if kind == "factory" and data.get("region"):
        return {"piece": None, "to": [data["region"]]}
    return None


def import_choices(state: State, nation: str) -> list[dict[str, Any]]:
    """Each unit an import may bring, where it may go, with its cost."""
    b = board()
    blocked = occupied_homes(state, b)
    found: list[dict[str, Any]] = []
    for region in b.homes_of[nation]:
        if region in blocked:
            continue
        kinds = ("army", "fleet") if b.is_port(region) else ("army",)
        found += [
            {"kind": k, "region": region, "cost": 1}
            for k in kinds
            if supply_left(state, nation, k) > 0
        ]
    return found


def choose(state: State, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """What an import entry leaves to choose: its ``units``, up to ``most`` among ``among``."""
    if data["type"] != "import" or not data.get("units"):
        return None
    nation = data["nation"]
    most = min(IMPORT_MOST, state.nations[nation].treasury)
    return {"field": "units", "most": most, "among": import_choices(state, nation)}
