"""The expert variant's opening: nation by nation, each player may buy one bond or pass.

The state's ``opening`` says whose bonds are on offer and who chooses next; an
``opening`` move is that player's choice. When Russia's bonds have been offered to every
player, the players without a government take a Swiss bank, the investor card is dealt
and the first nation with a government moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.i18n import N_, Message
from ...core.verdicts import Violation
from .board import NATIONS
from .checks import checks
from .logic import bond_supply, governments_after, player
from .models import ROUND_MOVES, Bond, Opening, OpeningMove, State


def starter(state: State, first: str, nation: str) -> str:
    """Who is offered ``nation``'s bonds first: the drawn player for Austria-Hungary, and
    one seat further clockwise for each nation after it."""
    names = [p.name for p in state.players]
    return names[(names.index(first) + NATIONS.index(nation)) % len(names)]


def following(state: State, opening: Opening) -> Opening | None:
    """The offer after ``opening.player``'s choice, or ``None`` when the opening is over."""
    names = [p.name for p in state.players]
    after = names[(names.index(opening.player) + 1) % len(names)]
    if after != starter(state, opening.first, opening.nation):
        return opening.model_copy(update={"player": after})
    position = NATIONS.index(opening.nation)
    if position == len(NATIONS) - 1:
        return None
    nation = NATIONS[position + 1]
    return opening.model_copy(
        update={"nation": nation, "player": starter(state, opening.first, nation)}
    )


@checks.move(
    "IM-308",
    "IM-703",
    "IM-704",
    title=N_("The expert opening, in order and paid for"),
    moves=(*ROUND_MOVES, "opening"),
)
def opening_turn(state: State, move: Any) -> Iterator[Violation]:
    opening = state.opening
    if move.type != "opening":
        if opening is not None:
            yield checks.violation(
                "IM-308",
                N_("The first turn comes after the opening purchases; {player} chooses next."),
                "/opening",
                player=opening.player,
            )
        return
    if opening is None:
        yield checks.violation("IM-308", N_("No opening purchases are under way."), "/move")
        return
    if move.player != opening.player:
        yield checks.violation(
            "IM-308",
            N_("It is {player}'s choice, not {other}'s."),
            "/move/player",
            player=opening.player,
            other=move.player,
        )
    if move.nation != opening.nation:
        yield checks.violation(
            "IM-308",
            N_("The bonds of {nation} are on offer, not those of {other}."),
            "/move/nation",
            nation=opening.nation,
            other=move.nation,
        )
        return
    if move.bond is None:
        return
    if move.bond not in bond_supply(state, move.nation):
        yield checks.violation(
            "IM-703",
            N_("The {cost}M bond of {nation} is not for sale."),
            "/move/bond",
            cost=move.bond,
            nation=move.nation,
        )
        return
    buyer = player(state, move.player)
    if buyer is not None and move.bond > buyer.cash:
        yield checks.violation(
            "IM-704",
            N_("{player} needs {price}M for the bond and has {cash}M."),
            "/move/bond",
            player=move.player,
            price=move.bond,
            cash=buyer.cash,
        )


@checks.state("IM-308", title=N_("The opening belongs to the expert setup, before any turn"))
def opening_state(state: State) -> Iterator[Violation]:
    if state.opening is None:
        return
    started = any(n.rondel is not None or n.power_points for n in state.nations.values())
    if state.setup != "expert" or started:
        yield checks.violation(
            "IM-308",
            N_("Opening purchases are made only in the expert setup, before the first turn."),
            "/opening",
        )


def buy(new: State, move: OpeningMove, msgs: list[Message]) -> None:
    """Apply one opening choice to ``new`` (a copy of the state before it)."""
    opening = new.opening
    assert opening is not None
    if move.bond is None:
        msgs.append(
            checks.message(
                N_("{player} buys no bond of {nation}."), player=move.player, nation=move.nation
            )
        )
    else:
        buyer = player(new, move.player)
        buyer.cash -= move.bond
        buyer.bonds.append(Bond.model_construct(nation=move.nation, cost=move.bond))
        nation = new.nations[move.nation]
        nation.treasury += move.bond
        if nation.stack is not None:
            nation.stack = [c for c in nation.stack if c != move.bond]
        msgs.append(
            checks.message(
                N_("{player} buys the {cost}M bond of {nation} for {price}M."),
                player=move.player,
                cost=move.bond,
                nation=move.nation,
                price=move.bond,
            )
        )
    for nid, gov in governments_after(new, opening.first).items():
        new.nations[nid].government = gov
    new.opening = following(new, opening)
    if new.opening is None:
        _begin(new, msgs)


def _begin(new: State, msgs: list[Message]) -> None:
    """The end of the opening: Swiss banks, the investor card and the first turn."""
    ruling = {n.government for n in new.nations.values()}
    for p in new.players:
        p.swiss_bank = p.name not in ruling
    names = [p.name for p in new.players]
    first = new.nations["AH"].government or new.nations["IT"].government
    if new.variant == "standard" and first is not None:
        new.investor_card = names[(names.index(first) + 1) % len(names)]
    first_turn: Any = next((nid for nid in NATIONS if new.nations[nid].government), None)
    new.turn = first_turn
    msgs.append(checks.message(N_("The opening purchases are over; the first turn begins.")))
