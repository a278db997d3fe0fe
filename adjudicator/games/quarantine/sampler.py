"""Random legal moves, for playouts and soak tests.

``sample_moves(state, rng)`` lists legal moves of the active player, covering every move
type: drawing a random cube from the bag and placing it (in a waiting line, in Emergency,
on a tile, spreading through a nurse station), every action and special-room action, the
free moves (claiming a contract, placing a tile kept aside) and ending the round.
``playout(seed, n)`` plays ``n`` moves from the setup examples, restarting when a game is
over, and checks every state reached.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from .alternatives import is_legal
from .data import box_cubes, offers
from .geometry import SIDES, Layout, capacity, layout
from .models import COLOURS, SPECIAL_KINDS, Cubes, State
from .rules.common import active
from .rules.draw import grey_targets

EXAMPLES = Path(__file__).parent / "examples"
SPOT = "?"
"""Stands for a square still to be found for a new tile."""


def _cubes(heap: Cubes) -> list[str]:
    return [c for c in (*COLOURS, "grey") for _ in range(heap.get(c))]


def _pay(supply: Cubes, n: int, rng: random.Random) -> dict[str, int] | None:
    pool = [c for c in _cubes(supply) if c != "grey"]
    if len(pool) < n:
        return None
    picked = rng.sample(pool, n)
    return {c: picked.count(c) for c in sorted(set(picked))}


def _doors(rng: random.Random) -> list[str]:
    return rng.sample(list(SIDES), rng.choice((2, 3, 3, 4)))


def _spots(lay: Layout, rng: random.Random) -> list[tuple[int, int]]:
    near = {
        (x + dx, y + dy) for (x, y) in lay.tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    }
    spots = sorted(near - set(lay.tiles))
    rng.shuffle(spots)
    return spots


def _placed(
    state: State, base: dict[str, Any], rng: random.Random, tries: int = 8
) -> dict[str, Any] | None:
    """``base`` with a legal square and rotation for its new tile, if one is found quickly."""
    i, _ = active(state)
    for x, y in _spots(layout(state, i), rng)[:tries]:
        move = {**base, "at": [x, y], "rotation": rng.choice((0, 90, 180, 270))}
        if is_legal(state, move):
            return move
    return None


def _draw(state: State, rng: random.Random) -> list[dict[str, Any]]:
    bag = _cubes(state.bag)
    if not bag or state.end.triggered or state.end.over:
        return []
    if state.round.draws >= 4:
        return []
    cube = rng.choice(bag)
    found: list[dict[str, Any]] = []
    if cube != "grey":
        for i, p in enumerate(state.players):
            found.append({"type": "place_patient", "colour": cube, "player": p.name})
            lay = layout(state, i)
            if any(not lay.tiles[q].patients for q in lay.working("emergency")):
                found.append(
                    {"type": "place_patient", "colour": cube, "player": p.name, "emergency": True}
                )
        return found
    if state.round.first_round:
        return [{"type": "place_grey"}]
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for x, y in grey_targets(state, i):
            found.append({"type": "place_grey", "player": p.name, "at": [x, y]})
            if state.grey_supply:
                for corner in lay.stations_of((x, y)):
                    for q in Layout.station_tiles(corner):
                        t = lay.tiles[q]
                        if q != (x, y) and not t.grey and t.kind != "containment":
                            found.append(
                                {
                                    "type": "place_grey",
                                    "player": p.name,
                                    "at": [x, y],
                                    "spread": [list(q)],
                                }
                            )
    return found or [{"type": "place_grey"}]


def _admit(state: State, rng: random.Random) -> list[dict[str, Any]]:
    i, me = active(state)
    lay = layout(state, i)
    used: dict[tuple[int, int], int] = {}
    rooms: list[list[int]] = []
    for cube in me.line:
        free = [
            q
            for q, t in lay.tiles.items()
            if t.kind == "treatment"
            and t.colour == cube
            and not t.grey
            and len(t.patients) + used.get(q, 0) < capacity(lay, q)
        ]
        if not free:
            break
        q = rng.choice(free)
        used[q] = used.get(q, 0) + 1
        rooms.append(list(q))
    if not rooms:
        return []
    return [{"type": "admit", "rooms": rooms[: rng.randint(1, len(rooms))]}]


def _market(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Contracts, purchases of special rooms, claims, extra treatment rooms and placing a
    tile kept aside."""
    i, me = active(state)
    lay = layout(state, i)
    r = state.round
    moves: list[dict[str, Any]] = []
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS and stack.count and not stack.price.total():
            asked = _pay(me.supply, rng.choice((2, 2, 3)), rng)
            if asked:
                moves.append({"type": "contract", "kind": stack.kind, "price": asked})
    for seller, kind, price in offers(state):
        if kind in r.bought_special:
            continue
        pay: dict[str, int] = price.model_dump()
        if lay.working("purchasing"):
            pay = _pay(me.supply, price.total(), rng) or pay
        base = {
            "type": "buy_special",
            "kind": kind,
            "seller": seller,
            "pay": pay,
            "doors": _doors(rng),
        }
        moves.append({**base, "at": SPOT} if rng.random() < 0.7 else {**base, "at": None})
    for c in me.contracts:
        if c.claimable and c.count:
            base = {"type": "claim_contract", "kind": c.kind, "doors": _doors(rng)}
            moves.append({**base, "at": SPOT})
            moves.append({**base, "at": None})
    for stack in state.market:
        if stack.kind == "treatment" and stack.count and stack.colour not in r.bought_treatment:
            two = _pay(me.supply, 2, rng)
            if two:
                base = {
                    "type": "buy_treatment",
                    "colour": stack.colour,
                    "pay": two,
                    "doors": _doors(rng),
                }
                moves.append({**base, "at": SPOT})
    for k in range(len(me.set_aside)):
        moves.append({"type": "place_set_aside", "index": k, "at": SPOT})
    return moves


