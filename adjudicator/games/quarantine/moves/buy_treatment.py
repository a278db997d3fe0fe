"""Buy a treatment room: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import TREATMENT_ROOM_PRICE, add_cubes, to_box
from ..geometry import (
    layout,
    place_tile,
)
from ..models import (
    Colour,
    Cubes,
    Placement,
    Player,
    State,
)
from ..offers import (
    ALL_DOORS,
    SPOT,
    heap,
    loose_tile,
    payment,
    placed,
    sampled_doors,
    sampled_pay,
)
from ..rules import checks
from ..rules.common import active, cubes_named
from .buy_special import tile_goes

Candidate = dict[str, Any]


class BuyTreatment(Placement):
    type: Literal["buy_treatment"]
    colour: Colour
    pay: Cubes


KIND = MoveKind(
    BuyTreatment,
    checks,
    section="market",
    label=N_("Buy a treatment room"),
    rule="QU-619",
    weight=2.0,
)


@KIND.check("QU-619", "QU-620", "QU-713", title=N_("Buy an extra treatment room"))
def buy_treatment(state: State, move: BuyTreatment) -> Iterator[Violation]:
    i, _ = active(state)
    if move.colour in state.round.bought_treatment:
        yield checks.violation(
            "QU-620",
            N_("An extra {colour} treatment room was already bought this round."),
            "/move/colour",
            colour=words.colour(move.colour, "room"),
        )
    stack = next(
        (s for s in state.market if s.kind == "treatment" and s.colour == move.colour), None
    )
    if stack is None or stack.count == 0:
        yield checks.violation(
            "QU-619",
            N_("No extra {colour} treatment room is left in the market."),
            "/move/colour",
            colour=words.colour(move.colour, "room"),
        )
    if move.at is None:
        yield checks.violation(
            "QU-619", N_("An extra treatment room is placed in the hospital at once."), "/move/at"
        )
    pay = move.pay
    if pay.grey and (pay.grey % 2 or not layout(state, i).working("lab")):
        yield checks.violation(
            "QU-713",
            N_("Grey cubes pay only in pairs, and only with a working Lab."),
            "/move/pay/grey",
        )
    elif pay.coloured() + pay.grey // 2 != TREATMENT_ROOM_PRICE:
        yield checks.violation(
            "QU-619",
            N_("An extra treatment room costs 2 cubes of any colours, not {cubes}."),
            "/move/pay",
            cubes=cubes_named(pay),
        )


@KIND.apply
def effect(s: State, me: Player, move: BuyTreatment) -> list[Message]:
    add_cubes(me.supply, move.pay, -1)
    to_box(s, move.pay)
    stack = next(st for st in s.market if st.kind == "treatment" and st.colour == move.colour)
    stack.count -= 1
    s.round.bought_treatment.append(move.colour)
    place_tile(me, loose_tile(move, "treatment", move.colour, True), move.at, move.rotation)
    return [
        checks.message(
            N_("{player} adds an extra {colour} treatment room."),
            player=me.name,
            colour=words.colour(move.colour, "room"),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """Each colour on offer, on the first square where an extra treatment room fits: the
    square does not depend on the colour, so it is searched once."""
    pay = payment(state, None, 2)
    colours = [
        s.colour
        for s in state.market
        if s.kind == "treatment" and s.count and s.colour not in state.round.bought_treatment
    ]
    if pay is None or not colours:
        return
    move = {"type": "buy_treatment", "colour": colours[0], "pay": pay, "doors": ALL_DOORS}
    for found in placed(KIND, state, move, kept=False):
        for colour in colours:
            yield {**found, "colour": colour}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Buy an extra {colour} treatment room for {cubes}."),
        colour=words.colour(data.get("colour"), "room"),
        cubes=heap(data.get("pay")),
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each colour on offer for 2 random cubes of the supply, with random doors, on a
    square still to be found."""
    _, me = active(state)
    moves: list[Candidate] = []
    for stack in state.market:
        if (
            stack.kind == "treatment"
            and stack.count
            and stack.colour not in state.round.bought_treatment
        ):
            two = sampled_pay(me.supply, 2, rng)
            if two:
                base = {
                    "type": "buy_treatment",
                    "colour": stack.colour,
                    "pay": two,
                    "doors": sampled_doors(rng),
                }
                moves.append({**base, "at": SPOT})
    return moves


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """As said, and where the tile goes."""
    return tile_goes(state, data, said(state, data))


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The market stack bought from (``market:treatment:blue``)."""
    return [f"market:treatment:{data['colour']}"] if data.get("colour") else []
