"""What a turn costs and pays, computed from the state before it.

The move checks judge a turn on these figures and the engine applies the same figures, so
the engine needs no notes from the checks, nor the checks from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import NATIONS
from .data import FACTORY_COST, IMPORT_COST
from .logic import (
    distance,
    interest_due,
    passes_investor,
    player,
    reached_25,
    resolve_space,
    rondel_cost,
    seat_order_from,
    tax_result,
)
from .models import (
    INVESTOR,
    TAXATION,
    FactoryMove,
    ImportMove,
    InvestorMove,
    RondelMove,
    State,
    TaxationMove,
)


@dataclass(frozen=True)
class Interest:
    """Step 1 of Investor: who receives what, and what the government must add."""

    due: dict[str, int]  # player -> interest owed
    paid: dict[str, int]  # player -> interest received (the government's may be cut)
    from_treasury: int
    shortfall: int  # paid by the government from its own cash


def interest(state: State, nation: str) -> Interest:
    due = interest_due(state, nation)
    gov = state.nations[nation].government
    treasury = state.nations[nation].treasury
    others = sum(v for k, v in due.items() if k != gov)
    paid = {k: v for k, v in due.items() if k != gov}
    if treasury >= others:
        own = min(due.get(gov, 0) if gov else 0, treasury - others)
        if gov in due:
            paid[gov] = own
        return Interest(due, paid, others + own, 0)
    if gov in due:
        paid[gov] = 0
    return Interest(due, paid, treasury, others - treasury)


def rondel_space(state: State, move: RondelMove) -> str:
    """The space a rondel move goes to (named, or the next one of its action)."""
    return resolve_space(state.nations[move.nation].rondel, move.type, move.space)


def invests(state: State, move: RondelMove) -> bool:
    """Whether the investments of ``move`` are made (the Investor steps 2 and 3, or the
    variant's investing after every turn)."""
    if state.variant != "standard":
        return True
    n = state.nations[move.nation]
    space = rondel_space(state, move)
    if isinstance(move, InvestorMove) or passes_investor(n.rondel, space):
        return not (isinstance(move, TaxationMove) and reached_25(_taxed(state, move.nation)))
    return False


def _taxed(state: State, nation: str) -> State:
    """The state with only ``nation``'s power points after its taxation."""
    copy = state.model_copy(deep=False)
    copy._index = None  # its nations change below
    nations = dict(state.nations)
    n = nations[nation].model_copy()
    n.power_points = min(25, n.power_points + tax_result(state, nation)["power_points"])
    nations[nation] = n
    copy.nations = nations
    return copy


def purses(state: State, nation: str, space: str) -> dict[str, int]:
    """Each player's cash when the investments after ``nation``'s move to ``space`` begin:
    after the rondel cost, the interest (Investor) or the success bonus (Taxation), and
    the investor card's 2M in the standard game."""
    cash = {p.name: p.cash for p in state.players}
    n = state.nations[nation]
    gov = n.government
    if gov in cash:
        cash[gov] -= rondel_cost(distance(n.rondel, space))
    if space == INVESTOR:
        owed = interest(state, nation)
        for name, amount in owed.paid.items():
            cash[name] = cash.get(name, 0) + amount
        if gov in cash:
            cash[gov] -= owed.shortfall
    elif space == TAXATION and gov in cash:
        cash[gov] += tax_result(state, nation)["bonus"]
    card = state.investor_card
    if state.variant == "standard" and card in cash:
        cash[card] += 2
    return cash


def open_nations(state: State, nation: str) -> set[str]:
    """In the variant: the nation that moved, and the nations after it with no government."""
    found = {nation}
    start = NATIONS.index(nation)
    for step in range(1, 6):
        nid = NATIONS[(start + step) % 6]
        if state.nations[nid].government is not None:
            break
        found.add(nid)
    return found


def investors(state: State, nation: str) -> list[str]:
    """Who may invest after ``nation``'s turn, in the order they do."""
    if state.variant != "standard":
        return seat_order_from(state, state.nations[nation].government)
    order = seat_order_from(state, state.investor_card)
    return [n for n in order if n == state.investor_card or player(state, n).swiss_bank]


def bank_payout(state: State, move: RondelMove) -> int:
    """What the bank pays out in ``move``'s turn (taxation income and success bonus, the
    investor card's 2M), less what it receives first (the rondel cost, a factory, imports)."""
    n = state.nations[move.nation]
    paid = 0
    if isinstance(move, FactoryMove) and move.region is not None:
        paid -= FACTORY_COST
    if isinstance(move, ImportMove):
        paid -= IMPORT_COST * len(move.units)
    if isinstance(move, TaxationMove):
        result = tax_result(state, move.nation)
        paid += result["income"] + (result["bonus"] if n.government else 0)
    if state.variant == "standard" and state.investor_card and invests(state, move):
        paid += 2
    return paid - rondel_cost(distance(n.rondel, rondel_space(state, move)))
