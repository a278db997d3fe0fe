"""What the special rooms' own actions do to the table (the moves of section ``special``:
the Pharmacy, Pathology, the Gift Shop and the Cafeteria); ``engine.apply`` calls these."""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message, N_plural
from . import vocab as words
from .geometry import Layout, tile_at
from .models import Player, State
from .rules import checks
from .rules.common import as_pos


def pharmacy(s: State, me: Player, move: Any) -> list[Message]:
    cube = me.line.pop(0)
    setattr(me.supply, cube, me.supply.get(cube) + 1)
    return [
        checks.message(
            N_("Pharmacy: the first patient in line, a {colour} one, is treated."),
            colour=words.colour(cube, "patient"),
        )
    ]


def pathology(s: State, me: Player, move: Any) -> list[Message]:
    s.round.pathology_used = True
    target = s.players[s.index(move.player)]
    n = 0
    for pos in Layout.station_tiles(as_pos(move.corner)):
        tile = tile_at(target, pos)
        if tile is not None and tile.grey:
            tile.grey = False
            n += 1
    if move.keep:
        me.supply.grey += 1
        s.grey_supply += n - 1
    else:
        s.grey_supply += n
    return [
        checks.message(
            N_plural(
                "Pathology removes {count} grey cube.", "Pathology removes {count} grey cubes."
            ),
            count=n,
        )
    ]


def gift_shop(s: State, me: Player, move: Any) -> list[Message]:
    if s.box is not None:
        setattr(s.box, move.colour, s.box.get(move.colour) - 1)
    setattr(me.supply, move.colour, me.supply.get(move.colour) + 1)
    return [
        checks.message(
            N_("{player} takes a spent {colour} cube from the box."),
            player=me.name,
            colour=words.colour(move.colour, "cube"),
        )
    ]


def cafeteria(s: State, me: Player, move: Any) -> list[Message]:
    s.round.cafeteria_used = True
    if move.source is None:
        s.marker_supply -= 1
    else:
        s.players[s.index(move.source)].markers -= 1
    me.markers += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]
