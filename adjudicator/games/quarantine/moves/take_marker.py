"""Take a marker: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..models import (
    Player,
    State,
    Strict,
)
from ..rules import checks

Candidate = dict[str, Any]


class TakeMarker(Strict):
    type: Literal["take_marker"]


KIND = MoveKind(
    TakeMarker, checks, section="actions", label=N_("Take a marker"), rule="QU-622", weight=1.0
)


@KIND.check("QU-622", "QU-623", title=N_("Take an extra-action marker"))
def take_marker(state: State, move: TakeMarker) -> Iterator[Violation]:
    if state.round.markers_taken >= 2:
        yield checks.violation(
            "QU-622",
            N_("Two extra-action markers have already been taken this round."),
            "/round/markers_taken",
        )
    if state.marker_supply == 0:
        yield checks.violation(
            "QU-623", N_("No extra-action marker is left in the supply."), "/marker_supply"
        )


@KIND.apply
def effect(s: State, me: Player, move: TakeMarker) -> list[Message]:
    s.marker_supply -= 1
    me.markers += 1
    s.round.markers_taken += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]
