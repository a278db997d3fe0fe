"""Random legal moves, for playouts and soak tests.

``sample_moves(state, rng)`` lists legal moves of the active player in random order,
covering every move type; ``playout(seed, n)`` plays ``n`` of them from a setup example
and checks every state reached.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .models import State
from .moves import book


def sample_moves(state: State | dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Legal moves of the active player, in random order (several of each kind, as each
    kind's module samples them)."""
    if not isinstance(state, State):
        state = State.model_validate(state)
    return book.sample_moves(state, rng, weight=lambda data: 1.0)


def setup(rng: random.Random) -> dict[str, Any]:
    from . import GAME

    return GAME.example(f"setup-{rng.randint(2, 5)}p")


def mutate_move(state: State, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """An illegal variant of a legal move."""
    others = [p.colour for p in state.players if p.colour != state.turn.active]
    bad = dict(move)
    if "building" in move:  # a worker on a building
        bad["building"] = 50
    elif "bomb" in move:  # a bomb tested or loaded
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
        weights = [book[m["type"]].weight for m in options]
        data = rng.choices(options, weights)[0]
        move = GAME.parse_move(data)
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
