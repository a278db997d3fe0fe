"""Test a bomb: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..models import (
    MoveBase,
    Player,
    Small,
    State,
    Test,
)
from ..rules import checks
from ..vocab import bomb_place, message

Candidate = dict[str, Any]
Data = dict[str, Any]


class TestBomb(MoveBase):
    type: Literal["test_bomb"]
    bomb: Small = Field(description="index among the built bombs")


KIND = MoveKind(TestBomb, checks, section="bombs", label=N_("Test a bomb"), weight=1.0)


@KIND.check("MP-903", "MP-904", title=N_("Testing a bomb"))
def test_check(state: State, move: TestBomb) -> Iterator[Violation]:
    p = state.active
    if p.test is not None:
        yield checks.violation(
            "MP-904",
            N_("{player} has already tested a bomb."),
            "/move",
            player=checks.name("colour", p.colour),
        )
        return
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].card.kind != "plutonium":
        yield checks.violation(
            "MP-903",
            N_("Only a built plutonium bomb can be tested."),
            "/move/bomb",
        )
    if not state.test_markers:
        yield checks.violation("MP-903", N_("No implosion-test marker is left."), "/move")


@KIND.apply
def effect(new: State, p: Player, move: TestBomb, out: list[Message]) -> None:
    bomb = p.bombs.pop(move.bomb)
    value = max(new.test_markers)
    new.test_markers.remove(value)
    p.test = Test(value=value, occupants=list(bomb.occupants))
    new.bomb_deck += 1
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} tests a plutonium bomb and takes the {value} test marker."),
            player=checks.name("colour", p.colour),
            value=value,
        )
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    for j in range(len(state.active.bombs)):
        yield {"type": "test_bomb", "bomb": j}


@KIND.words
def said(state: State, data: Candidate) -> Message | None:
    me = state.active
    if data["bomb"] >= len(me.bombs):
        return None
    return message(
        N_("Test {bomb}."),
        bomb=bomb_place(me.colour, data["bomb"], me.bombs[data["bomb"]].card.kind),
    )
