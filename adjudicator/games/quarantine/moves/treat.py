"""Treat patients: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    layout,
)
from ..models import (
    Colour,
    CubeColour,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, room_missing

Candidate = dict[str, Any]


class Treat(Strict):
    type: Literal["treat"]
    colour: CubeColour
    on_call: Colour | None = Field(None, description="a second colour via the On Call Room")


KIND = MoveKind(
    Treat, checks, section="actions", label=N_("Treat patients"), rule="QU-608", weight=3.0
)


@KIND.check("QU-608", "QU-704", "QU-701", "QU-418", title=N_("Treat patients"))
def treat(state: State, move: Treat) -> Iterator[Violation]:
    if move.colour == "grey":
        yield checks.violation("QU-608", N_("Grey cubes are never treated."), "/move/colour")
        return
    if move.on_call is None:
        return
    i, player = active(state)
    found = list(room_missing(state, i, "on_call_room", "QU-704", "/move/on_call"))
    yield from found
    if found:
        return
    lay = layout(state, i)
    colours = {lay.tiles[n].colour for p in lay.working("on_call_room") for n in lay.connections(p)}
    if move.on_call not in colours or move.on_call == move.colour:
        yield checks.violation(
            "QU-704",
            N_("{player}'s On Call Room is connected to no other {colour} treatment room."),
            "/move/on_call",
            player=player.name,
            colour=words.colour(move.on_call, "room"),
        )


@KIND.apply
def effect(s: State, me: Player, move: Treat) -> list[Message]:
    colours = {move.colour} | ({move.on_call} if move.on_call else set())
    n = 0
    for t in me.hospital:
        if t.grey:
            continue
        keep = [c for c in t.patients if c not in colours]
        for c in t.patients:
            if c in colours:
                setattr(me.supply, c, me.supply.get(c) + 1)
                n += 1
        t.patients = keep
    if n == 0:
        return [checks.message(N_("No patient is treated."))]
    return [
        checks.message(
            N_plural(
                "{count} patient is treated and joins {player}'s personal supply.",
                "{count} patients are treated and join {player}'s personal supply.",
            ),
            count=n,
            player=me.name,
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    i, _ = active(state)
    colours = sorted({c for t in layout(state, i).tiles.values() for c in t.patients})
    for colour in colours:
        yield {"type": "treat", "colour": colour}
        for on_call in colours:
            if on_call != colour:
                yield {"type": "treat", "colour": colour, "on_call": on_call}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    colour = words.colour(data.get("colour"), "patients")
    if data.get("on_call"):
        return checks.message(
            N_("Treat the {colour} patients, and the {other} ones through the On Call Room."),
            colour=colour,
            other=words.colour(data.get("on_call"), "patients"),
        )
    return checks.message(N_("Treat the {colour} patients."), colour=colour)


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each colour of patient in a working room, alone or with another on call."""
    lay = layout(state, active(state)[0])
    colours = {c for t in lay.tiles.values() if not t.grey for c in t.patients}
    moves: list[Candidate] = []
    for colour in sorted(colours):
        moves.append({"type": "treat", "colour": colour})
        for on_call in sorted(colours - {colour}):
            moves.append({"type": "treat", "colour": colour, "on_call": on_call})
    return moves
