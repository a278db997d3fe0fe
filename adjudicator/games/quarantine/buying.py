"""The market's part of the options list: contracts, special rooms and extra treatment rooms
bought, contracts claimed, each with a payment the active player can make and a place for
the new tile (kept beside the hospital while there is room, else the first square where
it is legal). :mod:`.options` lists these with the other kinds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .alternatives import is_legal
from .data import offers
from .geometry import OPPOSITE, SIDES, Layout, layout, neighbour
from .models import COLOURS, SPECIAL_KINDS, Cubes, State
from .rules.common import active

Candidate = dict[str, Any]


ALL_DOORS = ["N", "E", "S", "W"]
"""The doors given to a tile whose printed doors the list cannot know."""


def _first_coloured(supply: Cubes, n: int) -> dict[str, int] | None:
    """``n`` patient cubes of the supply, taken colour by colour (``None``: too few)."""
    pay: dict[str, int] = {}
    for colour in COLOURS:
        take = min(supply.get(colour), n - sum(pay.values()))
        if take:
            pay[colour] = take
    return pay if sum(pay.values()) == n else None


def _payment(state: State, price: Cubes | None, n: int) -> dict[str, int] | None:
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
        pay = _first_coloured(me.supply, min(n, me.supply.coloured())) or {}
    short = n - sum(pay.values())
    if short and lay.working("lab") and me.supply.grey >= 2 * short:
        pay["grey"] = 2 * short
        short = 0
    return None if short else {c: k for c, k in pay.items() if k}


def contracts(state: State) -> Iterator[Candidate]:
    price = _first_coloured(active(state)[1].supply, 2)
    if price is None:
        return
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS and stack.count and not stack.price.total():
            yield {"type": "contract", "kind": stack.kind, "price": price}


def _placed(state: State, move: Candidate, kept: bool) -> Iterator[Candidate]:
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
        if is_legal(state, placed):
            yield placed
            return


def buy_special(state: State) -> Iterator[Candidate]:
    for seller, kind, price in offers(state):
        pay = _payment(state, price, price.total())
        if pay is not None and kind not in state.round.bought_special:
            move = {"type": "buy_special", "kind": kind, "seller": seller, "pay": pay}
            yield from _placed(state, {**move, "doors": ALL_DOORS}, kept=True)


def buy_treatment(state: State) -> Iterator[Candidate]:
    """Each colour on offer, on the first square where an extra treatment room fits: the
    square does not depend on the colour, so it is searched once."""
    pay = _payment(state, None, 2)
    colours = [
        s.colour
        for s in state.market
        if s.kind == "treatment" and s.count and s.colour not in state.round.bought_treatment
    ]
    if pay is None or not colours:
        return
    move = {"type": "buy_treatment", "colour": colours[0], "pay": pay, "doors": ALL_DOORS}
    for placed in _placed(state, move, kept=False):
        for colour in colours:
            yield {**placed, "colour": colour}


def claims(state: State) -> Iterator[Candidate]:
    for c in active(state)[1].contracts:
        if c.claimable and c.count:
            move = {"type": "claim_contract", "kind": c.kind, "doors": ALL_DOORS}
            yield from _placed(state, move, kept=True)


def _faces(lay: Layout, pos: tuple[int, int], side: str) -> bool:
    """Whether the tile on ``side`` of the square ``pos`` has a door facing it."""
    other = neighbour(pos, side)
    return other in lay.tiles and OPPOSITE[side] in lay.doors[other]


def _spots(state: State, index: int) -> list[tuple[int, int]]:
    tiles = layout(state, index).tiles
    return sorted({neighbour(p, side) for p in tiles for side in SIDES} - set(tiles))
