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
from .placing import place
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
    space = resolve_space(state.nations[nid].rondel, "maneuver", move.space)
    base = {"type": "maneuver", "nation": nid, "space": space}
    seen: set[tuple[str, str, str]] = set()
    out = []
    for kind, region in pieces:
        for data in maneuvers(state, board(), base):
            where = place(state, data) or {}
            if where.get("piece") != {"nation": nid, "kind": kind, "region": region}:
                continue
            key = (kind, region, where["to"][0])
            if data.get("battles") or data.get("destroy") or key in seen:
                continue
            seen.add(key)
            out.append(data)
    return out


def _legal(state: State, data: dict[str, Any]) -> bool:
    from . import GAME

    candidate = GAME.move_adapter.validate_python(data)
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


def allowed_by(state: State, move: Any) -> list[str]:
    """The rules a legal maneuver is made under, by what it does: a fleet's move (IM-601),
    an army's step, convoy or rail journey (IM-602, IM-603, IM-604), a stance (IM-610,
    IM-611), a battle (IM-607, IM-608, IM-609 in a port), a destroyed factory (IM-613)."""
    if not isinstance(move, ManeuverMove):
        return []
    b = board()
    found: list[str] = []
    if move.fleets:
        found.append("IM-601")
    for army in move.armies:
        found.append("IM-602")
        if any(r in b.seas for r in army.route):
            found.append("IM-603")
        elif len(army.route) > 2:
            found.append("IM-604")
        if b.home.get(army.route[-1]) not in (None, move.nation):
            found.append("IM-610")
    if move.stances:
        found.append("IM-611")
    for battle in move.battles:
        found += ["IM-607", "IM-608"]
        if battle.region not in b.seas and (battle.unit == "fleet" or battle.target == "fleet"):
            found.append("IM-609")
    if move.destroy:
        found.append("IM-613")
    return list(dict.fromkeys(found))
