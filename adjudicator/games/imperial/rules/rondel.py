"""The rondel (IM-4xx): whose turn it is, and a legal step paid for."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..logic import action_of, distance, game_over, player, resolve_space, rondel_cost
from ..models import RondelMove, State
from ..registry import checks
from ..vocab import move_name, nation_name, space_name


@checks.state("IM-401", title=N_("The nation to move has a government"))
def turn_nation(state: State) -> Iterator[Violation]:
    if state.turn is not None and state.nations[state.turn].government is None:
        yield checks.violation(
            "IM-401",
            N_("{nation} has no government, so its turn is skipped."),
            "/turn",
            nation=nation_name(state.turn),
        )


@checks.move(
    "IM-401",
    "IM-403",
    "IM-404",
    title=N_("A legal step on the rondel"),
)
def rondel(state: State, move: RondelMove) -> Iterator[Violation]:
    if game_over(state):
        return
    nation = state.nations[move.nation]
    if nation.government is None:
        yield checks.violation(
            "IM-401",
            N_("{nation} has no government, so it does not move."),
            "/move/nation",
            nation=nation_name(move.nation),
        )
        return
    if state.turn is not None and move.nation != state.turn:
        yield checks.violation(
            "IM-401",
            N_("It is {turn}'s turn, not {nation}'s."),
            "/move/nation",
            turn=nation_name(state.turn),
            nation=nation_name(move.nation),
        )
    space = resolve_space(nation.rondel, move.type, move.space)
    if action_of(space) != move.type:
        yield checks.violation(
            "IM-403",
            N_("The space {space} is not a {action} space."),
            "/move/space",
            space=space_name(space),
            action=move_name(move.type),
        )
        return
    steps = distance(nation.rondel, space)
    if nation.rondel is not None and steps == 0:
        yield checks.violation(
            "IM-403",
            N_("{nation} may not stay on {space}."),
            "/move/space",
            nation=nation_name(move.nation),
            space=space_name(space),
        )
    elif steps > 6:
        yield checks.violation(
            "IM-403",
            N_("{space} is {steps} spaces ahead; the most is 6."),
            "/move/space",
            space=space_name(space),
            steps=steps,
        )
    else:
        cost = rondel_cost(steps)
        gov = player(state, nation.government)
        if gov is not None and cost > gov.cash:
            yield checks.violation(
                "IM-404",
                N_("{player} must pay {cost}M for the extra spaces and has {cash}M."),
                "/move/space",
                player=gov.name,
                cost=cost,
                cash=gov.cash,
            )
