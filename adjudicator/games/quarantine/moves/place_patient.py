"""Place a patient: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..engine import said_drawn
from ..geometry import (
    layout,
)
from ..models import (
    COLOURS,
    Colour,
    Name,
    Player,
    State,
    Strict,
)
from ..offers import (
    cubes_of,
)
from ..rules import checks
from ..rules.common import room_missing
from .place_grey import grey_sampled

Candidate = dict[str, Any]


class PlacePatient(Strict):
    """Place a drawn patient cube at the end of a waiting line (or in Emergency)."""

    type: Literal["place_patient"]
    colour: Colour
    player: Name = Field(description="whose waiting line")
    emergency: bool = Field(False, description="send it straight to that hospital's Emergency")


KIND = MoveKind(
    PlacePatient, checks, section="draw", label=N_("Place a patient"), rule="QU-503", weight=3.0
)


@KIND.check(
    "QU-503",
    "QU-714",
    "QU-701",
    "QU-418",
    title=N_("A patient joins a waiting line"),
)
def patient_target(state: State, move: PlacePatient) -> Iterator[Violation]:
    i = state.index(move.player)
    if i < 0:
        yield checks.violation(
            "QU-503", N_("There is no player {player}."), "/move/player", player=move.player
        )
        return
    if move.emergency:
        found = list(room_missing(state, i, "emergency", "QU-714", "/move/emergency"))
        yield from found
        if not found:
            lay = layout(state, i)
            if not any(not lay.tiles[p].patients for p in lay.working("emergency")):
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency is not empty."),
                    "/move/emergency",
                    player=move.player,
                )


@KIND.apply
def effect(s: State, me: Player, move: PlacePatient) -> list[Message]:
    said = said_drawn(s, move.colour, move.player, emergency=move.emergency)[:1]
    setattr(s.bag, move.colour, s.bag.get(move.colour) - 1)
    s.round.draws += 1
    target = s.players[s.index(move.player)]
    if move.emergency:
        room = next(
            t for t in target.hospital if t.kind == "emergency" and not t.grey and not t.patients
        )
        room.patients.append(move.colour)
    else:
        target.line.append(move.colour)
    return said


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    for colour in COLOURS:
        if colour == "grey" or not state.bag.get(colour):
            continue
        for p in state.players:
            yield {"type": "place_patient", "colour": colour, "player": p.name}
            yield {"type": "place_patient", "colour": colour, "player": p.name, "emergency": True}


@KIND.words
def said(state: State, data: Candidate) -> Message:
    template = (
        N_("Send the {colour} patient straight into {player}'s Emergency.")
        if data.get("emergency")
        else N_("Put the {colour} patient at the end of {player}'s waiting line.")
    )
    return checks.message(
        template, colour=words.colour(data.get("colour"), "patient"), player=data.get("player")
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """A cube drawn at random from the bag, and every place it may go: a patient's waiting
    lines and Emergencies, or a grey cube's tiles (the draw decides which kind of move it
    is, so the grey cube's moves are sampled here too)."""
    bag = cubes_of(state.bag)
    if not bag or state.end.triggered or state.end.over:
        return []
    if state.round.draws >= 4:
        return []
    cube = rng.choice(bag)
    if cube == "grey":
        return grey_sampled(state)
    found: list[Candidate] = []
    for i, p in enumerate(state.players):
        found.append({"type": "place_patient", "colour": cube, "player": p.name})
        lay = layout(state, i)
        if any(not lay.tiles[q].patients for q in lay.working("emergency")):
            found.append(
                {"type": "place_patient", "colour": cube, "player": p.name, "emergency": True}
            )
    return found


@KIND.told
def told_effects(state: State, data: Candidate) -> list[Message]:
    """What placing the patient does, said without applying it (the bulk of the list)."""
    return said_drawn(state, data["colour"], data["player"], bool(data.get("emergency")))


@KIND.group
def grouped(state: State, data: Candidate) -> Message:
    """A drawn patient is listed under its colour."""
    return words.say(
        N_("If the patient drawn is {colour}"), colour=words.colour(data["colour"], "patient")
    )


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The waiting line the patient joins (``line:Anna``)."""
    return [f"line:{data['player']}"] if data.get("player") else []
