"""Applying a move: :func:`apply` returns the resulting state and what happened, in words.

What the engine learns while it applies a move, it returns; it keeps nothing between
calls. Every problem a move can have (a short treasury, a bond nobody can pay for) is found
by the move checks from the state before it, with the figures of :mod:`.payments` that the
engine applies too, so the checks need no notes from the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from ...core.i18n import N_, Message, N_plural
from .board import NATIONS, board
from .counted import conserve
from .logic import (
    distance,
    governments_after,
    index,
    next_seat,
    next_turn,
    player,
    produced,
    reached_25,
    rondel_cost,
    supply_left,
    tax_result,
)
from .maneuver import simulate
from .models import (
    AnyMove,
    Bond,
    Factory,
    FactoryMove,
    ImportMove,
    InvestorMove,
    ManeuverMove,
    NationId,
    OpeningMove,
    ProductionMove,
    RondelMove,
    State,
    TaxationMove,
    TransferMove,
    Units,
)
from .opening import following
from .payments import interest, invests, rondel_space
from .rules import checks
from .vocab import CONFIDENCE, nation_name, region_name

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
            N_("{nation} pays {total}M interest."),
            nation=nation_name(nation),
            total=sum(owed.due.values()),
        )
    )


def _invest(new: State, move: RondelMove, card: str | None, msgs: list[Message]) -> None:
    if card:
        player(new, card).cash += 2
        msgs.append(checks.message(N_("{player} takes 2M with the investor card."), player=card))
    for inv in move.investments:
        _buy(new, inv.player, inv.nation, inv.bond, inv.trade_in, msgs)


def _buy(
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


def _governments(new: State, reference: str | None, msgs: list[Message]) -> None:
    for nid, gov in governments_after(new, reference).items():
        if new.nations[nid].government != gov:
            new.nations[nid].government = gov
            msgs.append(
                checks.message(
                    N_("{player} now governs {nation}."), player=gov, nation=nation_name(nid)
                )
            )
    _swiss_banks(new)


def _swiss_banks(new: State) -> None:
    """Every player without a government holds a Swiss bank."""
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
                        "The border between {source} and {target} is rated {confidence} in "
                        "the map data, not confirmed on a printed board."
                    ),
                    source=region_name(a),
                    target=region_name(c),
                    confidence=checks.message(CONFIDENCE.get(confidence, confidence)),
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
            nation=nation_name(move.target),
        )
    )


def _action(state: State, new: State, move: RondelMove, msgs: list[Message]) -> None:
    """The rondel action itself (without the investing that may follow)."""
    nid = move.nation
    n = new.nations[nid]
    idx = index(state)
    if isinstance(move, FactoryMove):
        if move.region is None:
            msgs.append(checks.message(N_("{nation} builds no factory."), nation=nation_name(nid)))
            return
        n.treasury -= 5
        kind: Any = idx.board.city[move.region]
        n.factories.append(Factory.model_construct(region=move.region, kind=kind))
        msgs.append(
            checks.message(
                N_("{nation} builds a factory in {region}."),
                nation=nation_name(nid),
                region=region_name(move.region),
            )
        )
    elif isinstance(move, ProductionMove):
        units = dict(idx.units)
        left = {k: supply_left(state, nid, k) for k in ("army", "fleet")}
        for region, kind in produced(state, move):
            if left[kind] > 0:
                left[kind] -= 1
                units[(nid, kind, region, None)] = units.get((nid, kind, region, None), 0) + 1
        new.units = _rebuild(units)
        msgs.append(checks.message(N_("{nation} produces."), nation=nation_name(nid)))
    elif isinstance(move, ImportMove):
        units = dict(idx.units)
        for item in move.units:
            key = (nid, item.kind, item.region, None)
            units[key] = units.get(key, 0) + 1
        n.treasury -= len(move.units)
        new.units = _rebuild(units)
        if move.units:
            said = checks.message(
                N_plural("{nation} imports {count} unit.", "{nation} imports {count} units."),
                nation=nation_name(nid),
                count=len(move.units),
            )
        else:
            said = checks.message(N_("{nation} imports no unit."), nation=nation_name(nid))
        msgs.append(said)
    elif isinstance(move, ManeuverMove):
        _maneuver(state, new, move, msgs)
    elif isinstance(move, TaxationMove):
        _taxation(state, new, nid, msgs)
    elif isinstance(move, InvestorMove):
        _pay_interest(state, new, nid, msgs)


def _taxation(state: State, new: State, nid: str, msgs: list[Message]) -> None:
    result = tax_result(state, nid)
    n = new.nations[nid]
    n.tax = result["tax"]
    n.power_points = min(25, n.power_points + result["power_points"])
    n.treasury += result["income"]
    if result["bonus"] and n.government:
        player(new, n.government).cash += result["bonus"]
    msgs.extend(_taxation_said(result, nid, n.government))


def _taxation_said(result: dict[str, int], nid: str, government: str | None) -> list[Message]:
    """What a taxation did, one sentence a part, leaving out the parts that are nothing."""
    said = [
        checks.message(
            N_("{nation} collects {revenue}M tax; its tax marker goes to {tax}."),
            nation=nation_name(nid),
            revenue=result["revenue"],
            tax=result["tax"],
        )
        if result["revenue"]
        else checks.message(
            N_("{nation} collects no tax; its tax marker goes to {tax}."),
            nation=nation_name(nid),
            tax=result["tax"],
        )
    ]
    if result["bonus"] and government:
        said.append(
            checks.message(
                N_("{player} takes a success bonus of {bonus}M."),
                player=government,
                bonus=result["bonus"],
            )
        )
    if result["power_points"]:
        said.append(
            checks.message(
                N_plural(
                    "{nation} gains {count} power point.", "{nation} gains {count} power points."
                ),
                nation=nation_name(nid),
                count=result["power_points"],
            )
        )
    if result["income"]:
        said.append(
            checks.message(
                N_plural(
                    "{count}M goes to the treasury of {nation}.",
                    "{count}M go to the treasury of {nation}.",
                ),
                nation=nation_name(nid),
                count=result["income"],
            )
        )
    elif result["revenue"]:
        said.append(
            checks.message(
                N_(
                    "Nothing goes to the treasury of {nation}: its armies and fleets cost the "
                    "whole revenue."
                ),
                nation=nation_name(nid),
            )
        )
    return said


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
    if out.battles:
        said = checks.message(
            N_plural(
                "{nation} maneuvers; {count} battle fought.",
                "{nation} maneuvers; {count} battles fought.",
            ),
            nation=nation_name(move.nation),
            count=out.battles,
        )
    else:
        said = checks.message(N_("{nation} maneuvers."), nation=nation_name(move.nation))
    msgs.append(said)
    msgs.extend(_doubtful(move))


def _rondel_turn(state: State, new: State, move: RondelMove, msgs: list[Message]) -> None:
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


def _opening(new: State, move: OpeningMove, msgs: list[Message]) -> None:
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
        _buy(new, move.player, move.nation, move.bond, None, msgs)
    for nid, gov in governments_after(new, opening.first).items():
        new.nations[nid].government = gov
    new.opening = following(new, opening)
    if new.opening is not None:
        return
    _swiss_banks(new)
    names = [p.name for p in new.players]
    first = new.nations["AH"].government or new.nations["IT"].government
    if new.variant == "standard" and first is not None:
        new.investor_card = names[(names.index(first) + 1) % len(names)]
    first_turn: Any = next((nid for nid in NATIONS if new.nations[nid].government), None)
    new.turn = first_turn
    msgs.append(checks.message(N_("The opening purchases are over; the first turn begins.")))


def apply(state: State, move: AnyMove) -> tuple[State, Sequence[Message]]:
    """The state after a legal ``move``, and what happened, in words."""
    new = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    msgs: list[Message] = []
    if isinstance(move, TransferMove):
        _transfer(new, move, msgs)
    elif isinstance(move, OpeningMove):
        _opening(new, move, msgs)
    else:
        _rondel_turn(state, new, move, msgs)
    if reached_25(new):
        new.over = True
    conserve(state, new)
    return new, msgs


__all__ = ["apply"]
