"""End the turn: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..engine import next_turn
from ..models import (
    MoveBase,
    Player,
    State,
)
from ..rules import checks
from ..vocab import message

Candidate = dict[str, Any]
Data = dict[str, Any]


class EndTurn(MoveBase):
    type: Literal["end_turn"]


KIND = MoveKind(EndTurn, checks, section="turn", label=N_("End the turn"), weight=0.3)


@KIND.check("MP-405", title=N_("A placing turn places a worker"))
def placed_one(state: State, move: EndTurn) -> Iterator[Violation]:
    if state.turn.placed == 0:
        yield checks.violation(
            "MP-405",
            N_("{player} has placed no worker this turn; place one or retrieve."),
            "/move",
            player=checks.name("colour", state.turn.active),
        )


@KIND.apply
def effect(new: State, p: Player, move: EndTurn, out: list[Message]) -> None:
    next_turn(new, "place")
    out.append(
        checks.message(
            N_("{player} ends the turn; {next} plays next."),
            player=checks.name("colour", p.colour),
            next=checks.name("colour", new.turn.active),
        )
    )


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return message(N_("End the turn."))
