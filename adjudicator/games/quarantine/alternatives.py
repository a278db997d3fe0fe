"""The legal alternatives to an illegal move: every tile a grey cube may go to, the squares
where a tile fits, and otherwise legal moves of the same kind as the playouts draw them."""

from __future__ import annotations

import random
from typing import Any

from ...core.i18n import N_
from ...core.verdicts import Alternative
from . import vocab as words
from .geometry import SIDES, layout, neighbour
from .models import State
from .moves import TilePlacement, book
from .moves.place_grey import PlaceGrey, grey_targets
from .rules import checks
from .rules.common import active
from .sampler import sample_moves

#: At most this many alternatives of a grey cube's tile or a tile's square.
MOST = 10


def _grey_tiles(state: State, move: PlaceGrey) -> list[Alternative]:
    found: list[Alternative] = []
    for i, p in enumerate(state.players):
        for x, y in grey_targets(state, i):
            data = {"type": move.type, "player": p.name, "at": [x, y]}
            said = checks.message(
                N_("Put the grey cube on {player}'s tile {place}."),
                player=p.name,
                place=words.at(layout(state, i).tiles, (x, y)),
            )
            found.append(Alternative(data, said))
            if len(found) >= MOST:
                return found
    return found


def _tile_squares(state: State, move: Any) -> list[Alternative]:
    """The first rotation that fits on each free square beside the hospital."""
    i, _ = active(state)
    lay = layout(state, i)
    base: dict[str, Any] = move.model_dump(mode="json")
    spots = sorted({neighbour(p, side) for p in lay.tiles for side in SIDES} - set(lay.tiles))
    found: list[Alternative] = []
    for x, y in spots:
        for rotation in (0, 90, 180, 270):
            cand: dict[str, Any] = {**base, "at": [x, y], "rotation": rotation}
            if book.is_legal(state, cand):
                said = checks.message(
                    N_("Place the tile {place}, turned {rotation} degrees."),
                    place=words.at(lay.tiles, (x, y)),
                    rotation=rotation,
                )
                found.append(Alternative(cand, said))
                break
        if len(found) >= MOST:
            break
    return found


def alternatives(state: State, move: Any) -> list[Alternative]:
    if isinstance(move, PlaceGrey) and not state.round.first_round:
        return _grey_tiles(state, move)
    if isinstance(move, TilePlacement) and move.at is not None:
        return _tile_squares(state, move)
    return [
        Alternative(data, book.describe(state, data))
        for data in sample_moves(state, random.Random(0), limit=5, types={move.type})
    ]
