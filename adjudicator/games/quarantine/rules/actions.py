# ruff: noqa: E501
"""Section ``actions`` of rules.toml (QU-60x, QU-62x): the actions of a round, but for
contracts and buying (section ``market``)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..geometry import capacity, layout
from ..models import State
from ..vocab import at, colour, room
from . import checks


@checks.state("QU-601", title=N_("Four actions a round, plus markers"))
def action_count(state: State) -> Iterator[Violation]:
    r = state.round
    if r.actions_used > 4 and not r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_("{actions} actions were taken with no extra-action marker spent; at most 4."),
            "/round/actions_used",
            actions=r.actions_used,
        )
    elif r.actions_used > 4 + r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{actions} actions were taken, but with {count} extra-action marker spent at most {most} are allowed.",
                "{actions} actions were taken, but with {count} extra-action markers spent at most {most} are allowed.",
            ),
            "/round/actions_used",
            actions=r.actions_used,
            count=r.markers_spent,
            most=4 + r.markers_spent,
        )


@checks.state("QU-604", "QU-702", title=N_("Patients per treatment room"))
def room_capacity(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for j, t in enumerate(p.hospital):
            n = len(t.patients)
            if t.kind != "treatment" or n <= 1:
                continue
            most = capacity(lay, (t.x, t.y), working=False)
            if n <= most:
                continue
            path = f"/players/{i}/hospital/{j}/patients"
            if n == 2 and lay.has("supply_room"):
                yield checks.violation(
                    "QU-702",
                    N_(
                        "The {colour} room {place} holds 2 patients, but {player}'s Supply Room is not connected to a {colour} room."
                    ),
                    path,
                    player=p.name,
                    colour=colour(t.colour, "room"),
                    place=at(lay.tiles, (t.x, t.y)),
                )
            else:
                yield checks.violation(
                    "QU-604",
                    N_("{player}'s room {place} holds {count} patients; it takes {most}."),
                    path,
                    player=p.name,
                    place=at(lay.tiles, (t.x, t.y)),
                    count=n,
                    most=most,
                )


@checks.state("QU-607", title=N_("Where patients may be"))
def patient_places(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            for k, cube in enumerate(t.patients):
                ok = (t.kind == "treatment" and cube == t.colour) or (
                    t.kind == "emergency" and cube != "grey"
                )
                if not ok:
                    yield checks.violation(
                        "QU-607",
                        N_(
                            "A {colour} cube sits on {player}'s {kind} {place}; patients sit only in treatment rooms of their colour or in Emergency."
                        ),
                        f"/players/{i}/hospital/{j}/patients/{k}",
                        colour=colour(cube, "cube"),
                        player=p.name,
                        kind=room(t.kind, "in"),
                        place=at(layout(state, i).tiles, (t.x, t.y)),
                    )


@checks.state("QU-622", title=N_("At most two markers taken a round"))
def markers_taken(state: State) -> Iterator[Violation]:
    if state.round.markers_taken > 2:
        yield checks.violation(
            "QU-622",
            N_("{count} extra-action markers were taken this round; at most 2."),
            "/round/markers_taken",
            count=state.round.markers_taken,
        )
