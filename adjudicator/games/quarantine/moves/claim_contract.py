"""Claim a contract: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import to_box
from ..geometry import (
    place_tile,
)
from ..models import (
    Placement,
    Player,
    SpecialKind,
    Stack,
    State,
)
from ..offers import (
    ALL_DOORS,
    SPOT,
    loose_tile,
    placed,
    sampled_doors,
)
from ..rules import checks
from ..rules.common import active
from .buy_special import tile_goes

Candidate = dict[str, Any]


class ClaimContract(Placement):
    type: Literal["claim_contract"]
    kind: SpecialKind


KIND = MoveKind(
    ClaimContract, checks, section="market", label=N_("Claim a contract"), rule="QU-613", weight=4.0
)


@KIND.check("QU-613", title=N_("Claim a contract"))
def claim(state: State, move: ClaimContract) -> Iterator[Violation]:
    _, player = active(state)
    c = next((c for c in player.contracts if c.kind == move.kind), None)
    if c is None or c.count == 0:
        yield checks.violation(
            "QU-613",
            N_("{player} has no contract for {kind} with a tile on it."),
            "/move/kind",
            player=player.name,
            kind=words.room(move.kind, "acc"),
        )
    elif not c.claimable:
        yield checks.violation(
            "QU-613",
            N_("{player}'s contract for {kind} can be claimed only in {player}'s next round."),
            "/move/kind",
            player=player.name,
            kind=words.room(move.kind, "acc"),
        )


@KIND.apply
def effect(s: State, me: Player, move: ClaimContract) -> list[Message]:
    c = next(c for c in me.contracts if c.kind == move.kind)
    c.count -= 1
    me.contracts.remove(c)
    if c.count:
        s.market.append(Stack(kind=c.kind, count=c.count, price=c.price))
    else:
        to_box(s, c.price)
    place_tile(me, loose_tile(move, move.kind), move.at, move.rotation)
    return [
        checks.message(
            N_("{player} takes a tile of {kind} from the contract."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    for c in active(state)[1].contracts:
        if c.claimable and c.count:
            move = {"type": "claim_contract", "kind": c.kind, "doors": ALL_DOORS}
            yield from placed(KIND, state, move, kept=True)


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Take a tile of {kind} from the contract."), kind=words.room(data.get("kind", ""), "gen")
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each claimable contract with random doors, kept beside the hospital or on a square
    still to be found."""
    moves: list[Candidate] = []
    for c in active(state)[1].contracts:
        if c.claimable and c.count:
            base = {"type": "claim_contract", "kind": c.kind, "doors": sampled_doors(rng)}
            moves.append({**base, "at": SPOT})
            moves.append({**base, "at": None})
    return moves


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """As said, and where the tile goes."""
    return tile_goes(state, data, said(state, data))
