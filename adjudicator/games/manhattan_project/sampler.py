"""Random legal moves, for playouts and soak tests.

``sample_moves(state, rng)`` lists legal moves of the active player in random order,
covering every move type; ``playout(seed, n)`` plays ``n`` of them from a setup example
and checks every state reached.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from . import alternatives as _alternatives
from .data import BUILDING_KINDS, BUILDINGS_PER_KIND, REPAIR_LIMIT, SPACE_SPECS
from .logic import fits
from .models import KINDS, BombCard, BuildingCard, Player, State
from .moves import WorkerRef

SIMPLE_SPACES = [
    s
    for s in SPACE_SPECS
    if s not in ("construction", "air_strike_1", "air_strike_2", "repair", "design_bomb")
]


def random_building(rng: random.Random, state: State | None = None) -> dict[str, Any]:
    """A regular building card; with ``state``, of a kind not yet face up 10 times (MP-210)."""
    kinds = list(BUILDING_KINDS)
    if state is not None:
        faceup = [c for c in state.market if c is not None]
        faceup += [b for p in state.players for b in p.buildings]
        seen = Counter(c.kind for c in faceup)
        kinds = [k for k in kinds if seen[k] < BUILDINGS_PER_KIND] or kinds
    kind = rng.choice(kinds)
    size = rng.randint(1, 3)
    needs = [rng.choice(["any", "any", "laborer", "engineer", "scientist"]) for _ in range(size)]
    costs: list[dict[str, int]] = []
    if kind == "mine":
        outputs = [{"yellowcake": rng.randint(1, 4)}]
    elif kind == "factory":
        outputs = rng.choice(
            [
                [{"money": rng.randint(2, 5)}],
                [{"fighters": 1}, {"money": 2}],
                [{"bombers": 2, "money": 1}],
            ]
        )
    elif kind == "university":
        outputs = rng.choice(
            [
                [{"engineers": 1}, {"scientists": 1}],
                [{"laborers": 2}],
                [{"scientists": 1}],
                [{"engineers": 2}],
            ]
        )
    elif kind == "reactor":
        costs = [{"yellowcake": rng.randint(2, 4)}, {"uranium": 1}]
        outputs = [{"plutonium": rng.randint(1, 2)}]
    else:
        costs = [{"money": rng.randint(2, 5), "yellowcake": rng.randint(1, 3)}]
        outputs = [{"uranium": rng.randint(1, 2)}]
    return BuildingCard.model_validate(
        {"kind": kind, "workers": needs, "costs": costs, "outputs": outputs}
    ).model_dump(mode="json")


def random_bomb(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["plutonium", "uranium"])
    points = rng.randint(8, 30)
    data: dict[str, Any] = {
        "kind": kind,
        "engineers": rng.randint(1, 3),
        "scientists": rng.randint(1, 3),
        "fuel": rng.randint(2, 7),
        "load_cost": rng.randint(1, 2),
        "points": points,
    }
    if kind == "plutonium":
        data["tested_points"] = 2 * points
    return BombCard.model_validate(data).model_dump(mode="json")


def _fill(state: State, needs: list[str], rng: random.Random) -> list[dict[str, Any]] | None:
    p = state.active
    pool = [WorkerRef(kind=k) for k in KINDS for _ in range(p.workers.get(k))]
    pool += [WorkerRef(kind=k, contractor=True) for k in KINDS for _ in range(p.contractors.get(k))]
    rng.shuffle(pool)
    chosen: list[WorkerRef] = []
    for need in sorted(needs, key=lambda n: n == "any"):
        for ref in pool:
            if pool.count(ref) > chosen.count(ref) and need in ("any", ref.kind):
                chosen.append(ref)
                break
        else:
            return None
    if not fits([r.kind for r in chosen], needs):
        return None
    return [r.model_dump(exclude_defaults=True) for r in chosen]


def _candidates(state: State, rng: random.Random) -> list[dict[str, Any]]:
    p = state.active
    found: list[dict[str, Any]] = []
    workers = _alternatives.worker_options(state.active)
    opponents = [q for q in state.players if q.colour != p.colour]
    if state.turn.step == 1 and workers:
        found += _central_candidates(state, rng, workers)
        found.append(_air_strike_candidate(state, rng, workers, opponents))
        found.append(_repair_candidate(state, rng, workers, opponents))
        found += _design_candidates(state, rng, workers)
    found += _step_two_candidates(state, rng, opponents)
    found.append({"type": "end_turn"})
    found.append({"type": "retrieve"})
    return found


def _central_candidates(
    state: State, rng: random.Random, workers: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A worker on each simple space, and Construction from each market slot."""
    found: list[dict[str, Any]] = []
    for space in SIMPLE_SPACES:
        w = rng.choice(workers)
        spec = SPACE_SPECS[space]
        move: dict[str, Any] = {"type": "place_central", "space": space, "worker": w}
        if len(spec.outputs) > 1:
            move["output"] = rng.randrange(len(spec.outputs))
        if rng.random() < 0.1:
            move["skip"] = True
        if space.startswith("university") and rng.random() < 0.3:
            move["contractors"] = rng.randint(0, 1)
        found.append(move)
    for slot, offered in enumerate(state.market):
        if offered is None:
            continue
        move = {"type": "construct", "worker": rng.choice(workers), "slot": slot}
        if state.building_deck:
            move["drawn"] = random_building(rng, state)
        found.append(move)
    found.append({"type": "construct", "worker": rng.choice(workers)})
    return found


