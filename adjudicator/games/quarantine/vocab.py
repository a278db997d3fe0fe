"""The words of Quarantine's messages: entity names from the glossary, cube lists, and
places on a hospital's grid named as a player says them.

A square is named by its row, counted from 1 at the top (north) edge of the hospital, and
its column, counted from 1 at the left (west) edge. An empty square is named by the tile
beside it ("above the tile at row 1, column 2"), so that no place is ever row 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.i18n import N_, Listed, Localized, Message, N_plural, Name, Plural

DOMAIN = "quarantine"
Pos = tuple[int, int]


def colour(c: str | None, form: str = "") -> Name:
    """A cube or room colour; ``form`` agrees it with its noun (cube, cubes, room...)."""
    return Name(DOMAIN, "colour", c or "", form)


def room(kind: str, form: str = "") -> Name:
    """A tile kind: the lobby, a treatment room or a special room."""
    return Name(DOMAIN, "room", "treatment" if kind == "treatment" else kind, form)


def say(template: str | Plural, **params: object) -> Message:
    """A message of this game's domain (as ``checks.message``, for modules below the checks)."""
    return Message(DOMAIN, template, params)


def move_name(move_type: str) -> Name:
    return Name(DOMAIN, "move", move_type)


def cubes_of(c: str, count: int) -> Message:
    """``count`` cubes of colour ``c``: "2 red cubes"."""
    form = "cube" if count == 1 else "cubes"
    return Message(
        DOMAIN,
        N_plural("{count} {colour} cube", "{count} {colour} cubes"),
        {"count": count, "colour": colour(c, form)},
    )


def cube_list(heap: object, colours: Iterable[str]) -> Localized:
    """The cubes of a heap (``Cubes``), colour by colour, joined as the reader's language
    joins a list: "2 red cubes and 1 grey cube" ("no cube" for none)."""
    parts = tuple(cubes_of(c, getattr(heap, c)) for c in colours if getattr(heap, c))
    return Listed(parts) if parts else Message(DOMAIN, N_("no cube"), {})


def _frame(tiles: Iterable[Pos]) -> tuple[int, int]:
    """The west edge and the north edge of a hospital."""
    spots = list(tiles)
    return min(x for x, _ in spots), max(y for _, y in spots)


def _grid(tiles: Iterable[Pos], pos: Pos) -> dict[str, int]:
    west, north = _frame([*tiles, pos])
    return {"row": north - pos[1] + 1, "column": pos[0] - west + 1}


#: How an empty square is named from the tile beside it (the side of that tile it lies on).
_BESIDE = {
    (0, 1): N_("above the tile at row {row}, column {column}"),
    (1, 0): N_("right of the tile at row {row}, column {column}"),
    (0, -1): N_("below the tile at row {row}, column {column}"),
    (-1, 0): N_("left of the tile at row {row}, column {column}"),
}


def at(tiles: Iterable[Pos], pos: Pos) -> Message:
    """Where ``pos`` is in a hospital whose tiles lie at ``tiles``: "at row 2, column 3"
    for a tile, "above the tile at row 1, column 2" for an empty square beside one."""
    spots = set(tiles)
    if pos in spots or not spots:
        return Message(DOMAIN, N_("at row {row}, column {column}"), _grid(spots or {pos}, pos))
    for (dx, dy), template in _BESIDE.items():
        nxt = (pos[0] - dx, pos[1] - dy)
        if nxt in spots:
            return Message(DOMAIN, template, _grid(spots, nxt))
    return Message(DOMAIN, N_("at row {row}, column {column}"), _grid(spots, pos))


def square(state: Any, data: dict[str, Any]) -> Message | None:
    """The square a move names (``at`` or ``corner``) on its player's hospital, in words."""
    player = state.player(data.get("player") or "")
    where = data.get("at") or data.get("corner")
    if not where or player is None:
        return None
    return at([(t.x, t.y) for t in player.hospital], (where[0], where[1]))
