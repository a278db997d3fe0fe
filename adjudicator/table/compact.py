"""Compact logs: which log lines keep the state after them, and how any other state is
rebuilt.

A line keeps its state only as a snapshot: the opening, a correction (the one state no move
leads to), and the legal move that ends a chain of :data:`SNAPSHOT_EVERY` legal moves since
the snapshot its state is rebuilt from. Every other state is rebuilt by applying at most
that many moves to a snapshot, so storage grows with the moves, not with the state, and an
undo costs at most :data:`SNAPSHOT_EVERY` adjudications. Game-independent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.core.game import Game

#: The most moves that rebuild a state from its snapshot.
SNAPSHOT_EVERY: Final = 32


@dataclass(frozen=True)
class Line:
    """A log line as the rebuilding sees it."""

    seq: int
    kind: str
    version: int | None
    undoes: int | None
    kept: bool
    """Whether it keeps the state after it."""


def rebuild_path(lines: Mapping[int, Line], seq: int) -> tuple[int, list[int]]:
    """Where the state after line ``seq`` comes from: the line that keeps it (a snapshot)
    and the legal moves (their lines, oldest first) that lead from there to it."""
    moves: list[int] = []
    while True:
        line = lines[seq]
        if line.kept:
            return seq, moves[::-1]
        if line.kind == "undo" and line.undoes is not None:
            seq = line.undoes - 1  # the state before the change it took back
        elif line.kind == "move":
            if line.version is not None:
                moves.append(seq)
            seq -= 1  # a legal move applies to the state before it; an illegal one keeps it
        else:
            raise ValueError(f"log line {line.seq} ({line.kind}) keeps no state")


def rebuild(game: Game, snapshot: Any, moves: Sequence[Any]) -> dict[str, Any]:
    """The state after applying ``moves`` (each legal when it was logged) to ``snapshot``."""
    state = dict(snapshot)
    for move in moves:
        verdict = game.adjudicate_parsed(
            game.parse_state(state), game.parse_move(move), with_alternatives=False
        )
        if verdict.state is None:  # the game's rules changed since the move was logged
            raise ValueError("a logged legal move is no longer legal")
        state = dict(verdict.state)
    return state


def next_chain(chain: int) -> tuple[int, bool]:
    """The chain after one more legal move, and whether its line keeps the state."""
    if chain + 1 >= SNAPSHOT_EVERY:
        return 0, True
    return chain + 1, False
