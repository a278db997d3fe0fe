"""Section ``hospital`` of rules.toml (QU-4xx): the tiles and how they are placed."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..geometry import layout
from ..models import State
from ..vocab import at
from . import checks


@checks.state("QU-401", title=N_("Doors of the tiles"))
def doors(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "lobby" and len(t.doors) != 4:
                yield checks.violation(
                    "QU-401",
                    (
                        N_("{player}'s lobby has no door; a lobby has four.")
                        if len(t.doors) == 0
                        else N_plural(
                            "{player}'s lobby has {count} door; a lobby has four.",
                            "{player}'s lobby has {count} doors; a lobby has four.",
                        )
                    ),
                    f"/players/{i}/hospital/{j}/doors",
                    player=p.name,
                    count=len(t.doors),
                )
            elif not t.doors:
                yield checks.violation(
                    "QU-401",
                    N_("{player}'s tile {place} has no door; every tile has at least one."),
                    f"/players/{i}/hospital/{j}/doors",
                    player=p.name,
                    place=at(layout(state, i).tiles, (t.x, t.y)),
                )


@checks.state("QU-412", title=N_("Every tile reaches the lobby through doors"))
def reach_lobby(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        lobby = lay.lobby()
        if lobby is None or lay.has("helipad"):
            continue
        reached = lay.reach(lobby, doors=True)
        for j, t in enumerate(p.hospital):
            if (t.x, t.y) not in reached:
                yield checks.violation(
                    "QU-412",
                    N_("{player}'s tile {place} cannot reach the lobby through doors."),
                    f"/players/{i}/hospital/{j}",
                    player=p.name,
                    place=at(lay.tiles, (t.x, t.y)),
                )


@checks.state("QU-413", title=N_("No tile on top of another"))
def overlap(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for pos in lay.overlaps:
            yield checks.violation(
                "QU-413",
                N_("{player} has two tiles on one square, {place}."),
                f"/players/{i}/hospital",
                player=p.name,
                place=at(lay.tiles, pos),
            )


@checks.state("QU-414", title=N_("The hospital is one group"))
def one_group(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        groups = layout(state, i).groups()
        if groups > 1:
            yield checks.violation(
                "QU-414",
                N_("{player}'s hospital falls into {count} separate groups of tiles."),
                f"/players/{i}/hospital",
                player=p.name,
                count=groups,
            )


@checks.state("QU-416", title=N_("The lobby is never enclosed"))
def lobby_open(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if not layout(state, i).lobby_open():
            yield checks.violation(
                "QU-416",
                N_("{player}'s lobby has no free side open to the outside for the waiting line."),
                f"/players/{i}/hospital",
                player=p.name,
            )


@checks.state("QU-417", title=N_("At most two tiles beside the hospital"))
def set_aside(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if len(p.set_aside) > 2:
            yield checks.violation(
                "QU-417",
                N_("{player} keeps {count} unplaced tiles; at most 2 are allowed."),
                f"/players/{i}/set_aside",
                player=p.name,
                count=len(p.set_aside),
            )
