"""What a player taps on the check page's picture to add a piece, as the entry driver
(tests/browser/entry.py) does before it falls back on the form: for an item to add to a
list of the state, the brush to choose ("What a tap on the picture does") and the place
of the picture to tap (its ``data-tap``), or ``None`` when the picture does not add it.

Each game's brushes are its ``present.brushes`` / ``present.tap`` (MP workers on a board
space or a building; Imperial armies, fleets, flags and factories in a region; Quarantine
patients on a hospital tile, a new tile on a free cell)."""

from __future__ import annotations

from typing import Any

from web import forms

#: (brush, place): choose the brush, then tap the place.
Tap = tuple[str, str]


def manhattan_project(parts: list[str], item: Any) -> Tap | None:
    if not isinstance(item, dict) or set(item) - {"kind", "colour"}:
        return None
    brush = f"{item.get('colour')} {item.get('kind')}"
    if len(parts) == 2 and parts[0] == "board":
        return brush, "/" + "/".join(parts)
    if len(parts) == 5 and parts[0] == "players" and parts[2:5:2] == ["buildings", "occupants"]:
        return brush, "/" + "/".join(parts[:4])
    return None


def imperial(parts: list[str], item: Any) -> Tap | None:
    if parts == ["units"] and isinstance(item, dict) and item.get("kind") in ("army", "fleet"):
        return f"{item['kind']} {item.get('nation')}", f"/regions/{item.get('region')}"
    if len(parts) == 3 and parts[0] == "nations" and parts[2] == "flags":
        return f"flag {parts[1]}", f"/regions/{item}"
    factory = isinstance(item, dict) and set(item) <= {"region", "kind"}
    if len(parts) == 3 and parts[0] == "nations" and parts[2] == "factories" and factory:
        return f"{item.get('kind')} {parts[1]}", f"/regions/{item.get('region')}"
    return None


def quarantine(parts: list[str], item: Any) -> Tap | None:
    tile = len(parts) == 5 and parts[0] == "players" and parts[2] == "hospital"
    if tile and parts[4] == "patients" and isinstance(item, str):
        return f"patient {item}", "/" + "/".join(parts[:4])
    if len(parts) == 3 and parts[0] == "players" and parts[2] == "hospital":
        if not isinstance(item, dict) or not {"kind", "x", "y"} <= set(item):
            return None  # a new tile: placed on its free cell (doors towards its neighbours)
        kind = item["kind"]
        brush = f"place treatment {item.get('colour')}" if kind == "treatment" else f"place {kind}"
        return brush, f"/players/{parts[1]}/hospital/at/{item['x']}/{item['y']}"
    return None


PLANS = {"manhattan-project": manhattan_project, "imperial": imperial, "quarantine": quarantine}


def picture_tap(game_id: str, path: str, item: Any) -> Tap | None:
    """How the picture adds ``item`` to the list at ``path`` (a state pointer), if it does."""
    plan = PLANS.get(game_id)
    return plan(forms.split_pointer(path), item) if plan else None
