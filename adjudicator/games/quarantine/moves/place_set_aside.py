# ruff: noqa: E501
"""Place a set-aside tile: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    SIDES,
    layout,
    neighbour,
    place_tile,
)
from ..models import (
    At,
    Player,
    Rotation,
    State,
    Strict,
)
from ..offers import (
    SPOT,
)
from ..rules import checks
from ..rules.common import active

Candidate = dict[str, Any]


class PlaceSetAside(Strict):
    type: Literal["place_set_aside"]
    index: Annotated[int, Field(ge=0, le=10)]
    at: At
    rotation: Rotation = 0


KIND = MoveKind(
    PlaceSetAside,
    checks,
    section="hospital",
    label=N_("Place a set-aside tile"),
    rule="QU-418",
    weight=1.0,
)


@KIND.check("QU-418", title=N_("Tiles beside the hospital"))
def set_aside_index(state: State, move: PlaceSetAside) -> Iterator[Violation]:
    _, player = active(state)
    if move.index >= len(player.set_aside):
        yield checks.violation(
            "QU-418",
            (
                N_("{player} keeps no tile beside the hospital, so there is no tile number {n}.")
                if len(player.set_aside) == 0
                else N_plural(
                    "{player} keeps only {count} tile beside the hospital, so there is no tile number {n}.",
                    "{player} keeps only {count} tiles beside the hospital, so there is no tile number {n}.",
                )
            ),
            "/move/index",
            player=player.name,
            count=len(player.set_aside),
            n=move.index + 1,
        )


@KIND.apply
def effect(s: State, me: Player, move: PlaceSetAside) -> list[Message]:
    tile = me.set_aside.pop(move.index)
    place_tile(me, tile, move.at, move.rotation)
    return [
        checks.message(
            N_("{player} places a tile of {kind} kept beside the hospital."),
            player=me.name,
            kind=words.room(tile.kind, "gen"),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    i, me = active(state)
    tiles = layout(state, i).tiles
    spots = sorted({neighbour(p, side) for p in tiles for side in SIDES} - set(tiles))
    for k in range(len(me.set_aside)):
        for x, y in spots:
            for rotation in (0, 90, 180, 270):
                yield {"type": "place_set_aside", "index": k, "at": [x, y], "rotation": rotation}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Place tile number {n} of those beside the hospital."), n=data.get("index", 0) + 1
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each tile kept beside the hospital, on a square still to be found."""
    _, me = active(state)
    return [{"type": "place_set_aside", "index": k, "at": SPOT} for k in range(len(me.set_aside))]


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """As said, and where the tile goes, turned how."""
    tiles = layout(state, active(state)[0]).tiles
    return words.say(
        N_("{action} It goes {place}, turned {rotation} degrees."),
        action=said(state, data),
        place=words.at(tiles, tuple(data["at"])),
        rotation=data["rotation"],
    )


@KIND.group
def grouped(state: State, data: Candidate) -> Message:
    """A tile kept aside is listed under which tile it is."""
    _, me = active(state)
    return words.say(
        N_("Tile number {n} beside the hospital ({kind})"),
        n=data["index"] + 1,
        kind=words.room(me.set_aside[data["index"]].kind),
    )
