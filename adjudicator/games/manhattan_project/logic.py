"""Small computations shared by the checks, the moves and the scoring."""

from __future__ import annotations

from collections import Counter

from .data import LOAD_POINTS, TARGET
from .models import GREY, SPACES, Bomb, Piece, Player, State


def target(state: State) -> int:
    return TARGET.get(len(state.players), 45)


def bomb_value(bomb: Bomb, tested: bool) -> int:
    card = bomb.card
    if card.kind == "plutonium" and tested and card.tested_points is not None:
        return card.tested_points
    return card.points


def points(player: Player, *, tested_values: bool = True, loads: bool = True) -> int:
    tested = player.test is not None and tested_values
    total = sum(bomb_value(b, tested) for b in player.bombs)
    if loads:
        total += LOAD_POINTS * sum(1 for b in player.bombs if b.loaded)
    if player.test is not None:
        total += player.test.value
    return total


def piece_counts(state: State) -> Counter[tuple[str, str]]:
    """Placed and held pieces by (colour, kind); grey for contractors."""
    counts: Counter[tuple[str, str]] = Counter()
    for piece in state.all_pieces():
        counts[(piece.colour, piece.kind)] += 1
    for p in state.players:
        for kind in ("laborer", "engineer", "scientist"):
            counts[(p.colour, kind)] += p.workers.get(kind)
            counts[(GREY, kind)] += p.contractors.get(kind)
    return counts


def pieces_out(player_pieces: list[Piece], colour: str) -> int:
    return sum(1 for piece in player_pieces if piece.colour == colour)


def central_pieces(state: State) -> list[tuple[str, int, Piece]]:
    return [(name, i, pc) for name in SPACES for i, pc in enumerate(state.board.space(name))]
