"""Applying a move: the resulting state and what happened, in words.

``apply`` learns nothing that the checks do not already know: every problem a move can
have (a short treasury, a bond nobody can pay for) is found by the move checks from the
state before it, with the pure helpers here (:func:`interest`, :func:`purses`), so the
engine keeps no notes between a move and its checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.i18n import N_, Message
from .board import NATIONS, board
from .checks import checks
from .logic import (
    distance,
    game_over,
    governments_after,
    index,
    interest_due,
    next_seat,
    next_turn,
    passes_investor,
    player,
    reached_25,
    resolve_space,
    rondel_cost,
    tax_result,
)
from .maneuver import simulate
from .models import (
    Bond,
    Factory,
    FactoryMove,
    ImportMove,
    InvestorMove,
    ManeuverMove,
    OpeningMove,
    ProductionMove,
    State,
    TaxationMove,
    TransferMove,
    Units,
)

# --- what a move costs and pays, computed from the state before it --------------------------


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


def rondel_space(state: State, move: Any) -> str:
    return resolve_space(state.nations[move.nation].rondel, move.type, move.space)


def invests(state: State, move: Any) -> bool:
    """Whether the investments of ``move`` are made (the Investor steps 2 and 3, or the
    variant's investing after every turn)."""
    if state.variant != "standard":
        return True
    n = state.nations[move.nation]
    space = rondel_space(state, move)
    if move.type == "investor" or passes_investor(n.rondel, space):
        return not (move.type == "taxation" and reached_25(_taxed(state, move.nation)))
    return False


def _taxed(state: State, nation: str) -> State:
    """The state with only ``nation``'s power points after its taxation."""
    copy = state.model_copy(deep=False)
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
    if space == "investor":
        owed = interest(state, nation)
        for name, amount in owed.paid.items():
            cash[name] = cash.get(name, 0) + amount
        if gov in cash:
            cash[gov] -= owed.shortfall
    elif space == "taxation" and gov in cash:
        cash[gov] += tax_result(state, nation)["bonus"]
    card = state.investor_card
    if state.variant == "standard" and card in cash:
        cash[card] += 2
    return cash


# --- applying -------------------------------------------------------------------------------


def _rebuild(units: dict[Any, int]) -> list[Units]:
    order = {n: i for i, n in enumerate(NATIONS)}
    out = []
    for (nation, kind, region, stance), n in sorted(
        units.items(), key=lambda kv: (order[kv[0][0]], kv[0][1], kv[0][2], str(kv[0][3]))
    ):
        if n > 0:
            out.append(
                Units.model_construct(
                    nation=nation, kind=kind, region=region, count=n, stance=stance
                )
            )
    return out


def _pay_interest(before: State, new: State, nation: str, msgs: list[Message]) -> None:
    owed = interest(before, nation)
    for name, amount in owed.paid.items():
        player(new, name).cash += amount
    n = new.nations[nation]
    n.treasury -= owed.from_treasury
    if owed.shortfall and n.government:
        player(new, n.government).cash -= owed.shortfall
    msgs.append(
        checks.message(
            N_("{nation} pays {total}M interest."), nation=nation, total=sum(owed.due.values())
        )
    )


def _invest(new: State, move: Any, card: str | None, msgs: list[Message]) -> None:
    if card:
        player(new, card).cash += 2
        msgs.append(checks.message(N_("{player} takes 2M with the investor card."), player=card))
    for inv in move.investments:
        p = player(new, inv.player)
        price = inv.bond - (inv.trade_in or 0)
        p.cash -= price
        nation = new.nations[inv.nation]
        nation.treasury += price
        if inv.trade_in is not None:
            p.bonds = [
                b for b in p.bonds if not (b.nation == inv.nation and b.cost == inv.trade_in)
            ]
        p.bonds.append(Bond.model_construct(nation=inv.nation, cost=inv.bond))
        if nation.stack is not None:
            nation.stack = sorted(
                [c for c in nation.stack if c != inv.bond]
                + ([inv.trade_in] if inv.trade_in is not None else [])
            )
        msgs.append(
            checks.message(
                N_("{player} buys the {cost}M bond of {nation} for {price}M."),
                player=inv.player,
                cost=inv.bond,
                nation=inv.nation,
                price=price,
            )
        )


def _governments(new: State, reference: str | None, msgs: list[Message]) -> None:
    for nid, gov in governments_after(new, reference).items():
        if new.nations[nid].government != gov:
            new.nations[nid].government = gov
            msgs.append(
                checks.message(N_("{player} now governs {nation}."), player=gov, nation=nid)
            )
    ruling = {n.government for n in new.nations.values()}
    for p in new.players:
        p.swiss_bank = p.name not in ruling


def _doubtful(move: ManeuverMove) -> list[Message]:
    """A note for each border used whose map confidence is not high."""
    b = board()
    pairs = [(f.from_, f.to) for f in move.fleets]
    pairs += [(a, c) for army in move.armies for a, c in itertools.pairwise(army.route)]
    notes = []
    for a, c in dict.fromkeys(pairs):
        confidence = b.confidence(a, c)
        if confidence not in (None, "high"):
            notes.append(
                checks.message(
                    N_(
                        "The border {source}-{target} is rated {confidence} in the map data, "
                        "not confirmed on a printed board."
                    ),
                    source=a,
                    target=c,
                    confidence=confidence,
                )
            )
    return notes


def _transfer(new: State, move: TransferMove, msgs: list[Message]) -> None:
    giver = player(new, move.source)
    giver.cash -= move.amount
    new.nations[move.target].treasury += move.amount
    msgs.append(
        checks.message(
            N_("{player} gives {amount}M to {nation}."),
            player=giver.name,
            amount=move.amount,
            nation=move.target,
        )
    )


def _action(state: State, new: State, move: Any, msgs: list[Message]) -> None:
    """The rondel action itself (without the investing that may follow)."""
    nid = move.nation
    n = new.nations[nid]
    idx = index(state)
    if isinstance(move, FactoryMove):
        if move.region is None:
            msgs.append(checks.message(N_("{nation} builds no factory."), nation=nid))
            return
        n.treasury -= 5
        kind: Any = idx.board.city[move.region]
        n.factories.append(Factory.model_construct(region=move.region, kind=kind))
        msgs.append(
            checks.message(
                N_("{nation} builds a factory in {region}."), nation=nid, region=move.region
            )
        )
    elif isinstance(move, ProductionMove):
        from .moves import produced, supply_left

        units = dict(idx.units)
        left = {k: supply_left(state, nid, k) for k in ("army", "fleet")}
        for region, kind in produced(state, move):
            if left[kind] > 0:
                left[kind] -= 1
                units[(nid, kind, region, None)] = units.get((nid, kind, region, None), 0) + 1
        new.units = _rebuild(units)
        msgs.append(checks.message(N_("{nation} produces."), nation=nid))
    elif isinstance(move, ImportMove):
        units = dict(idx.units)
        for item in move.units:
            key = (nid, item.kind, item.region, None)
            units[key] = units.get(key, 0) + 1
        n.treasury -= len(move.units)
        new.units = _rebuild(units)
        msgs.append(
            checks.message(N_("{nation} imports {count} units."), nation=nid, count=len(move.units))
        )
    elif isinstance(move, ManeuverMove):
        _maneuver(state, new, move, msgs)
    elif isinstance(move, TaxationMove):
        result = tax_result(state, nid)
        n.tax = result["tax"]
        n.power_points = min(25, n.power_points + result["power_points"])
        n.treasury += result["income"]
        if result["bonus"] and n.government:
            player(new, n.government).cash += result["bonus"]
        msgs.append(
            checks.message(
                N_(
                    "{nation} collects {revenue}M tax: marker on {tax}, bonus {bonus}M, "
                    "+{points} power points, {income}M to the treasury."
                ),
                nation=nid,
                revenue=result["revenue"],
                tax=result["tax"],
                bonus=result["bonus"],
                points=result["power_points"],
                income=result["income"],
            )
        )
    elif isinstance(move, InvestorMove):
        _pay_interest(state, new, nid, msgs)


def _maneuver(state: State, new: State, move: ManeuverMove, msgs: list[Message]) -> None:
    out = simulate(state, move)
    new.units = _rebuild(out.units)
    for owner, regions in out.factories.items():
        new.nations[owner].factories = [
            f for f in new.nations[owner].factories if f.region not in regions
        ]
    for region, holder in out.flags.items():
        for other in new.nations.values():
            if region in other.flags:
                other.flags.remove(region)
        if holder:
            new.nations[holder].flags.append(region)
    msgs.append(
        checks.message(
            N_("{nation} maneuvers; {battles} battles fought."),
            nation=move.nation,
            battles=out.battles,
        )
    )
    msgs.extend(_doubtful(move))


def _rondel_turn(state: State, new: State, move: Any, msgs: list[Message]) -> None:
    nid = move.nation
    n = new.nations[nid]
    space = rondel_space(state, move)
    cost = rondel_cost(distance(n.rondel, space))
    gov_name = n.government
    if cost:
        player(new, gov_name).cash -= cost
        msgs.append(
            checks.message(
                N_("{player} pays {cost}M for the extra spaces."), player=gov_name, cost=cost
            )
        )
    investing = invests(state, move)
    n.rondel = space  # type: ignore[assignment]
    _action(state, new, move, msgs)
    if new.variant == "standard":
        if investing:
            card = new.investor_card
            _invest(new, move, card, msgs)
            _governments(new, card, msgs)
            new.investor_card = next_seat(new, card)
    elif move.investments:
        _invest(new, move, None, msgs)
        _governments(new, state.nations[nid].government, msgs)
    new.turn = next_turn(new, nid)  # type: ignore[assignment]


def _conserve(before: State, new: State) -> None:
    """Keep the counted pieces and money beside the board in step with the board: what a
    move takes from the table comes from beside it, and what it removes goes back."""
    if before.bank is not None:
        new.bank = before.bank - (_in_play(new) - _in_play(before))
    for nid, n in new.nations.items():
        spare = before.nations[nid].spare
        if spare is None:
            continue
        was, now = _on_board(before, nid), _on_board(new, nid)
        n.spare = spare.model_copy(
            update={k: getattr(spare, k) - (now[k] - was[k]) for k in ("armies", "fleets", "flags")}
        )
    if before.spare_factories is not None:
        was_built, now_built = _built(before), _built(new)
        new.spare_factories = before.spare_factories.model_copy(
            update={
                k: getattr(before.spare_factories, k) - (now_built[k] - was_built[k])
                for k in ("armaments", "shipyard")
            }
        )


def _in_play(state: State) -> int:
    return sum(p.cash for p in state.players) + sum(n.treasury for n in state.nations.values())


def _on_board(state: State, nation: str) -> dict[str, int]:
    armies = sum(u.count for u in state.units if u.nation == nation and u.kind == "army")
    fleets = sum(u.count for u in state.units if u.nation == nation and u.kind == "fleet")
    return {"armies": armies, "fleets": fleets, "flags": len(state.nations[nation].flags)}


def _built(state: State) -> dict[str, int]:
    kinds = [f.kind for n in state.nations.values() for f in n.factories]
    return {"armaments": kinds.count("armaments"), "shipyard": kinds.count("shipyard")}


def apply(state: State, move: Any) -> tuple[State, Sequence[Message]]:
    """The state after a legal ``move``, and what happened, in words."""
    new = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    msgs: list[Message] = []
    if isinstance(move, TransferMove):
        _transfer(new, move, msgs)
    elif isinstance(move, OpeningMove):
        from .opening import buy

        buy(new, move, msgs)
    else:
        _rondel_turn(state, new, move, msgs)
    if reached_25(new):
        new.over = True
    _conserve(state, new)
    return new, msgs


__all__ = ["apply", "game_over", "interest", "invests", "purses"]
