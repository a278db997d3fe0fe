"""Design a bomb: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..cards_drawn import random_bomb
from ..engine import mark_placed
from ..models import (
    BombCard,
    MoveBase,
    Player,
    Small,
    State,
    WorkerRef,
)
from ..rules import checks
from ..staffing import central_workers
from ..supply import take

Candidate = dict[str, Any]
Data = dict[str, Any]


class DesignBomb(MoveBase):
    SPACE: ClassVar[str] = "design_bomb"
    """The space of the central board it takes."""

    type: Literal["design_bomb"]
    workers: list[WorkerRef] = Field(max_length=4)
    picks: list[Small] = Field(
        max_length=8, description="indexes into the face-up row, in draft order"
    )
    revealed: list[BombCard] = Field(default_factory=list, max_length=8)


KIND = MoveKind(
    DesignBomb, checks, section="design", label=N_("Design a bomb"), weight=1.0, listed=False
)


@KIND.check("MP-801", "MP-802", "MP-521", title=N_("Designing bombs"))
def design_check(state: State, move: DesignBomb) -> Iterator[Violation]:
    if sorted(w.kind for w in move.workers) != ["engineer", "scientist"]:
        yield checks.violation(
            "MP-521",
            N_("Design Bomb takes exactly one engineer and one scientist."),
            "/move/workers",
        )
    if state.design_closed:
        yield checks.violation(
            "MP-802",
            N_("Design Bomb is closed for the rest of the game."),
            "/move",
        )
        return
    n = len(state.players)
    if (
        len(move.picks) != n
        or len(set(move.picks)) != n
        or any(i >= len(state.bomb_row) for i in move.picks)
    ):
        yield checks.violation(
            "MP-801",
            N_(
                "Each of the {count} players picks one different face-up card, starting "
                "with the active player."
            ),
            "/move/picks",
            count=n,
        )
    want = n + 1 if state.bomb_deck >= n + 1 else 0
    if move.revealed and not want:
        yield checks.violation(
            "MP-802",
            N_plural(
                "The deck has only {count} bomb card, too few to refill the row: no card is "
                "revealed and Design Bomb closes.",
                "The deck has only {count} bomb cards, too few to refill the row: no card is "
                "revealed and Design Bomb closes.",
            )
            if state.bomb_deck
            else N_("The bomb deck is empty: no card is revealed and Design Bomb closes."),
            "/move/revealed",
            count=state.bomb_deck,
        )
    elif len(move.revealed) != want:
        yield checks.violation(
            "MP-802",
            N_plural(
                "The refill reveals {count} card from a deck of {deck}.",
                "The refill reveals {count} cards from a deck of {deck}.",
            ),
            "/move/revealed",
            count=want,
            deck=state.bomb_deck,
        )


@KIND.apply
def effect(new: State, p: Player, move: DesignBomb, out: list[Message]) -> None:
    new.board.design_bomb.extend(take(p, move.workers))
    mark_placed(new, len(move.workers))
    seat = new.seat(p.colour)
    row = list(new.bomb_row)
    n = len(new.players)
    for k, pick in enumerate(move.picks):
        new.players[(seat + k) % n].hand.append(row[pick])
    for j, card in enumerate(row):
        if j not in move.picks:
            p.hand.append(card)
    if move.revealed:
        new.bomb_row = [c.model_copy(deep=True) for c in move.revealed]
        new.bomb_deck -= len(move.revealed)
    else:
        new.bomb_row = []
        new.design_closed = True
        out.append(checks.message(N_("Design Bomb is now closed for the rest of the game.")))


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


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    workers = central_workers(state)
    if not workers:
        return []
    return _design_candidates(state, rng, workers)
