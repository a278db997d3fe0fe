"""The end of the game and the scoring."""

from __future__ import annotations

from collections.abc import Iterator

from ...core.i18n import N_
from ...core.verdicts import Scoring, Violation
from .data import LOAD_POINTS
from .logic import bomb_value, points, target
from .models import State
from .rules import checks


@checks.score("MP-104", title=N_("Only one player can reach the target"))
def one_winner(state: State) -> Iterator[Violation]:
    goal = target(state)
    reached = [p.colour for p in state.players if points(p) >= goal]
    if len(reached) > 1:
        yield checks.violation(
            "MP-104",
            N_(
                "{players} are all at or above {target}; the game ended when the first of "
                "them reached it."
            ),
            "/players",
            players=checks.names("colour", reached),
            target=goal,
        )


def score(state: State) -> Scoring:
    goal = target(state)
    scores: dict[str, int] = {}
    details: dict[str, dict[str, int]] = {}
    steps = []
    for p in state.players:
        tested = p.test is not None
        bombs = sum(bomb_value(b, tested) for b in p.bombs)
        loads = LOAD_POINTS * sum(1 for b in p.bombs if b.loaded)
        test = p.test.value if p.test is not None else 0
        total = points(p)
        scores[p.colour] = total
        details[p.colour] = {"bombs": bombs, "loads": loads, "test": test}
        steps.append(
            checks.message(
                N_("{player}: bombs {bombs} + loads {loads} + test {test} = {total}."),
                player=checks.name("colour", p.colour),
                bombs=bombs,
                loads=loads,
                test=test,
                total=total,
            )
        )
    reached = [p.colour for p in state.players if scores[p.colour] >= goal]
    final = bool(reached)
    seat: dict[str, int] = {p.colour: i for i, p in enumerate(state.players)}
    ranking = sorted(scores, key=lambda c: (c not in reached, -scores[c], seat[c]))
    tiebreaks = []
    if final:
        steps.append(
            checks.message(
                N_("{player} reached the target of {target} and wins."),
                player=checks.name("colour", ranking[0]),
                target=goal,
            )
        )
    values = list(scores.values())
    if len(set(values)) < len(values):
        tiebreaks.append(
            checks.message(
                N_("The rules name no tie-break; equal scores are listed in seat order.")
            )
        )
    return Scoring(scores, ranking, final, steps, tiebreaks, details)
