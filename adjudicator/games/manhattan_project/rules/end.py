"""Goal and end of the game (MP-1xx): the target, announced points, no move after the end."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..logic import (
    entered,
    points,
    target,
)
from ..models import State
from . import checks


@checks.state("MP-101", title=N_("Only the active player can be at the target"))
def target_reached(state: State) -> Iterator[Violation]:
    goal = target(state)
    for i, p in enumerate(state.players):
        if p.colour != state.turn.active and points(p) >= goal:
            yield checks.violation(
                "MP-101",
                N_(
                    "{player} has {points} points, at or above the target of {target}; "
                    "the game ended on that player's turn."
                ),
                f"/players/{i}",
                player=checks.name("colour", p.colour),
                points=points(p),
                target=goal,
            )


@checks.state("MP-102", "MP-902", "MP-905", title=N_("Announced points match the bombs"))
def announced_points(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.points is None:
            continue
        real = points(p)
        if p.points == real:
            continue
        if p.test is not None and p.points == points(p, tested_values=False):
            rule = "MP-902"
        elif p.points == points(p, loads=False):
            rule = "MP-905"
        else:
            rule = "MP-102"
        yield checks.violation(
            rule,
            N_(
                "{player} announces {announced} points, but the bombs, loads and test give "
                "{points}."
            ),
            f"/players/{i}/points",
            player=checks.name("colour", p.colour),
            announced=p.points,
            points=real,
        )


@checks.state("MP-105", title=N_("The state says when the game is over"))
def game_over_flag(state: State) -> Iterator[Violation]:
    goal = target(state)
    reached = [p for p in state.players if points(p) >= goal]
    if state.game_over and not reached:
        yield checks.violation(
            "MP-105",
            N_("The state says the game is over, but nobody has reached the target of {target}."),
            "/game_over",
            target=goal,
        )
    elif reached and not state.game_over and entered(state, "game_over"):
        yield checks.violation(
            "MP-105",
            N_("{player} has reached the target of {target}, so the game is over."),
            "/game_over",
            player=checks.name("colour", reached[0].colour),
            target=goal,
        )
