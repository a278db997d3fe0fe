"""Pathology: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    Layout,
    layout,
    tile_at,
)
from ..models import (
    At,
    Name,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, as_pos, room_missing

Candidate = dict[str, Any]


class Pathology(Strict):
    type: Literal["pathology"]
    player: Name
    corner: At = Field(description="the south-west tile of the 2x2 area")
    keep: bool = Field(False, description="keep one grey cube (Lab)")


KIND = MoveKind(
    Pathology, checks, section="special", label=N_("Pathology"), rule="QU-710", weight=2.0
)


@KIND.check("QU-710", "QU-713", "QU-701", "QU-418", title=N_("Pathology"))
def pathology(state: State, move: Pathology) -> Iterator[Violation]:
    i, _ = active(state)
    if state.round.pathology_used:
        yield checks.violation(
            "QU-710", N_("Pathology has already been used this round."), "/round/pathology_used"
        )
    yield from room_missing(state, i, "pathology", "QU-710")
    t = state.index(move.player)
    x, y = move.corner
    if t < 0 or not any(
        (p in layout(state, t).tiles and layout(state, t).tiles[p].grey)
        for p in Layout.station_tiles((x, y))
    ):
        yield checks.violation(
            "QU-710",
            N_("The 2×2 area whose lower left square is {place} holds no grey cube."),
            "/move/corner",
            place=words.at(layout(state, t).tiles if t >= 0 else (), (x, y)),
        )
    if move.keep:
        yield from room_missing(state, i, "lab", "QU-713", "/move/keep")


@KIND.apply
def effect(s: State, me: Player, move: Pathology) -> list[Message]:
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


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Use Pathology on {player}'s 2×2 area whose lower left square is {place}."),
        player=data.get("player"),
        place=words.square(state, data),
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """Each 2x2 area around every quarantined tile, a grey cube kept or not."""
    for j, p in enumerate(state.players):
        for x, y in layout(state, j).quarantined():
            for keep in (False, True):
                for corner in ([x - 1, y], [x, y], [x - 1, y - 1], [x, y - 1]):
                    yield {"type": "pathology", "player": p.name, "corner": corner, "keep": keep}


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """The area left of every quarantined tile, a cube kept with a working Lab."""
    lab = bool(layout(state, active(state)[0]).working("lab"))
    return [
        {"type": "pathology", "player": p.name, "corner": [x - 1, y], "keep": lab}
        for j, p in enumerate(state.players)
        for x, y in layout(state, j).quarantined()
    ]
