"""What contracts, claims and purchases do to the table (the moves of section ``market``);
``engine.apply`` calls these."""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message
from . import vocab as words
from .data import add_cubes, to_box
from .geometry import place_tile
from .models import Colour, Contract, Cubes, LooseTile, Player, Stack, State, TileKind
from .rules import checks


def contract(s: State, me: Player, move: Any) -> list[Message]:
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


def loose_tile(
    move: Any, kind: TileKind, colour: Colour | None = None, extra: bool = False
) -> LooseTile:
    return LooseTile(kind=kind, colour=colour, extra=extra, doors=list(move.doors))


def claim(s: State, me: Player, move: Any) -> list[Message]:
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


def buy_special(s: State, me: Player, move: Any) -> list[Message]:
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


def buy_treatment(s: State, me: Player, move: Any) -> list[Message]:
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
