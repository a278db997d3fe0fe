"""End the round: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..models import (
    Player,
    Stack,
    State,
    Strict,
)
from ..rules import checks

Candidate = dict[str, Any]


class EndRound(Strict):
    type: Literal["end_round"]


KIND = MoveKind(
    EndRound, checks, section="draw", label=N_("End the round"), rule="QU-510", weight=0.3
)


@KIND.check("QU-510", title=N_("Draws and actions in any order"))
def round_done(state: State, move: EndRound) -> Iterator[Violation]:
    r = state.round
    if r.draws < 4 and state.bag.total() and not state.end.triggered:
        yield checks.violation(
            "QU-510",
            (
                N_("No cube has been drawn yet; the round cannot end before the 4 are drawn.")
                if r.draws == 0
                else N_plural(
                    "Only {count} of the 4 cubes has been drawn; the round cannot end yet.",
                    "Only {count} of the 4 cubes have been drawn; the round cannot end yet.",
                )
            ),
            "/round/draws",
            count=r.draws,
        )


@KIND.apply
def effect(s: State, me: Player, move: EndRound) -> list[Message]:
    n = len(s.players)
    i = s.index(me.name)
    said = [checks.message(N_("{player}'s round ends."), player=me.name)]
    for c in [c for c in me.contracts if c.claimable]:
        me.contracts.remove(c)
        s.market.append(Stack(kind=c.kind, count=c.count, price=c.price))
    if s.end.triggered:
        s.end.final_rounds_left = max(0, s.end.final_rounds_left - 1)
        if s.end.final_rounds_left == 0:
            s.end.over = True
            said.append(checks.message(N_("The game is over.")))
    nxt = (i + 1) % n
    first = s.round.first_round and nxt != 0
    s.round = type(s.round)(
        active=s.players[nxt].name, bag_holder=s.players[(nxt + 1) % n].name, first_round=first
    )
    for c in s.players[nxt].contracts:
        c.claimable = True
    return said