def _actions(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Reordering the line, markers, disinfecting, Pathology and renovating."""
    i, me = active(state)
    lay = layout(state, i)
    moves: list[dict[str, Any]] = []
    if len(me.line) > 1:
        line = list(me.line)
        cube = line.pop(rng.randrange(len(line)))
        line.insert(rng.randrange(len(line) + 1), cube)
        moves.append({"type": "move_patients", "line": line})
        if lay.working("triage"):
            moves.append({"type": "move_patients", "line": rng.sample(me.line, len(me.line))})
    moves.append({"type": "take_marker"})
    for j, p in enumerate(state.players):
        for x, y in layout(state, j).quarantined():
            moves.append(
                {
                    "type": "disinfect",
                    "player": p.name,
                    "at": [x, y],
                    "keep": bool(lay.working("lab")) and rng.random() < 0.5,
                }
            )
            moves.append(
                {
                    "type": "pathology",
                    "player": p.name,
                    "corner": [x - 1, y],
                    "keep": bool(lay.working("lab")),
                }
            )
    free = [q for q, t in lay.tiles.items() if not t.grey and not t.patients and t.kind != "lobby"]
    if free:
        q = rng.choice(free)
        moves.append({"type": "renovate", "steps": [{"source": list(q), "to": None}]})
        moves.append(
            {
                "type": "renovate",
                "steps": [{"source": list(q), "to": list(q), "turn": rng.choice((90, 180, 270))}],
            }
        )
    return moves


def _specials(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """The special rooms' own actions and ending the round."""
    _, me = active(state)
    moves: list[dict[str, Any]] = [{"type": "pharmacy"}]
    for spent in COLOURS:
        if box_cubes(state).get(spent):
            moves.append({"type": "gift_shop", "colour": spent})
    others = [p.name for p in state.players if p.name != me.name and p.markers]
    moves.append(
        {
            "type": "cafeteria",
            "source": None if state.marker_supply else (rng.choice(others) if others else None),
        }
    )
    moves.append({"type": "end_round"})
    return moves


def sample_moves(
    state: State,
    rng: random.Random,
    limit: int | None = None,
    types: set[str] | None = None,
) -> list[dict[str, Any]]:
    """Legal moves for the active player, in random order (only of ``types``, if given)."""
    if state.end.over:
        return []
    lay = layout(state, active(state)[0])
    moves: list[dict[str, Any]] = []
    moves += _draw(state, rng)
    moves += _admit(state, rng)
    colours = {c for t in lay.tiles.values() if not t.grey for c in t.patients}
    for colour in sorted(colours):
        moves.append({"type": "treat", "colour": colour})
        for on_call in sorted(colours - {colour}):
            moves.append({"type": "treat", "colour": colour, "on_call": on_call})
    moves += _market(state, rng) + _actions(state, rng) + _specials(state, rng)
    if types is not None:
        moves = [m for m in moves if m["type"] in types]
    order = sorted(moves, key=lambda m: rng.random() ** (1.0 / _weight(m)), reverse=True)
    legal: list[dict[str, Any]] = []
    for move in order:
        found = (
            _placed(state, move, rng, tries=6)
            if move.get("at") == SPOT
            else (move if is_legal(state, move) else None)
        )
        if found is not None:
            legal.append(found)
            if limit is not None and len(legal) >= limit:
                break
    return legal


def setup(rng: random.Random) -> State:
    """A setup example for 2 to 4 players, with 8 special rooms drawn at random."""
    from . import GAME

    name = rng.choice(("setup-2p", "setup-3p", "setup-4p"))
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    # The rooms with an action of their own are always in play, so that playouts use them.
    own_action = ["pharmacy", "pathology", "gift_shop", "cafeteria"]
    kinds = own_action + rng.sample([k for k in SPECIAL_KINDS if k not in own_action], 4)
    rng.shuffle(kinds)
    copies = 1 if len(data["players"]) == 2 else 2
    data["special_kinds"] = kinds
    data["market"] = [{"kind": k, "count": copies} for k in kinds] + [
        s for s in data["market"] if s["kind"] == "treatment"
    ]
    state: State = GAME.parse_state(data)
    return state


WEIGHTS = {
    "end_round": 0.3,
    "place_patient": 3.0,
    "place_grey": 3.0,
    "buy_special": 20.0,
    "treat": 3.0,
    "claim_contract": 4.0,
    "contract": 2.0,
    "buy_treatment": 2.0,
    "pharmacy": 2.0,
    "pathology": 2.0,
    "gift_shop": 2.0,
    "cafeteria": 50.0,
    "admit": 2.0,
}


def _weight(move: dict[str, Any]) -> float:
    return WEIGHTS.get(move["type"], 1.0)


def playout(seed: int, n: int) -> list[dict[str, Any]]:
    """Play ``n`` sampled moves from setups; return each step's move and the rules broken."""
    from . import GAME

    rng = random.Random(seed)
    state = setup(rng)
    log: list[dict[str, Any]] = []
    while len(log) < n:
        moves = sample_moves(state, rng, limit=1)
        if not moves:
            state = setup(rng)
            continue
        pick = moves[0]
        move = GAME.parse_move(pick)
        after, _ = GAME.apply(state, move)
        problems = [v.rule for v in GAME.violations(after)]
        if len(log) % 25 == 0:
            after = GAME.parse_state(after.model_dump(mode="json"))
        log.append({"move": pick, "problems": problems})
        state = after
    return log


def _variants(state: State, move: dict[str, Any]) -> list[dict[str, Any]]:
    """Small changes to a move: another player, another colour, a shifted square, a larger
    count, or the same action again by a player whose turn it is not."""
    names = [p.name for p in state.players]
    found: list[dict[str, Any]] = []
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            found.append({**move, key: not value})
        elif isinstance(value, int):
            found += [{**move, key: value + 7}, {**move, key: value - 7}]
        elif isinstance(value, str) and value in names:
            found += [{**move, key: other} for other in names if other != value]
        elif isinstance(value, str) and value in COLOURS:
            found += [{**move, key: other} for other in COLOURS if other != value]
        elif isinstance(value, str) and value in SPECIAL_KINDS:
            found += [{**move, key: other} for other in SPECIAL_KINDS if other != value]
    return found


def mutate_move(state: Any, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """An illegal variant of a legal move (still well formed), or ``None`` if none is near."""
    from . import GAME

    parsed = state if isinstance(state, State) else GAME.parse_state(state)
    variants = _variants(parsed, move)
    rng.shuffle(variants)
    for variant in variants:
        try:
            GAME.parse_move(variant)
        except ValueError:
            continue
        if not is_legal(parsed, variant):
            return variant
    return None
