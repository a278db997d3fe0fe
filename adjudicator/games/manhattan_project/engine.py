"""What every move shares when it is applied (the state copied for it, the general supply,
the points and the end of the game) and the helpers of the kinds' effects (:mod:`.moves`).

Everything a move changes is in what it returns; nothing is kept between calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.i18n import Message
from .logic import (
    piece_counts,
    points,
    target,
)
from .models import Player, State, Turn
from .snapshot import copy_state
from .supply import follow_general_supply


def mark_placed(state: State, n: int) -> None:
    state.turn.placing = True
    state.turn.placed += n
    state.turn.step = 2


def next_turn(state: State, previous: str) -> None:
    seat = state.seat(state.turn.active)
    nxt = state.players[(seat + 1) % len(state.players)].colour
    state.turn = Turn(active=nxt, previous="retrieve" if previous == "retrieve" else "place")
    state.turns_played += 1


def frame(
    state: State, move: Any, effect: Callable[[State, Player, Any, list[Message]], None]
) -> tuple[State, list[Message]]:
    """What every move shares around its kind's effect: the copy of the state, the general
    supply that follows the pieces, the points and the end of the game."""
    new = copy_state(state)
    p = new.active
    out: list[Message] = []
    effect(new, p, move, out)
    if new.general_supply is not None:
        follow_general_supply(new.general_supply, piece_counts(state), piece_counts(new))
    goal = target(new)
    for q in new.players:
        if q.points is not None:
            q.points = points(q)
        if points(q) >= goal:
            new.game_over = True
    return new, out
