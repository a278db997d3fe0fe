"""The constants of the box and the counts over a state that several checks share.

The component list of the Greek rulebook (seed 001, Περιεχόμενα): 96 patient cubes (24 of
each colour), 32 grey cubes, 28 special rooms (2 of 14 kinds), 16 starting and 8 extra
treatment rooms (4 and 2 of each colour), 4 lobbies, 8 extra-action markers.
"""

from __future__ import annotations

from collections import Counter

from .models import COLOURS, SPECIAL_KINDS, Cubes, State

PATIENTS_PER_COLOUR = 24


GREY_CUBES = 32


MARKERS = 8


EXTRA_ROOMS_PER_COLOUR = 2


SPECIAL_IN_PLAY = 8


#: What an extra treatment room costs, in cubes of any colours (QU-619).
TREATMENT_ROOM_PRICE = 2


def copies_for(players: int) -> int:
    """Tiles of each special kind in play with ``players`` players: 2, or 1 with two."""
    return 1 if players == 2 else 2


def copies(state: State) -> int:
    """Tiles of each special kind in play in ``state``."""
    return copies_for(len(state.players))


def cube_totals(state: State) -> Counter[str]:
    """Every cube on the table, the bag and the box, by colour."""
    cached = state._cache.get("cubes")
    if isinstance(cached, Counter):
        return cached
    found: Counter[str] = Counter()

    def add(heap: object) -> None:
        for c in (*COLOURS, "grey"):
            found[c] += getattr(heap, c)

    add(state.bag)
    if state.box is not None:
        add(state.box)
    found["grey"] += state.grey_supply
    for stack in state.market:
        add(stack.price)
    for p in state.players:
        add(p.supply)
        found.update(p.line)
        for c in p.contracts:
            add(c.price)
        for t in p.hospital:
            found.update(t.patients)
            found["grey"] += t.grey
    state._cache["cubes"] = found
    return found


def box_cubes(state: State) -> Cubes:
    """The box: as entered, or, when it was not counted, every cube not found elsewhere."""
    if state.box is not None:
        return state.box
    totals = cube_totals(state)
    full = {c: PATIENTS_PER_COLOUR for c in COLOURS} | {"grey": GREY_CUBES}
    return Cubes(**{c: max(0, n - totals[c]) for c, n in full.items()})


def special_counts(state: State) -> Counter[str]:
    found: Counter[str] = Counter()
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS:
            found[stack.kind] += stack.count
    for p in state.players:
        for c in p.contracts:
            found[c.kind] += c.count
        for t in p.hospital:
            if t.kind in SPECIAL_KINDS:
                found[t.kind] += 1
        for s in p.set_aside:
            if s.kind in SPECIAL_KINDS:
                found[s.kind] += 1
    return found


def tiles_left(state: State) -> int:
    return sum(s.count for s in state.market) + sum(
        c.count for p in state.players for c in p.contracts
    )


def add_cubes(heap: Cubes, other: Cubes, sign: int = 1) -> None:
    for c in (*COLOURS, "grey"):
        setattr(heap, c, heap.get(c) + sign * other.get(c))


def to_box(state: State, cubes: Cubes) -> None:
    """Spent cubes go to the box (which stays uncounted if it was not counted)."""
    if state.box is not None:
        add_cubes(state.box, cubes)


def offers(state: State) -> list[tuple[str | None, str, Cubes]]:
    """The special rooms the active player may buy: (seller, kind, price) of every open
    contract, the market's first (seller ``None``), then the other players'."""
    found: list[tuple[str | None, str, Cubes]] = [
        (None, s.kind, s.price) for s in state.market if s.count and s.price.total()
    ]
    found += [
        (p.name, c.kind, c.price)
        for p in state.players
        if p.name != state.round.active
        for c in p.contracts
        if c.count
    ]
    return found
