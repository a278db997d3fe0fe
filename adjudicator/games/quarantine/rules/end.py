"""Section ``end`` of rules.toml (QU-1xx): the end of the game."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import (
    tiles_left,
)
from ..models import State
from . import checks


@checks.state("QU-101", title=N_("The game ends when the last tile is taken"))
def end_by_tiles(state: State) -> Iterator[Violation]:
    if tiles_left(state) == 0 and not state.end.triggered:
        yield checks.violation(
            "QU-101",
            N_("No tile is left to buy, but the end of the game is not triggered."),
            "/end/triggered",
        )


@checks.state("QU-102", title=N_("The game ends when the last patient is drawn"))
def end_by_bag(state: State) -> Iterator[Violation]:
    if state.bag.coloured() == 0 and not state.end.triggered:
        yield checks.violation(
            "QU-102",
            N_("The bag holds no patient, but the end of the game is not triggered."),
            "/end/triggered",
        )


@checks.state("QU-103", title=N_("One more round for every other player"))
def final_rounds(state: State) -> Iterator[Violation]:
    end = state.end
    if not end.triggered and (end.over or end.final_rounds_left):
        yield checks.violation(
            "QU-103",
            N_("The game cannot be over, or in its final rounds, before the end is triggered."),
            "/end",
        )
    elif end.final_rounds_left > len(state.players):
        yield checks.violation(
            "QU-103",
            N_plural(
                "{count} final round is left; with {most} players there are at most {most}.",
                "{count} final rounds are left; with {most} players there are at most {most}.",
            ),
            "/end/final_rounds_left",
            count=end.final_rounds_left,
            most=len(state.players),
        )
    elif end.over and end.final_rounds_left:
        yield checks.violation(
            "QU-103",
            N_plural(
                "The game is over although {count} final round is left.",
                "The game is over although {count} final rounds are left.",
            ),
            "/end/final_rounds_left",
            count=end.final_rounds_left,
        )
