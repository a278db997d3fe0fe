# ruff: noqa: E501
"""Buy a special room: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import add_cubes, offers, to_box
from ..geometry import (
    layout,
    place_tile,
)
from ..models import (
    COLOURS,
    Cubes,
    Name,
    Placement,
    Player,
    SpecialKind,
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
from ..rules.common import active, cubes_named, room_missing

Candidate = dict[str, Any]


class BuySpecial(Placement):
    type: Literal["buy_special"]
    kind: SpecialKind
    seller: Name | None = Field(None, description="the contract's owner; null: the market")
    pay: Cubes
    payment_to: Literal["box", "seller"] | None = Field(
        None, description="where the payment goes, if the player states it"
    )


KIND = MoveKind(
    BuySpecial, checks, section="market", label=N_("Buy a special room"), rule="QU-615", weight=20.0
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


@KIND.check(
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


@KIND.check("QU-706", title=N_("Security"))
def security(state: State, move: BuySpecial) -> Iterator[Violation]:
    if move.payment_to is None:
        return
    seller_i = state.index(move.seller) if move.seller else -1
    gets = seller_i >= 0 and bool(layout(state, seller_i).working("security"))
    wanted = "seller" if gets else "box"
    if move.payment_to != wanted:
        yield checks.violation(
            "QU-706",
            N_(
                "The payment goes to the seller: a working Security in the seller's hospital sends it there."
            )
            if gets
            else N_(
                "The payment goes to the box: only a working Security in the seller's hospital sends it to the seller."
            ),
            "/move/payment_to",
        )


@KIND.apply
def effect(s: State, me: Player, move: BuySpecial) -> list[Message]:
    add_cubes(me.supply, move.pay, -1)
    s.round.bought_special.append(move.kind)
    said = [
        checks.message(
            N_("{player} buys a tile of {kind}."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]
    if move.seller is None:
        stack = next(st for st in s.market if st.kind == move.kind)
        stack.count -= 1
        to_box(s, move.pay)
        if stack.count == 0:
            to_box(s, stack.price)
            stack.price = Cubes()
    else:
        seller = s.players[s.index(move.seller)]
        c = next(c for c in seller.contracts if c.kind == move.kind)
        c.count -= 1
        if any(t.kind == "security" and not t.grey for t in seller.hospital):
            paid = move.pay.model_copy(update={"grey": 0})
            add_cubes(seller.supply, paid)
            to_box(s, Cubes(grey=move.pay.grey))
            said.append(
                checks.message(N_("Security: the payment goes to {player}."), player=seller.name)
            )
        else:
            to_box(s, move.pay)
        if c.count == 0:
            add_cubes(seller.supply, c.price)
            seller.contracts.remove(c)
        if s.marker_supply:
            s.marker_supply -= 1
            seller.markers += 1
            said.append(
                checks.message(N_("{player} gains an extra-action marker."), player=seller.name)
            )
    place_tile(me, loose_tile(move, move.kind), move.at, move.rotation)
    return said


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    for seller, kind, price in offers(state):
        pay = payment(state, price, price.total())
        if pay is not None and kind not in state.round.bought_special:
            move = {"type": "buy_special", "kind": kind, "seller": seller, "pay": pay}
            yield from placed(KIND, state, {**move, "doors": ALL_DOORS}, kept=True)


@KIND.words
def said(state: State, data: Candidate) -> Message:
    kind = words.room(data.get("kind", ""), "gen")
    if data.get("seller"):
        return checks.message(
            N_("Buy a tile of {kind} from {seller}'s contract for {cubes}."),
            kind=kind,
            seller=data["seller"],
            cubes=heap(data.get("pay")),
        )
    return checks.message(
        N_("Buy a tile of {kind} from the market for {cubes}."),
        kind=kind,
        cubes=heap(data.get("pay")),
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each special room on offer, at its price (any cubes with a working Purchasing), with
    random doors, kept beside the hospital or on a square still to be found."""
    i, me = active(state)
    lay = layout(state, i)
    moves: list[Candidate] = []
    for seller, kind, price in offers(state):
        if kind in state.round.bought_special:
            continue
        pay: dict[str, int] = price.model_dump()
        if lay.working("purchasing"):
            pay = sampled_pay(me.supply, price.total(), rng) or pay
        base = {
            "type": "buy_special",
            "kind": kind,
            "seller": seller,
            "pay": pay,
            "doors": sampled_doors(rng),
        }
        moves.append({**base, "at": SPOT} if rng.random() < 0.7 else {**base, "at": None})
    return moves


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """As said, and where the tile goes."""
    return tile_goes(state, data, said(state, data))


def tile_goes(state: State, data: Candidate, base: Message) -> Message:
    """``base``, and where the new tile goes when it goes into the hospital."""
    if data.get("at") is None:
        return base
    tiles = layout(state, active(state)[0]).tiles
    return words.say(
        N_("{action} It goes {place}."), action=base, place=words.at(tiles, tuple(data["at"]))
    )


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The market stack bought from (``market:lab``); a contract's tile names none."""
    if data.get("kind") and not data.get("seller"):
        return [f"market:{data['kind']}"]
    return []
