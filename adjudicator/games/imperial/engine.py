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
from .bonds import governments, invest, opening_choice, pay_interest
from .counted import conserve
from .data import FACTORY_COST, IMPORT_COST
from .logic import (
    distance,
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
    Factory,
    FactoryMove,
    ImportMove,
    InvestorMove,
    ManeuverMove,
    OpeningMove,
    ProductionMove,
    RondelMove,
    State,
    TaxationMove,
    TransferMove,
    Units,
)
from .payments import invests, rondel_space
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
        n.treasury -= FACTORY_COST
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
        n.treasury -= IMPORT_COST * len(move.units)
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
        pay_interest(state, new, nid, msgs)


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
            invest(new, move, card, msgs)
            governments(new, card, msgs)
            new.investor_card = next_seat(new, card)
    elif move.investments:
        invest(new, move, None, msgs)
        governments(new, state.nations[nid].government, msgs)
    new.turn = next_turn(new, nid)  # type: ignore[assignment]


def apply(state: State, move: AnyMove) -> tuple[State, Sequence[Message]]:
    """The state after a legal ``move``, and what happened, in words."""
    new = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    msgs: list[Message] = []
    if isinstance(move, TransferMove):
        _transfer(new, move, msgs)
    elif isinstance(move, OpeningMove):
        opening_choice(new, move, msgs)
    else:
        _rondel_turn(state, new, move, msgs)
    if reached_25(new):
        new.over = True
    conserve(state, new)
    return new, msgs


__all__ = ["apply"]
