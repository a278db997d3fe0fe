# ruff: noqa: E501
"""Admit patients: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    Pos,
    capacity,
    layout,
    tile_at,
)
from ..models import (
    At,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, as_pos

Candidate = dict[str, Any]


class Admit(Strict):
    type: Literal["admit"]
    rooms: list[At] = Field(min_length=1, max_length=40, description="a room per patient")


KIND = MoveKind(
    Admit, checks, section="actions", label=N_("Admit patients"), rule="QU-603", weight=2.0
)


def _too_many_rooms(rooms: int, waiting: int) -> Violation:
    if not waiting:  # the plural agrees with the rooms: there may be only one
        return checks.violation(
            "QU-603",
            N_plural(
                "{count} room is named, but no patient waits in line.",
                "{count} rooms are named, but no patient waits in line.",
            ),
            "/move/rooms",
            count=rooms,
        )
    return checks.violation(  # more rooms than patients: at least 2 rooms
        "QU-603",
        N_plural(
            "{rooms} rooms are named, but only {count} patient waits in line.",
            "{rooms} rooms are named, but only {count} patients wait in line.",
        ),
        "/move/rooms",
        rooms=rooms,
        count=waiting,
    )


@KIND.check(
    "QU-603",
    "QU-604",
    "QU-605",
    "QU-714",
    "QU-701",
    title=N_("Admit patients"),
)
def admit(state: State, move: Admit) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if len(move.rooms) > len(player.line):
        yield _too_many_rooms(len(move.rooms), len(player.line))
        return
    used: Counter[Pos] = Counter()
    for k, square in enumerate(move.rooms):
        pos = as_pos(square)
        cube = player.line[k]
        tile = lay.tiles.get(pos)
        path = f"/move/rooms/{k}"
        if tile is not None and tile.kind == "emergency":
            yield checks.violation(
                "QU-714", N_("Emergency takes no patient through the admit action."), path
            )
        elif tile is None or tile.kind != "treatment" or tile.colour != cube:
            yield checks.violation(
                "QU-603",
                N_(
                    "Patient {n} in line is {colour}; the tile {place} is no {colour} treatment room."
                ),
                path,
                n=k + 1,
                colour=words.colour(cube, "patient"),
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey:
            yield checks.violation(
                "QU-605",
                N_("The {colour} room {place} is quarantined and takes no patient."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        elif len(tile.patients) + used[pos] >= capacity(lay, pos):
            if len(tile.patients) + used[pos] < capacity(lay, pos, working=False):
                # the Supply Room that would make room here is quarantined (QU-701), even
                # when another one works for other colours
                yield checks.violation(
                    "QU-701",
                    N_("{player}'s {kind} is quarantined and gives no effect."),
                    path,
                    player=player.name,
                    kind=words.room("supply_room", "art"),
                )
                return
            yield checks.violation(
                "QU-604",
                N_("The {colour} room {place} is full."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        else:
            used[pos] += 1
            continue
        return


@KIND.apply
def effect(s: State, me: Player, move: Admit) -> list[Message]:
    for at in move.rooms:
        tile = tile_at(me, as_pos(at))
        assert tile is not None
        tile.patients.append(me.line.pop(0))
    return [
        checks.message(
            N_plural("{count} patient is admitted.", "{count} patients are admitted."),
            count=len(move.rooms),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """Each number of patients from the front of the line, into the first rooms free."""
    i, me = active(state)
    lay = layout(state, i)
    used: dict[tuple[int, int], int] = {}
    rooms: list[list[int]] = []
    for cube in me.line:
        free = next(
            (
                q
                for q, t in lay.tiles.items()
                if t.kind == "treatment"
                and t.colour == cube
                and not t.grey
                and len(t.patients) + used.get(q, 0) < capacity(lay, q)
            ),
            None,
        )
        if free is None:
            return
        used[free] = used.get(free, 0) + 1
        rooms.append(list(free))
        yield {"type": "admit", "rooms": list(rooms)}


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[dict[str, Any]]:
    i, me = active(state)
    lay = layout(state, i)
    used: dict[tuple[int, int], int] = {}
    rooms: list[list[int]] = []
    for cube in me.line:
        free = [
            q
            for q, t in lay.tiles.items()
            if t.kind == "treatment"
            and t.colour == cube
            and not t.grey
            and len(t.patients) + used.get(q, 0) < capacity(lay, q)
        ]
        if not free:
            break
        q = rng.choice(free)
        used[q] = used.get(q, 0) + 1
        rooms.append(list(q))
    if not rooms:
        return []
    return [{"type": "admit", "rooms": rooms[: rng.randint(1, len(rooms))]}]


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_plural("Admit {count} patient.", "Admit {count} patients."),
        count=len(data.get("rooms", ())),
    )


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The rooms the patients go to, in the active player's hospital."""
    rooms = [r for r in data.get("rooms") or [] if isinstance(r, list) and len(r) == 2]
    return [f"tile:{state.round.active}:{x}:{y}" for x, y in rooms]
