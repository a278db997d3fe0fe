"""The end of the game (IM-1xx): the power track, and no move after the end."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..logic import game_over, reached_25
from ..models import ROUND_MOVES, AnyMove, State
from ..registry import checks
from ..vocab import nation_name


@checks.state("IM-102", title=N_("Power points stay between 0 and 25"))
def power_track(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if n.power_points > 25:
            yield checks.violation(
                "IM-102",
                N_("{nation} has {points} power points; the track ends at 25."),
                f"/nations/{nid}/power_points",
                nation=nation_name(nid),
                points=n.power_points,
            )


@checks.state("IM-106", title=N_("The state says the game is over exactly at 25 power points"))
def end_recorded(state: State) -> Iterator[Violation]:
    reached = reached_25(state)
    if state.over is True and not reached:
        yield checks.violation(
            "IM-106",
            N_("The state says the game is over, but no nation has 25 power points."),
            "/over",
        )
    elif state.over is False and reached:
        yield checks.violation(
            "IM-106",
            N_("A nation has 25 power points, so the game is over; the state says it is not."),
            "/over",
        )


@checks.move("IM-101", "IM-106", title=N_("No move after the end"))
def after_the_end(state: State, move: AnyMove) -> Iterator[Violation]:
    if not game_over(state):
        return
    if move.type in ROUND_MOVES and reached_25(state):
        yield checks.violation(
            "IM-101", N_("The game is over: a nation has 25 power points."), "/move"
        )
    else:
        yield checks.violation("IM-106", N_("The game is over: no move is made after it."), "/move")
