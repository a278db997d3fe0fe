"""Cafeteria: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..models import (
    Name,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, room_missing

Candidate = dict[str, Any]


class Cafeteria(Strict):
    type: Literal["cafeteria"]
    source: Name | None = Field(None, description="an opponent, when the supply is empty")


KIND = MoveKind(
    Cafeteria, checks, section="special", label=N_("Cafeteria"), rule="QU-712", weight=50.0
)


@KIND.check("QU-712", "QU-701", "QU-418", title=N_("Cafeteria"))
def cafeteria(state: State, move: Cafeteria) -> Iterator[Violation]:
    i, player = active(state)
    r = state.round
    yield from room_missing(state, i, "cafeteria", "QU-712")
    if r.cafeteria_used or r.actions_used or r.draws:
        yield checks.violation(
            "QU-712", N_("The Cafeteria works once, at the start of the round."), "/round"
        )
    if state.marker_supply:
        if move.source is not None:
            yield checks.violation(
                "QU-712", N_("The supply still has markers: take one from there."), "/move/source"
            )
    else:
        other = state.player(move.source or "")
        if other is None or other.name == player.name or other.markers == 0:
            yield checks.violation(
                "QU-712",
                N_("The supply is empty: name an opponent who holds a marker."),
                "/move/source",
            )


@KIND.apply
def effect(s: State, me: Player, move: Cafeteria) -> list[Message]:
    s.round.cafeteria_used = True
    if move.source is None:
        s.marker_supply -= 1
    else:
        s.players[s.index(move.source)].markers -= 1
    me.markers += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    _, me = active(state)
    yield {"type": "cafeteria", "source": None}
    for p in state.players:
        if p.name != me.name:
            yield {"type": "cafeteria", "source": p.name}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    if not data.get("source"):
        return checks.message(N_("{move}."), move=words.move_name("cafeteria"))
    return checks.message(
        N_("Take an extra-action marker from {player} with the Cafeteria."),
        player=data["source"],
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """A marker from the supply, or from a random opponent who holds one when it is
    empty."""
    _, me = active(state)
    others = [p.name for p in state.players if p.name != me.name and p.markers]
    source = None if state.marker_supply else (rng.choice(others) if others else None)
    return [{"type": "cafeteria", "source": source}]