def _air_strike_candidate(
    state: State, rng: random.Random, workers: list[dict[str, Any]], opponents: list[Player]
) -> dict[str, Any]:
    """One air strike: shoot what can be shot, then bomb the undefended."""
    p = state.active
    fighters, bombers = p.fighters, p.bombers
    left = {q.colour: [q.fighters, q.bombers] for q in opponents}
    attacks: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 4)):
        targets = [c for c, (f, b) in left.items() if f or b]
        if fighters and targets:
            c = rng.choice(targets)
            hit = "fighters" if left[c][0] else "bombers"
            left[c][0 if hit == "fighters" else 1] -= 1
            fighters -= 1
            attacks.append({"kind": "fighter", "target": c, "aircraft": hit})
    for q in opponents:
        if bombers and left[q.colour][0] == 0 and q.buildings and rng.random() < 0.7:
            bombers -= 1
            attacks.append(
                {
                    "kind": "bomber",
                    "target": q.colour,
                    "building": rng.randrange(len(q.buildings)),
                }
            )
    return {
        "type": "air_strike",
        "space": rng.choice(["air_strike_1", "air_strike_2"]),
        "worker": rng.choice(workers),
        "attacks": attacks,
    }


def _repair_candidate(
    state: State, rng: random.Random, workers: list[dict[str, Any]], opponents: list[Player]
) -> dict[str, Any]:
    p = state.active
    own = [j for j, b in enumerate(p.buildings) for _ in range(b.damage)][:REPAIR_LIMIT]
    others = []
    for q in opponents:
        damaged = [j for j, b in enumerate(q.buildings) for _ in range(b.damage)][:1]
        if damaged and q.money >= 2:
            others.append({"player": q.colour, "buildings": damaged})
    return {"type": "repair", "worker": rng.choice(workers), "own": own, "others": others}


