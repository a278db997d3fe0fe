"""Offer a contract: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import add_cubes
from ..models import (
    SPECIAL_KINDS,
    Contract,
    Cubes,
    Player,
    SpecialKind,
    State,
    Strict,
)
from ..offers import (
    first_coloured,
    heap,
    sampled_pay,
)
from ..rules import checks
from ..rules.common import active, cubes_named

Candidate = dict[str, Any]


class MakeContract(Strict):
    type: Literal["contract"]
    kind: SpecialKind
    price: Cubes


KIND = MoveKind(
    MakeContract, checks, section="market", label=N_("Offer a contract"), rule="QU-611", weight=2.0
)


@KIND.check("QU-610", "QU-611", title=N_("Make a contract"))
def contract(state: State, move: MakeContract) -> Iterator[Violation]:
    if move.price.coloured() < 2 or move.price.grey:
        yield checks.violation(
            "QU-610",
            N_("A contract price is 2 or more patient cubes, not {cubes}."),
            "/move/price",
            cubes=cubes_named(move.price),
        )
    stack = next((s for s in state.market if s.kind == move.kind), None)
    if stack is None or stack.count == 0 or stack.price.total():
        yield checks.violation(
            "QU-611",
            N_("The market has no stack of {kind} free for a contract."),
            "/move/kind",
            kind=words.room(move.kind, "gen"),
        )


@KIND.apply
def effect(s: State, me: Player, move: MakeContract) -> list[Message]:
    stack = next(st for st in s.market if st.kind == move.kind)
    s.market.remove(stack)
    add_cubes(me.supply, move.price, -1)
    me.contracts.append(Contract(kind=move.kind, count=stack.count, price=move.price.model_copy()))
    return [
        checks.message(
            N_("{player} sets a price on the stack of {kind}."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    price = first_coloured(active(state)[1].supply, 2)
    if price is None:
        return
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS and stack.count and not stack.price.total():
            yield {"type": "contract", "kind": stack.kind, "price": price}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Make a contract for {kind} at a price of {cubes}."),
        kind=words.room(data.get("kind", ""), "acc"),
        cubes=heap(data.get("price")),
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """A contract on each free stack, at a random price of 2 or 3 cubes of the supply."""
    _, me = active(state)
    moves: list[Candidate] = []
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS and stack.count and not stack.price.total():
            asked = sampled_pay(me.supply, rng.choice((2, 2, 3)), rng)
            if asked:
                moves.append({"type": "contract", "kind": stack.kind, "price": asked})
    return moves
