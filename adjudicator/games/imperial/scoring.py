"""The end of the game and the final scores: interest times power factor, plus cash."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ...core.i18n import N_, Message, N_plural, Plural
from ...core.verdicts import Scoring, Violation
from .logic import game_over, power_factor
from .models import INTEREST, State
from .registry import checks
from .vocab import nation_name


@checks.score("IM-101", title=N_("The game ends at 25 power points"))
def over(state: State) -> Iterator[Violation]:
    if not game_over(state):
        yield checks.violation(
            "IM-101",
            N_("No nation has 25 power points yet; the scores are provisional."),
            "/nations",
        )


@checks.score("IM-103", "IM-104", title=N_("Every bond and power total can be scored"))
def scorable(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if n.power_points > 25:
            yield checks.violation(
                "IM-103",
                N_("{nation} has {points} power points; the power factor is defined up to 25."),
                f"/nations/{nid}/power_points",
                nation=nation_name(nid),
                points=n.power_points,
            )
    for i, p in enumerate(state.players):
        for j, b in enumerate(p.bonds):
            if b.cost not in INTEREST:
                yield checks.violation(
                    "IM-104",
                    N_("A {cost}M bond pays no printed interest."),
                    f"/players/{i}/bonds/{j}",
                    cost=b.cost,
                )


def _key(state: State, name: str, scores: dict[str, int]) -> tuple[int, ...]:
    nations = sorted(state.nations, key=lambda nid: -state.nations[nid].power_points)
    p = next(p for p in state.players if p.name == name)
    totals = [sum(b.cost for b in p.bonds if b.nation == nid) for nid in nations]
    return (scores[name], *totals)


@checks.score("IM-105", title=N_("Ties are broken by bonds in the strongest nations"))
def unbroken(state: State) -> Iterator[Violation]:
    result = score(state)
    keys = [_key(state, name, dict(result.scores)) for name in result.ranking]  # type: ignore[arg-type]
    for a, b in itertools.pairwise(keys):
        if a == b:
            yield checks.violation(
                "IM-105",
                N_(
                    "Two players tie on points and on bonds in every "
                    "nation; the rules break the tie no further."
                ),
                "/players",
            )
            return


def _step(name: str, bonds: int, cash: int) -> Message:
    """One player's score in words: the points from bonds (interest times power factor)
    and from cash, never a zero shown as a count."""
    template: str | Plural
    if bonds and cash:
        template = N_plural(
            "{player}: {count} point, {bonds} from bonds and {cash} from cash.",
            "{player}: {count} points, {bonds} from bonds and {cash} from cash.",
        )
    elif bonds:
        template = N_plural(
            "{player}: {count} point, all from bonds; no cash.",
            "{player}: {count} points, all from bonds; no cash.",
        )
    elif cash:
        template = N_plural(
            "{player}: {count} point, all from cash; the bonds score nothing.",
            "{player}: {count} points, all from cash; the bonds score nothing.",
        )
    else:
        template = N_("{player} scores no points: the bonds score nothing and no cash is left.")
    return checks.message(template, player=name, count=bonds + cash, bonds=bonds, cash=cash)


def score(state: State) -> Scoring:
    scores: dict[str, int] = {}
    details: dict[str, dict[str, int]] = {}
    steps = []
    for p in state.players:
        row: dict[str, int] = {}
        total = p.cash
        for b in p.bonds:
            factor = power_factor(state.nations[b.nation].power_points)
            value = INTEREST.get(b.cost, 0) * factor
            row[b.nation] = row.get(b.nation, 0) + value
            total += value
        row["cash"] = p.cash
        details[p.name] = row
        scores[p.name] = total
        steps.append(_step(p.name, total - p.cash, p.cash))
    ranking = sorted(scores, key=lambda name: tuple(-x for x in _key(state, name, scores)))
    tiebreaks = []
    for first, second in itertools.pairwise(ranking):
        if scores[first] == scores[second]:
            tiebreaks.append(
                checks.message(
                    N_("{first} ranks ahead of {second} on bonds held in the strongest nations."),
                    first=first,
                    second=second,
                )
            )
    return Scoring(
        scores=scores,
        ranking=ranking,
        final=game_over(state),
        steps=steps,
        tiebreaks=tiebreaks,
        details=details,
    )
