"""What the market's moves are offered with, in the options list and in playouts: a payment
the active player can make, a place for the new tile (kept beside the hospital while there
is room, else the first square where it is legal) and the tile itself."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core.i18n import Localized
from ...core.moves import MoveKind
from .geometry import OPPOSITE, SIDES, Layout, layout, neighbour
from .models import COLOURS, Colour, Cubes, LooseTile, State, TileKind
from .rules.common import active, cubes_named

Candidate = dict[str, Any]


ALL_DOORS = ["N", "E", "S", "W"]
"""The doors given to a tile whose printed doors the list cannot know."""


def first_coloured(supply: Cubes, n: int) -> dict[str, int] | None:
    """``n`` patient cubes of the supply, taken colour by colour (``None``: too few)."""
    pay: dict[str, int] = {}
    for colour in COLOURS:
        take = min(supply.get(colour), n - sum(pay.values()))
        if take:
            pay[colour] = take
    return pay if sum(pay.values()) == n else None


def payment(state: State, price: Cubes | None, n: int) -> dict[str, int] | None:
    """A payment the active player can make: ``price`` exactly, or with a working Purchasing
    (or for an extra treatment room, ``price=None``) any ``n`` cubes; a working Lab turns
    pairs of grey cubes into the cubes that are missing."""
    i, me = active(state)
    lay = layout(state, i)
    exact = price is not None and not lay.working("purchasing")
    pay: dict[str, int]
    if exact and price is not None:
        pay = {c: min(me.supply.get(c), price.get(c)) for c in COLOURS}
    else:
        pay = first_coloured(me.supply, min(n, me.supply.coloured())) or {}
    short = n - sum(pay.values())
    if short and lay.working("lab") and me.supply.grey >= 2 * short:
        pay["grey"] = 2 * short
        short = 0
    return None if short else {c: k for c, k in pay.items() if k}


def placed(kind: MoveKind[Any], state: State, move: Candidate, kept: bool) -> Iterator[Candidate]:
    """``move`` with its new tile kept beside the hospital (``kept``, while fewer than two
    are kept there), else on the first free square where it is legal."""
    i, me = active(state)
    if kept and len(me.set_aside) < 2:
        yield {**move, "at": None}
        return
    lay = layout(state, i)
    spots = _spots(state, i)
    if not lay.working("helipad"):  # a tile with doors all round joins where a door faces it
        spots = [p for p in spots if any(_faces(lay, p, side) for side in SIDES)]
    for x, y in spots:
        placed = {**move, "at": [x, y], "rotation": 0}
        if kind.is_legal(state, placed):
            yield placed
            return


def _faces(lay: Layout, pos: tuple[int, int], side: str) -> bool:
    """Whether the tile on ``side`` of the square ``pos`` has a door facing it."""
    other = neighbour(pos, side)
    return other in lay.tiles and OPPOSITE[side] in lay.doors[other]


def _spots(state: State, index: int) -> list[tuple[int, int]]:
    tiles = layout(state, index).tiles
    return sorted({neighbour(p, side) for p in tiles for side in SIDES} - set(tiles))


def loose_tile(
    move: Any, kind: TileKind, colour: Colour | None = None, extra: bool = False
) -> LooseTile:
    return LooseTile(kind=kind, colour=colour, extra=extra, doors=list(move.doors))


def heap(data: dict[str, Any] | None) -> Localized:
    return cubes_named(Cubes.model_validate(data or {}))


#: In a sampled move, a square still to be found for the new tile (see :mod:`.sampler`).
SPOT = "?"
"""Stands for a square still to be found for a new tile."""


def cubes_of(heap: Cubes) -> list[str]:
    return [c for c in (*COLOURS, "grey") for _ in range(heap.get(c))]


def sampled_pay(supply: Cubes, n: int, rng: random.Random) -> dict[str, int] | None:
    pool = [c for c in cubes_of(supply) if c != "grey"]
    if len(pool) < n:
        return None
    picked = rng.sample(pool, n)
    return {c: picked.count(c) for c in sorted(set(picked))}


def sampled_doors(rng: random.Random) -> list[str]:
    return rng.sample(list(SIDES), rng.choice((2, 3, 3, 4)))
