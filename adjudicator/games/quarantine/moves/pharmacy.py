"""Pharmacy: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..models import (
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, room_missing

Candidate = dict[str, Any]


class Pharmacy(Strict):
    type: Literal["pharmacy"]


KIND = MoveKind(
    Pharmacy, checks, section="special", label=N_("Pharmacy"), rule="QU-707", weight=2.0
)


@KIND.check("QU-707", "QU-701", "QU-418", title=N_("Pharmacy"))
def pharmacy(state: State, move: Pharmacy) -> Iterator[Violation]:
    i, player = active(state)
    found = list(room_missing(state, i, "pharmacy", "QU-707"))
    yield from found
    if not found and not player.line:
        yield checks.violation(
            "QU-707", N_("{player}'s waiting line is empty."), "/move", player=player.name
        )


@KIND.apply
def effect(s: State, me: Player, move: Pharmacy) -> list[Message]:
    cube = me.line.pop(0)
    setattr(me.supply, cube, me.supply.get(cube) + 1)
    return [
        checks.message(
            N_("Pharmacy: the first patient in line, a {colour} one, is treated."),
            colour=words.colour(cube, "patient"),
        )
    ]
