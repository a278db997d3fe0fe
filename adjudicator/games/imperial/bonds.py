"""What the bonds do to the table when a move is applied: the interest a nation pays, the
investor card, each purchase (with a trade-in), the governments and Swiss banks after them,
and the choices of the expert opening. :func:`.engine.apply` calls these; like the engine they
return what happened in words and keep nothing between calls."""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message
from .board import NATIONS
from .logic import governments_after, player
from .models import Bond, NationId, OpeningMove, RondelMove, State
from .opening import following
from .payments import interest
from .registry import checks
from .vocab import nation_name


def pay_interest(before: State, new: State, nation: str, msgs: list[Message]) -> None:
    owed = interest(before, nation)
    for name, amount in owed.paid.items():
        player(new, name).cash += amount
    n = new.nations[nation]
    n.treasury -= owed.from_treasury
    if owed.shortfall and n.government:
        player(new, n.government).cash -= owed.shortfall
    msgs.append(
        checks.message(
            N_("{nation} pays {total}M interest."),
            nation=nation_name(nation),
            total=sum(owed.due.values()),
        )
    )


def invest(new: State, move: RondelMove, card: str | None, msgs: list[Message]) -> None:
    if card:
        player(new, card).cash += 2
        msgs.append(checks.message(N_("{player} takes 2M with the investor card."), player=card))
    for inv in move.investments:
        buy(new, inv.player, inv.nation, inv.bond, inv.trade_in, msgs)


def buy(
    new: State, buyer: str, nid: NationId, cost: int, trade_in: int | None, msgs: list[Message]
) -> None:
    """``buyer`` buys ``nid``'s bond of ``cost``, perhaps trading in a smaller one: the one
    purchase of an investment and of an opening choice."""
    p = player(new, buyer)
    price = cost - (trade_in or 0)
    p.cash -= price
    nation = new.nations[nid]
    nation.treasury += price
    if trade_in is not None:
        p.bonds = [b for b in p.bonds if not (b.nation == nid and b.cost == trade_in)]
    p.bonds.append(Bond.model_construct(nation=nid, cost=cost))
    if nation.stack is not None:
        nation.stack = sorted(
            [c for c in nation.stack if c != cost] + ([trade_in] if trade_in is not None else [])
        )
    msgs.append(
        checks.message(
            N_("{player} buys the {cost}M bond of {nation} for {price}M."),
            player=buyer,
            cost=cost,
            nation=nation_name(nid),
            price=price,
        )
    )


def governments(new: State, reference: str | None, msgs: list[Message]) -> None:
    for nid, gov in governments_after(new, reference).items():
        if new.nations[nid].government != gov:
            new.nations[nid].government = gov
            msgs.append(
                checks.message(
                    N_("{player} now governs {nation}."), player=gov, nation=nation_name(nid)
                )
            )
    swiss_banks(new)


def swiss_banks(new: State) -> None:
    """Every player without a government holds a Swiss bank."""
    ruling = {n.government for n in new.nations.values()}
    for p in new.players:
        p.swiss_bank = p.name not in ruling


def opening_choice(new: State, move: OpeningMove, msgs: list[Message]) -> None:
    """One choice of the expert opening: a bond bought or none, then the next offer, or
    at the end the Swiss banks, the investor card and the first turn."""
    opening = new.opening
    assert opening is not None
    if move.bond is None:
        msgs.append(
            checks.message(
                N_("{player} buys no bond of {nation}."),
                player=move.player,
                nation=nation_name(move.nation),
            )
        )
    else:
        buy(new, move.player, move.nation, move.bond, None, msgs)
    for nid, gov in governments_after(new, opening.first).items():
        new.nations[nid].government = gov
    new.opening = following(new, opening)
    if new.opening is not None:
        return
    swiss_banks(new)
    names = [p.name for p in new.players]
    first = new.nations["AH"].government or new.nations["IT"].government
    if new.variant == "standard" and first is not None:
        new.investor_card = names[(names.index(first) + 1) % len(names)]
    first_turn: Any = next((nid for nid in NATIONS if new.nations[nid].government), None)
    new.turn = first_turn
    msgs.append(checks.message(N_("The opening purchases are over; the first turn begins.")))
