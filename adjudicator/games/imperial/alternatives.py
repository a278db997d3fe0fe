"""The legal alternatives offered instead of an illegal move."""

from __future__ import annotations

from typing import Any

from ...core.checks import Kind
from ...core.i18n import N_, Message
from ...core.verdicts import Alternative
from .board import NATIONS, board
from .destinations import maneuver_words, maneuvers
from .logic import action_of, distance, index, player, resolve_space, rondel_cost
from .models import RONDEL, ManeuverMove, State, TransferMove
from .moves import book, factory, imports, transfer
from .registry import checks
from .vocab import region_name, space_name


def _candidates(state: State, move: Any) -> list[dict[str, Any]]:
    """Simple moves to offer instead: the same action first, then the other spaces."""
    if isinstance(move, TransferMove):
        giver = player(state, move.source)
        if giver is None or not giver.cash:
            return []
        return [
            {"type": transfer.KIND.type, "source": giver.name, "target": nid, "amount": 1}
            for nid in NATIONS
        ][:3]
    nid = move.nation if state.turn is None else state.turn
    b = index(state).board
    n = state.nations[nid]
    out: list[dict[str, Any]] = []
    for space in sorted(RONDEL, key=lambda sp: (action_of(sp) != move.type, RONDEL.index(sp))):
        action = action_of(space)
        if action == factory.KIND.type:
            out += [
                {"type": action, "nation": nid, "space": space, "region": r}
                for r in b.homes_of[nid]
                if all(f.region != r for f in n.factories)
            ]
        elif action == imports.KIND.type:
            out.append({"type": action, "nation": nid, "space": space, "units": []})
        else:
            out.append({"type": action, "nation": nid, "space": space})
    return out


def _describe(state: State, data: dict[str, Any]) -> Message:
    if "space" not in data:  # a gift
        return book.describe(state, data)
    n = state.nations[data["nation"]]
    cost = rondel_cost(distance(n.rondel, data["space"]))
    if data["type"] == factory.KIND.type and cost:
        return checks.message(
            N_("Take {space} and build a factory in {region}; the rondel costs {cost}M."),
            space=space_name(data["space"]),
            region=region_name(data["region"]),
            cost=cost,
        )
    if data["type"] == factory.KIND.type:
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


def _pieces(move: Any) -> list[tuple[str, str]]:
    """The (kind, region) of each unit a maneuver moves, in the move's order."""
    if not isinstance(move, ManeuverMove):
        return []
    found = [("army", a.route[0]) for a in move.armies]
    return found + [("fleet", f.from_) for f in move.fleets]


def _same_piece(state: State, move: Any) -> list[dict[str, Any]]:
    """The moves of the units the maneuver names, each alone, one per destination: the
    same piece and the same kind of move come first among the alternatives."""
    pieces = _pieces(move)
    if not pieces:
        return []
    nid = move.nation
    space = resolve_space(state.nations[nid].rondel, move.type, move.space)
    base = {"type": move.type, "nation": nid, "space": space}
    seen: set[tuple[str, str, str]] = set()
    out = []
    for kind, region in pieces:
        for data in maneuvers(state, board(), base):
            where = book.options.place(state, data) or {}  # type: ignore[misc]
            if where.get("piece") != {"nation": nid, "kind": kind, "region": region}:
                continue
            key = (kind, region, where["to"][0])
            if data.get("battles") or data.get("destroy") or key in seen:
                continue
            seen.add(key)
            out.append(data)
    return out


def _legal(state: State, data: dict[str, Any]) -> bool:
    candidate = book.adapter.validate_python(data)
    return not any(
        True
        for check in checks.of_kind(Kind.MOVE)
        if check.applies_to(data["type"])
        for _ in check.func(state, candidate)
    )


def alternatives(state: State, move: Any) -> list[Alternative]:
    """This piece's legal moves first (an army's legal destinations), then the other
    actions, the same action first."""
    found = [
        Alternative(data, checks.message(N_("Move: {move}."), move=maneuver_words(data)))
        for data in _same_piece(state, move)
        if _legal(state, data)
    ][:MOST_SAME_PIECE]
    others = 0
    for data in _candidates(state, move):
        if _legal(state, data):
            found.append(Alternative(data, _describe(state, data)))
            others += 1
        if others >= MOST_OTHERS:
            break
    return found


#: How many of the same piece's moves, then of the other actions, are offered.
MOST_SAME_PIECE, MOST_OTHERS = 20, 10
