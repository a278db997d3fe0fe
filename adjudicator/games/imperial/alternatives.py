"""The legal alternatives offered instead of an illegal move."""

from __future__ import annotations

from typing import Any

from ...core.checks import Kind
from ...core.i18n import N_, Message
from ...core.verdicts import Alternative
from .board import NATIONS
from .logic import action_of, distance, index, player, rondel_cost
from .models import RONDEL, State, TransferMove
from .rules import checks
from .vocab import nation_name, region_name, space_name


def _candidates(state: State, move: Any) -> list[dict[str, Any]]:
    """Simple moves to offer instead: the same action first, then the other spaces."""
    if isinstance(move, TransferMove):
        giver = player(state, move.source)
        if giver is None or not giver.cash:
            return []
        return [
            {"type": "transfer", "source": giver.name, "target": nid, "amount": 1}
            for nid in NATIONS
        ][:3]
    nid = move.nation if state.turn is None else state.turn
    b = index(state).board
    n = state.nations[nid]
    out: list[dict[str, Any]] = []
    for space in sorted(RONDEL, key=lambda sp: (action_of(sp) != move.type, RONDEL.index(sp))):
        action = action_of(space)
        if action == "factory":
            out += [
                {"type": "factory", "nation": nid, "space": space, "region": r}
                for r in b.homes_of[nid]
                if all(f.region != r for f in n.factories)
            ]
        elif action == "import":
            out.append({"type": "import", "nation": nid, "space": space, "units": []})
        else:
            out.append({"type": action, "nation": nid, "space": space})
    return out


def _describe(state: State, data: dict[str, Any]) -> Message:
    if data["type"] == "transfer":
        return checks.message(
            N_("{player} gives {amount}M to {nation}."),
            player=data["source"],
            amount=data["amount"],
            nation=nation_name(data["target"]),
        )
    n = state.nations[data["nation"]]
    cost = rondel_cost(distance(n.rondel, data["space"]))
    if data["type"] == "factory" and cost:
        return checks.message(
            N_("Take {space} and build a factory in {region}; the rondel costs {cost}M."),
            space=space_name(data["space"]),
            region=region_name(data["region"]),
            cost=cost,
        )
    if data["type"] == "factory":
        return checks.message(
            N_("Take {space} and build a factory in {region} at no extra cost."),
            space=space_name(data["space"]),
            region=region_name(data["region"]),
        )
    if cost:
        return checks.message(
            N_("Take {space}; the rondel costs {cost}M."),
            space=space_name(data["space"]),
            cost=cost,
        )
    return checks.message(N_("Take {space} at no extra cost."), space=space_name(data["space"]))


def alternatives(state: State, move: Any) -> list[Alternative]:
    from . import GAME

    found: list[Alternative] = []
    for data in _candidates(state, move):
        candidate = GAME.move_adapter.validate_python(data)
        broken = any(
            True
            for check in checks.of_kind(Kind.MOVE)
            if check.applies_to(data["type"])
            for _ in check.func(state, candidate)
        )
        if not broken:
            found.append(Alternative(data, _describe(state, data)))
        if len(found) >= 10:
            break
    return found
