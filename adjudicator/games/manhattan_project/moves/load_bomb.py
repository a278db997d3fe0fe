"""Load a bomb: the move, its checks, its effect, how it is listed and said."""

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
)
from ..rules import checks
from ..snapshot import with_occupants
from ..vocab import amount as amount_of
from ..vocab import bomb_place, message

Candidate = dict[str, Any]
Data = dict[str, Any]


class LoadBomb(MoveBase):
    type: Literal["load_bomb"]
    bomb: Small = Field(description="index among the built bombs")


KIND = MoveKind(LoadBomb, checks, section="bombs", label=N_("Load a bomb"), weight=1.0)


@KIND.check("MP-905", title=N_("Loading a bomb"))
def load_check(state: State, move: LoadBomb) -> Iterator[Violation]:
    p = state.active
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].loaded:
        yield checks.violation(
            "MP-905", N_("That bomb does not exist or is already loaded."), "/move/bomb"
        )
        return
    cost = p.bombs[move.bomb].card.load_cost
    if p.bombers < cost:
        said = {"cost": amount_of("bombers", cost), "player": checks.name("colour", p.colour)}
        if p.bombers == 0:
            template = N_("Loading costs {cost}; {player} has no bomber.")
        else:
            template = N_("Loading costs {cost}; {player} has {bombers}.")
            said["bombers"] = amount_of("bombers", p.bombers)
        yield checks.violation("MP-905", template, "/move/bomb", **said)


@KIND.apply
def effect(new: State, p: Player, move: LoadBomb, out: list[Message]) -> None:
    bomb = p.bombs[move.bomb] = with_occupants(p.bombs[move.bomb])
    p.bombers -= bomb.card.load_cost
    bomb.loaded = True
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} loads {bomb} for {cost}: 5 more points."),
            player=checks.name("colour", p.colour),
            bomb=bomb_place(p.colour, move.bomb, bomb.card.kind),
            cost=amount_of("bombers", bomb.card.load_cost),
        )
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    for j in range(len(state.active.bombs)):
        yield {"type": "load_bomb", "bomb": j}


@KIND.words
def said(state: State, data: Candidate) -> Message | None:
    me = state.active
    if data["bomb"] >= len(me.bombs):
        return None
    return message(
        N_("Load {bomb}."),
        bomb=bomb_place(me.colour, data["bomb"], me.bombs[data["bomb"]].card.kind),
    )
