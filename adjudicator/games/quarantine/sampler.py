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

from .geometry import Layout, layout
from .models import COLOURS, SPECIAL_KINDS, State
from .moves import book
from .offers import SPOT
from .rules.common import active

EXAMPLES = Path(__file__).parent / "examples"


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
        if book.is_legal(state, move):
            return move
    return None


def sample_moves(
    state: State,
    rng: random.Random,
    limit: int | None = None,
    types: set[str] | None = None,
) -> list[dict[str, Any]]:
    """Legal moves for the active player, in random order (only of ``types``, if given):
    each kind's sampled moves (:mod:`.moves`), a new tile's square found as it comes."""
    return book.sample_moves(state, rng, limit, types, settle=_settled)


def _settled(state: State, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A sampled move made legal: a new tile's square still to be found is searched (a
    few tries), any other move is kept if it is legal."""
    if move.get("at") == SPOT:
        return _placed(state, move, rng, tries=6)
    return move if book.is_legal(state, move) else None


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
        if not book.is_legal(parsed, variant):
            return variant
    return None
