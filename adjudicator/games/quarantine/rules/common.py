"""What the checks of several sections share: the active player, squares, cube lists and
why a special room gives no effect."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ....core.i18n import N_, Localized
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import Pos, layout
from ..models import COLOURS, Cubes, Player, State
from . import checks


def as_pos(at: Sequence[int]) -> Pos:
    return (at[0], at[1])


def active(state: State) -> tuple[int, Player]:
    i = state.index(state.round.active)
    return i, state.players[i]


def room_missing(
    state: State, index: int, kind: str, rule: str, path: str = "/move"
) -> Iterator[Violation]:
    """Why player ``index`` cannot use a special room of ``kind`` now, if they cannot."""
    player = state.players[index]
    lay = layout(state, index)
    if lay.working(kind):
        return
    if lay.has(kind):
        yield checks.violation(
            "QU-701",
            N_("{player}'s {kind} is quarantined and gives no effect."),
            path,
            player=player.name,
            kind=words.room(kind, "art"),
        )
    elif any(t.kind == kind for t in player.set_aside):
        yield checks.violation(
            "QU-418",
            N_("{player}'s {kind} waits beside the hospital and gives no effect."),
            path,
            player=player.name,
            kind=words.room(kind, "art"),
        )
    else:
        yield checks.violation(
            rule,
            N_("{player} has no {kind} in the hospital."),
            path,
            player=player.name,
            kind=words.room(kind),
        )


def cubes_named(cubes: Cubes) -> Localized:
    return words.cube_list(cubes, (*COLOURS, "grey"))
