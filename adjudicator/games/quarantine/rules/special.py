# ruff: noqa: E501
"""Section ``special`` of rules.toml (QU-7xx): the special rooms."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..geometry import layout
from ..models import State
from ..vocab import at
from . import checks


@checks.state("QU-711", title=N_("Containment"))
def containment(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "containment" and t.grey:
                yield checks.violation(
                    "QU-711",
                    N_(
                        "{player}'s Containment {place} holds a grey cube; it can never be quarantined."
                    ),
                    f"/players/{i}/hospital/{j}/grey",
                    player=p.name,
                    place=at(layout(state, i).tiles, (t.x, t.y)),
                )


@checks.state("QU-713", title=N_("Lab"))
def lab_greys(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.supply.grey and not (
            layout(state, i).has("lab") or any(t.kind == "lab" for t in p.set_aside)
        ):
            yield checks.violation(
                "QU-713",
                N_plural(
                    "{player} keeps {count} grey cube but has no Lab.",
                    "{player} keeps {count} grey cubes but has no Lab.",
                ),
                f"/players/{i}/supply/grey",
                player=p.name,
                count=p.supply.grey,
            )


@checks.state("QU-714", title=N_("Emergency"))
def emergency(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "emergency" and len(t.patients) > 1:
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency holds {count} patients; it takes one."),
                    f"/players/{i}/hospital/{j}/patients",
                    player=p.name,
                    count=len(t.patients),
                )
