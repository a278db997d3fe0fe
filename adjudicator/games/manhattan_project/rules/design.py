"""Bomb design (MP-8xx): the Design Bomb space and the draft of bomb cards."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..models import State
from ..moves import DesignBomb
from . import checks


@checks.move("MP-801", "MP-802", "MP-521", title=N_("Designing bombs"))
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