def _design_candidates(
    state: State, rng: random.Random, workers: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    n = len(state.players)
    found: list[dict[str, Any]] = []
    e = [w for w in workers if w["kind"] == "engineer"]
    s = [w for w in workers if w["kind"] == "scientist"]
    if e and s and not state.design_closed:
        picks = rng.sample(range(len(state.bomb_row)), n) if len(state.bomb_row) > n else []
        revealed = [random_bomb(rng) for _ in range(n + 1)] if state.bomb_deck > n else []
        found.append(
            {
                "type": "design_bomb",
                "workers": [e[0], s[0]],
                "picks": picks,
                "revealed": revealed,
            }
        )
    return found


def _step_two_candidates(
    state: State, rng: random.Random, opponents: list[Player]
) -> list[dict[str, Any]]:
    """Placements on buildings (an opponent's after Espionage) and the bomb actions."""
    p = state.active
    found: list[dict[str, Any]] = []
    move: dict[str, Any]
    owners = [p] + (opponents if state.turn.espionage else [])
    for q in owners:
        for j, b in enumerate(q.buildings):
            refs = _fill(state, list(b.workers), rng)
            if refs is None:
                continue
            move = {
                "type": "place_building",
                "building": j,
                "workers": refs,
                "cost": rng.randrange(len(b.costs)) if b.costs else 0,
                "output": rng.randrange(max(1, len(b.outputs))),
            }
            if q is not p:
                move["owner"] = q.colour
            found.append(move)
    for j, card in enumerate(p.hand):
        refs = _fill(state, ["engineer"] * card.engineers + ["scientist"] * card.scientists, rng)
        if refs is not None:
            found.append({"type": "build_bomb", "card": j, "workers": refs})
    for j in range(len(p.bombs)):
        found.append({"type": "load_bomb", "bomb": j})
        found.append({"type": "test_bomb", "bomb": j})
    if opponents and rng.random() < 0.05:
        found.append({"type": "negotiate", "partner": rng.choice(opponents).colour})
    return found


def sample_moves(state: State | dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Legal moves of the active player, in random order (several of each kind)."""
    if not isinstance(state, State):
        state = State.model_validate(state)
    legal = []
    for data in _candidates(state, rng):
        move = _alternatives.MOVE_ADAPTER.validate_python(data)
        if _alternatives.is_legal(state, move):
            legal.append(data)
    rng.shuffle(legal)
    return legal


def setup(rng: random.Random) -> dict[str, Any]:
    from . import GAME

    return GAME.example(f"setup-{rng.randint(2, 5)}p")


def mutate_move(state: State, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """An illegal variant of a legal move."""
    others = [p.colour for p in state.players if p.colour != state.turn.active]
    bad = dict(move)
    if move["type"] == "place_building":
        bad["building"] = 50
    elif move["type"] in ("load_bomb", "test_bomb"):
        bad["bomb"] = 29
    elif others:
        bad["player"] = rng.choice(others)
    else:
        return None
    return bad


def playout(seed: int, n: int, seen: Counter[str] | None = None) -> tuple[int, list[str]]:
    """Play ``n`` legal moves from setups; return (moves played, problems found).

    ``seen``, when given, counts the move types played.
    """
    from . import GAME

    rng = random.Random(seed)
    problems: list[str] = []
    state = GAME.parse_state(setup(rng))
    played = 0
    while played < n:
        options = sample_moves(state, rng)
        if not options:
            state = GAME.parse_state(setup(rng))
            continue
        weights = [0.3 if m["type"] in ("end_turn", "retrieve") else 1.0 for m in options]
        data = rng.choices(options, weights)[0]
        move = _alternatives.MOVE_ADAPTER.validate_python(data)
        verdict = GAME.adjudicate_parsed(state, move)
        played += 1
        if seen is not None:
            seen[data["type"]] += 1
        if not verdict.legal:
            problems.append(f"move {played}: {data} judged illegal: {sorted(verdict.rules)}")
            state = GAME.parse_state(setup(rng))
            continue
        assert verdict.state is not None
        state = State.model_validate(verdict.state)
        broken = GAME.violations(state)
        if broken:
            problems.append(
                f"move {played}: {data} led to {[v.rule for v in broken]}: "
                f"{[str(v.message) for v in broken][:3]}"
            )
            state = GAME.parse_state(setup(rng))
    return played, problems
