"""Disinfect: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
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
from .place_grey import one_tile

Candidate = dict[str, Any]


class Disinfect(Strict):
    type: Literal["disinfect"]
    player: Name
    at: At
    keep: bool = Field(False, description="keep the grey cube (Lab)")


KIND = MoveKind(
    Disinfect, checks, section="actions", label=N_("Disinfect"), rule="QU-625", weight=1.0
)


@KIND.check("QU-625", "QU-713", "QU-701", "QU-418", title=N_("Disinfect"))
def disinfect(state: State, move: Disinfect) -> Iterator[Violation]:
    i = state.index(move.player)
    tile = layout(state, i).tiles.get(as_pos(move.at)) if i >= 0 else None
    if tile is None or not tile.grey:
        yield checks.violation(
            "QU-625",
            N_("{player} has no quarantined tile {place}."),
            "/move/at",
            player=move.player,
            place=words.at(layout(state, i).tiles if i >= 0 else (), as_pos(move.at)),
        )
    if move.keep:
        yield from room_missing(state, active(state)[0], "lab", "QU-713", "/move/keep")


@KIND.apply
def effect(s: State, me: Player, move: Disinfect) -> list[Message]:
    target = s.players[s.index(move.player)]
    tile = tile_at(target, as_pos(move.at))
    assert tile is not None
    tile.grey = False
    if move.keep:
        me.supply.grey += 1
    else:
        s.grey_supply += 1
    return [
        checks.message(
            N_("{player}'s tile {place} is disinfected."),
            player=target.name,
            place=words.at([(t.x, t.y) for t in target.hospital], (tile.x, tile.y)),
        )
    ]


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Disinfect {player}'s tile {place}."),
        player=data.get("player"),
        place=words.square(state, data),
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """Every quarantined tile of every hospital, the grey cube kept or not."""
    for j, p in enumerate(state.players):
        for x, y in layout(state, j).quarantined():
            for keep in (False, True):
                yield {"type": "disinfect", "player": p.name, "at": [x, y], "keep": keep}


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Every quarantined tile, the cube kept at random with a working Lab."""
    lab = bool(layout(state, active(state)[0]).working("lab"))
    return [
        {"type": "disinfect", "player": p.name, "at": [x, y], "keep": lab and rng.random() < 0.5}
        for j, p in enumerate(state.players)
        for x, y in layout(state, j).quarantined()
    ]


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The tile disinfected (``tile:Anna:0:1``)."""
    return one_tile(data)
