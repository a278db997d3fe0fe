"""Small computations shared by the checks, the engine, the options and the scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel

from .data import CONTRACTORS_PER_TYPE, FREE_SLOTS, LOAD_POINTS, PIECES_PER_TYPE, TARGET
from .models import GREY, SPACES, Amounts, Bomb, Piece, Player, State, WorkerRef


def target(state: State) -> int:
    return TARGET.get(len(state.players), 45)


def bomb_value(bomb: Bomb, tested: bool) -> int:
    card = bomb.card
    if card.kind == "plutonium" and tested and card.tested_points is not None:
        return card.tested_points
    return card.points


def points(player: Player, *, tested_values: bool = True, loads: bool = True) -> int:
    """The player's points: bombs (tested values once tested), loads and the test marker."""
    if not player.bombs and player.test is None:
        return 0
    tested = player.test is not None and tested_values
    total = sum(bomb_value(b, tested) for b in player.bombs)
    if loads:
        total += LOAD_POINTS * sum(1 for b in player.bombs if b.loaded)
    if player.test is not None:
        total += player.test.value
    return total


def piece_counts(state: State) -> Counter[tuple[str, str]]:
    """Placed and held pieces by (colour, kind); grey for contractors."""
    counts: Counter[tuple[str, str]] = Counter(
        (piece.colour, piece.kind) for piece in state.all_pieces()
    )
    for p in state.players:
        own, grey = p.workers, p.contractors
        counts[(p.colour, "laborer")] += own.laborers
        counts[(p.colour, "engineer")] += own.engineers
        counts[(p.colour, "scientist")] += own.scientists
        counts[(GREY, "laborer")] += grey.laborers
        counts[(GREY, "engineer")] += grey.engineers
        counts[(GREY, "scientist")] += grey.scientists
    return counts


def pieces_out(player_pieces: list[Piece], colour: str) -> int:
    return sum(1 for piece in player_pieces if piece.colour == colour)


def central_pieces(state: State) -> list[tuple[str, int, Piece]]:
    return [(name, i, pc) for name in SPACES for i, pc in enumerate(state.board.space(name))]


def at_setup(state: State) -> bool:
    """The table as set up, before the first player has done anything."""
    return state.turns_played == 0 and not state.turn.placing


def entered(model: BaseModel, field: str) -> bool:
    """Whether ``field`` was given in the input (not left to its default)."""
    return field in model.model_fields_set


def fits(kinds: list[str], needs: list[str], *, partial: bool = False) -> bool:
    """Whether worker types ``kinds`` fill the requirement ``needs`` exactly.

    With ``partial``, ``kinds`` may be what is left of such a group after a spy's
    retrieval (their own workers went home; the contractors stay until the owner retrieves).
    """
    if len(kinds) > len(needs) or (not partial and len(kinds) != len(needs)):
        return False
    left = Counter(kinds)
    slots = len(needs) - len(kinds)  # unfilled requirements, when partial
    for need in needs:
        if need != "any":
            if left[need] > 0:
                left[need] -= 1
            elif slots > 0:
                slots -= 1
            else:
                return False
    return True


def lacking_worker(p: Player, refs: Sequence[WorkerRef]) -> str | None:
    """The first worker type the player lacks in the personal supply, if any."""
    need = Counter((r.kind, r.contractor) for r in refs)
    for (kind, grey), n in need.items():
        have = p.contractors.get(kind) if grey else p.workers.get(kind)
        if n > have:
            return kind
    return None


def general_supply(state: State, colour: str, kind: str) -> tuple[int, int]:
    """(own-colour pieces, grey pieces) of ``kind`` left in the general supply."""
    counts = piece_counts(state)
    own = max(0, PIECES_PER_TYPE - counts[(colour, kind)])
    grey = max(0, CONTRACTORS_PER_TYPE - counts[(GREY, kind)])
    return own, grey


WORKER_KEYS = ("laborers", "engineers", "scientists")


def holding(p: Player, what: str) -> int:
    """How much of ``what`` (a resource, a track or a worker type) the player holds."""
    if what in WORKER_KEYS:
        return p.workers.get(what[:-1]) + p.contractors.get(what[:-1])
    return int(getattr(p, what))


def short_of(p: Player, cost: dict[str, int] | Amounts) -> str | None:
    """The first thing of ``cost`` the player cannot pay, if any."""
    for what, amount in cost.items():
        if holding(p, what) < amount:
            return what
    return None


def slot_price(state: State, slot: int, worker: str = "") -> int:
    """What building from market ``slot`` (0-based) costs: its printed price, or what
    ``worker`` pays there (an engineer builds from the $2 and $3 slots for free)."""
    if worker == "engineer" and slot in FREE_SLOTS:
        return 0
    prices = state.market_prices
    return prices[slot] if slot < len(prices) else prices[-1] if prices else 20
