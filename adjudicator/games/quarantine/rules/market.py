# ruff: noqa: E501
"""Section ``market`` of rules.toml (QU-610 to QU-620): contracts, claiming and buying."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import TREATMENT_ROOM_PRICE
from ..geometry import layout
from ..models import COLOURS, Cubes, State
from ..moves import BuySpecial, BuyTreatment, ClaimContract, MakeContract
from ..vocab import colour, cube_list, room
from . import checks
from .common import active, cubes_named, room_missing


@checks.state("QU-610", title=N_("A contract price is two or more patient cubes"))
def prices(state: State) -> Iterator[Violation]:
    heaps = [(f"/market/{j}/price", s.price, False) for j, s in enumerate(state.market)]
    for i, p in enumerate(state.players):
        heaps += [
            (f"/players/{i}/contracts/{k}/price", c.price, True) for k, c in enumerate(p.contracts)
        ]
    for path, price, required in heaps:
        total = price.total()
        if price.grey or (total < 2 and (required or total)):
            yield checks.violation(
                "QU-610",
                N_(
                    "A contract price of {cubes} is not allowed: it takes 2 or more patient cubes and no grey cube."
                ),
                path,
                cubes=cube_list(price, (*COLOURS, "grey")),
            )


@checks.state("QU-614", title=N_("Claiming a contract on the next round"))
def claimable(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.name == state.round.active:
            continue
        for k, c in enumerate(p.contracts):
            if c.claimable:
                yield checks.violation(
                    "QU-614",
                    N_(
                        "{player}'s contract for {kind} is claimable, but it is not {player}'s round."
                    ),
                    f"/players/{i}/contracts/{k}/claimable",
                    player=p.name,
                    kind=room(c.kind, "gen"),
                )


@checks.state("QU-618", title=N_("Not the same special room twice in a round"))
def bought_twice(state: State) -> Iterator[Violation]:
    for kind, n in Counter(state.round.bought_special).items():
        if n > 1:
            yield checks.violation(
                "QU-618",
                N_("{kind} was bought {count} times this round; once is the limit."),
                "/round/bought_special",
                kind=room(kind, "gen"),
                count=n,
            )


@checks.state("QU-620", title=N_("Not two extra rooms of one colour in a round"))
def treatment_twice(state: State) -> Iterator[Violation]:
    for c, n in Counter(state.round.bought_treatment).items():
        if n > 1:
            yield checks.violation(
                "QU-620",
                N_(
                    "{count} extra {colour} treatment rooms were bought this round; one is the limit."
                ),
                "/round/bought_treatment",
                colour=colour(c, "rooms"),
                count=n,
            )


def _covers(supply: Cubes, pay: Cubes) -> bool:
    return all(supply.get(c) >= pay.get(c) for c in (*COLOURS, "grey"))


@checks.move(
    "QU-612",
    title=N_("Paying from the personal supply"),
)
def can_pay(state: State, move: MakeContract | BuySpecial | BuyTreatment) -> Iterator[Violation]:
    _, player = active(state)
    pay = move.price if move.type == "contract" else move.pay
    if not _covers(player.supply, pay):
        yield checks.violation(
            "QU-612",
            N_("{player}'s supply cannot pay {cubes}."),
            "/move",
            player=player.name,
            cubes=cubes_named(pay),
        )


@checks.move("QU-610", "QU-611", title=N_("Make a contract"))
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


@checks.move("QU-613", title=N_("Claim a contract"))
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


def _source_price(state: State, move: BuySpecial) -> Cubes | None:
    if move.seller is None:
        stack = next((s for s in state.market if s.kind == move.kind), None)
        if stack and stack.count and stack.price.total():
            return stack.price
        return None
    seller = state.player(move.seller)
    if seller is None or seller.name == state.round.active:
        return None
    c = next((c for c in seller.contracts if c.kind == move.kind), None)
    return c.price if c and c.count else None


@checks.move(
    "QU-615",
    "QU-616",
    "QU-618",
    "QU-708",
    "QU-713",
    "QU-701",
    "QU-418",
    title=N_("Buy a special room"),
)
def buy_special(state: State, move: BuySpecial) -> Iterator[Violation]:
    i, _ = active(state)
    if move.kind in state.round.bought_special:
        yield checks.violation(
            "QU-618",
            N_("{kind} was already bought this round."),
            "/move/kind",
            kind=words.room(move.kind, "art"),
        )
    price = _source_price(state, move)
    if price is None:
        if move.seller is None:
            yield checks.violation(
                "QU-615",
                N_("The market has no open contract for {kind}."),
                "/move/seller",
                kind=words.room(move.kind, "acc"),
            )
        else:
            yield checks.violation(
                "QU-615",
                N_("{seller} has no open contract for {kind}."),
                "/move/seller",
                kind=words.room(move.kind, "acc"),
                seller=move.seller,
            )
        return
    yield from _check_pay(state, i, move.pay, price)


def _check_pay(state: State, i: int, pay: Cubes, price: Cubes) -> Iterator[Violation]:
    lay = layout(state, i)
    lab = bool(lay.working("lab"))
    if pay.grey and (not lab or pay.grey % 2):
        if not lab:
            yield from room_missing(state, i, "lab", "QU-713", "/move/pay/grey")
        else:
            yield checks.violation(
                "QU-713",
                N_("Grey cubes pay only in pairs, each pair for one cube."),
                "/move/pay/grey",
            )
        return
    if lay.working("purchasing"):
        if pay.coloured() + pay.grey // 2 != price.total():
            yield checks.violation(
                "QU-708",
                N_plural(
                    "With Purchasing the payment is {count} cube of any colour.",
                    "With Purchasing the payment is {count} cubes of any colours.",
                ),
                "/move/pay",
                count=price.total(),
            )
        return
    short = sum(max(0, price.get(c) - pay.get(c)) for c in COLOURS)
    extra = sum(max(0, pay.get(c) - price.get(c)) for c in COLOURS)
    if extra or short != pay.grey // 2:
        yield checks.violation(
            "QU-616",
            N_("The price is exactly {price}; the payment of {pay} does not match it."),
            "/move/pay",
            price=cubes_named(price),
            pay=cubes_named(pay),
        )


@checks.move("QU-619", "QU-620", "QU-713", title=N_("Buy an extra treatment room"))
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
