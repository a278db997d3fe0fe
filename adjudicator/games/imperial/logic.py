"""Pure helpers shared by the checks, the effects and the scoring."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from .board import NATIONS, Board, board
from .data import PLURAL
from .models import BOND_COSTS, INTEREST, INVESTOR, RONDEL, ProductionMove, State

Key = tuple[str, str, str, str | None]  # nation, kind, region, stance


@dataclass
class Index:
    """Lookups computed once per state."""

    board: Board
    seat: dict[str, int]
    units: dict[Key, int]
    governs: dict[str, list[str]]
    holders: dict[tuple[str, int], list[str]]
    totals: dict[str, dict[str, int]]  # nation -> player -> bond total
    hostile: dict[str, set[str]] = field(default_factory=dict)  # region -> hostile nations


def stance_of(b: Board, nation: str, kind: str, region: str, stance: str | None) -> str | None:
    """The stance that counts: armies in another nation's home province are hostile by default."""
    owner = b.home.get(region)
    if kind != "army" or owner is None or owner == nation:
        return None
    return stance or "hostile"


def hostile_map(b: Board, units: dict[Key, int]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for (nation, kind, region, stance), n in units.items():
        if n > 0 and kind == "army" and stance == "hostile":
            found[region].add(nation)
    return found


def index(state: State) -> Index:
    """The lookups of ``state``, computed once and kept on the state itself (a private
    attribute, so no module global is shared between threads). A state is not changed
    after its index is taken: the engine changes only its fresh copy."""
    found = state._index
    if isinstance(found, Index):
        return found
    b = board()
    units: dict[Key, int] = defaultdict(int)
    for u in state.units:
        units[(u.nation, u.kind, u.region, stance_of(b, u.nation, u.kind, u.region, u.stance))] += (
            u.count
        )
    governs: dict[str, list[str]] = defaultdict(list)
    for nid, n in state.nations.items():
        if n.government:
            governs[n.government].append(nid)
    holders: dict[tuple[str, int], list[str]] = defaultdict(list)
    for p in state.players:
        for bond in p.bonds:
            holders[(bond.nation, bond.cost)].append(p.name)
    idx = Index(
        board=b,
        seat={p.name: i for i, p in enumerate(state.players)},
        units=units,
        governs=governs,
        holders=holders,
        totals=bond_totals(state),
        hostile=hostile_map(b, units),
    )
    state._index = idx
    return idx


def bond_totals(state: State) -> dict[str, dict[str, int]]:
    """Each nation's bond totals by player (nation -> player -> millions)."""
    totals: dict[str, dict[str, int]] = {nid: {} for nid in NATIONS}
    for p in state.players:
        for bond in p.bonds:
            totals[bond.nation][p.name] = totals[bond.nation].get(p.name, 0) + bond.cost
    return totals


def on_board(state: State) -> Counter[tuple[str, str]]:
    """The armies and fleets on the board, by (nation, kind): the one count of them that the
    supply checks, the conservation checks, production and the engine share."""
    found: Counter[tuple[str, str]] = Counter()
    for u in state.units:
        found[(u.nation, u.kind)] += u.count
    return found


def supply_left(state: State, nation: str, kind: str) -> int:
    """How many ``kind`` pieces of ``nation`` are not on the board."""
    return int(board().supply[nation][PLURAL[kind]]) - on_board(state)[(nation, kind)]


def produced(state: State, move: ProductionMove) -> list[tuple[str, str]]:
    """The (region, unit kind) each factory named by a production move would produce."""
    free = free_factories(state, move.nation, index(state).units)
    regions = free if move.factories is None else move.factories
    kinds = {f.region: f.kind for f in state.nations[move.nation].factories}
    return [(r, "army" if kinds.get(r) == "armaments" else "fleet") for r in regions]


def count(units: dict[Key, int], nation: str, kind: str, region: str) -> int:
    return sum(
        n for (na, k, r, _), n in units.items() if na == nation and k == kind and r == region
    )


def occupied(b: Board, units: dict[Key, int], region: str) -> bool:
    """A home province holding a hostile army of another nation."""
    owner = b.home.get(region)
    return any(
        n > 0 and k == "army" and s == "hostile" and r == region and na != owner
        for (na, k, r, s), n in units.items()
    )


def free_factories(state: State, nation: str, units: dict[Key, int]) -> list[str]:
    b = board()
    return [f.region for f in state.nations[nation].factories if not occupied(b, units, f.region)]


# --- rondel --------------------------------------------------------------------------------


def action_of(space: str) -> str:
    return space.split("_")[0]


def resolve_space(current: str | None, action: str, wanted: str | None) -> str:
    if wanted is not None:
        return wanted
    start = -1 if current is None else RONDEL.index(current)
    for step in range(1, 9):
        space = RONDEL[(start + step) % 8]
        if action_of(space) == action:
            return space
    return RONDEL[0]


def distance(current: str | None, space: str) -> int:
    """Steps clockwise; 0 from the centre (the first move is free)."""
    if current is None:
        return 0
    return (RONDEL.index(space) - RONDEL.index(current)) % 8


def rondel_cost(steps: int) -> int:
    return max(0, steps - 3) * 2


def passes_investor(current: str | None, space: str) -> bool:
    if current is None:
        return False
    steps = distance(current, space)
    inv = (RONDEL.index(INVESTOR) - RONDEL.index(current)) % 8
    return 0 < inv < steps


# --- money ---------------------------------------------------------------------------------


def interest_due(state: State, nation: str) -> dict[str, int]:
    due: dict[str, int] = {}
    for p in state.players:
        for bond in p.bonds:
            if bond.nation == nation:
                due[p.name] = due.get(p.name, 0) + INTEREST.get(bond.cost, 0)
    return due


def power_factor(points: int) -> int:
    return min(5, max(0, points) // 5)


def tax_space(revenue: int) -> int:
    """The tax chart's space for a revenue (IM-802): 5 or less on 5, 15 or more on 15."""
    return min(15, max(5, revenue))


def tax_power_points(revenue: int) -> int:
    """The power points a revenue adds to its nation (IM-804)."""
    return tax_space(revenue) - 5


def tax_result(state: State, nation: str) -> dict[str, int]:
    idx = index(state)
    n = state.nations[nation]
    factories = len(free_factories(state, nation, idx.units))
    revenue = 2 * factories + len(n.flags)
    tax = tax_space(revenue)
    units = sum(c for (na, _, _, _), c in idx.units.items() if na == nation)
    return {
        "revenue": revenue,
        "factories": factories,
        "flags": len(n.flags),
        "tax": tax,
        "bonus": max(0, tax - n.tax),
        "power_points": tax_power_points(revenue),
        "income": max(0, revenue - units),
        "pay": units,
    }


def bond_supply(state: State, nation: str) -> list[int]:
    """The bonds on the nation's stack: as counted, or else the printed ones nobody holds."""
    stack = state.nations[nation].stack
    if stack is not None:
        return sorted(set(stack))
    held = {b.cost for p in state.players for b in p.bonds if b.nation == nation}
    return [c for c in BOND_COSTS if c not in held]


def nearest_from(state: State, start: str | None, names: list[str]) -> str:
    """Of ``names``, the one seated nearest clockwise from ``start`` (``start`` itself first)."""
    order = [p.name for p in state.players]
    begin = order.index(start) if start in order else 0
    for step in range(len(order)):
        name = order[(begin + step) % len(order)]
        if name in names:
            return name
    return names[0]


def governments_after(state: State, reference: str | None) -> dict[str, str | None]:
    """Who governs each nation after the change-of-government check."""
    result: dict[str, str | None] = {}
    totals = bond_totals(state)
    for nid, n in state.nations.items():
        t = {k: v for k, v in totals[nid].items() if v > 0}
        gov = n.government
        if not t:
            result[nid] = gov
            continue
        best = max(t.values())
        if gov is not None and t.get(gov, 0) >= best:
            result[nid] = gov
            continue
        leaders = [k for k, v in t.items() if v == best]
        result[nid] = nearest_from(state, reference, leaders)
    return result


def next_seat(state: State, name: str | None) -> str | None:
    order = [p.name for p in state.players]
    if name not in order:
        return order[0] if order else None
    return order[(order.index(name) + 1) % len(order)]


def next_turn(state: State, nation: str) -> str | None:
    start = NATIONS.index(nation)
    for step in range(1, 7):
        nid = NATIONS[(start + step) % 6]
        if state.nations[nid].government:
            return nid
    return None


def seat_order_from(state: State, start: str | None) -> list[str]:
    order = [p.name for p in state.players]
    begin = order.index(start) if start in order else 0
    return [order[(begin + i) % len(order)] for i in range(len(order))]


def reached_25(state: State) -> bool:
    return any(n.power_points >= 25 for n in state.nations.values())


def game_over(state: State) -> bool:
    """The state says the game has ended, or a nation has 25 power points."""
    return bool(state.over) or reached_25(state)


def player(state: State, name: str | None) -> Any:
    return next((p for p in state.players if p.name == name), None)
