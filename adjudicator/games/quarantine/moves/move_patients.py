"""Move patients: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, Names
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    layout,
)
from ..models import (
    COLOURS,
    DOMAIN,
    CubeColour,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, room_missing

Candidate = dict[str, Any]


class MovePatients(Strict):
    type: Literal["move_patients"]
    line: list[CubeColour] = Field(max_length=200, description="the new waiting line")


KIND = MoveKind(
    MovePatients, checks, section="actions", label=N_("Move patients"), rule="QU-621", weight=1.0
)


def _one_move(old: list[str], new: list[str]) -> bool:
    if old == new:
        return True
    for k in range(len(old)):
        rest = old[:k] + old[k + 1 :]
        for j in range(len(old)):
            if [*rest[:j], old[k], *rest[j:]] == new:
                return True
    return False


@KIND.check("QU-621", "QU-709", "QU-701", "QU-418", title=N_("Move patients"))
def move_patients(state: State, move: MovePatients) -> Iterator[Violation]:
    i, player = active(state)
    old: list[str] = list(player.line)
    new: list[str] = list(move.line)
    if Counter(old) != Counter(new):
        yield checks.violation(
            "QU-621",
            N_("The new line must hold exactly the patients of the old one."),
            "/move/line",
        )
        return
    if _one_move(old, new) or layout(state, i).working("triage"):
        return
    found = list(room_missing(state, i, "triage", "QU-709", "/move/line"))
    yield from found


@KIND.apply
def effect(s: State, me: Player, move: MovePatients) -> list[Message]:
    me.line = list(move.line)
    return [checks.message(N_("{player}'s waiting line is rearranged."), player=me.name)]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """With a working Triage, one reorder entry (the line sorted by colour; :func:`choices`
    says any order may be chosen inside it); then each order with one patient moved."""
    i, me = active(state)
    line = list(me.line)
    seen = {tuple(line)}
    if layout(state, i).working("triage"):
        ordered = tuple(sorted(line, key=COLOURS.index))
        whole = ordered if ordered != tuple(line) else tuple(reversed(line))
        if whole not in seen:
            seen.add(whole)
            yield {"type": "move_patients", "line": list(whole)}
    for k in range(len(line)):
        rest = line[:k] + line[k + 1 :]
        for j in range(len(line)):
            new = (*rest[:j], line[k], *rest[j:])
            if new not in seen:
                seen.add(new)
                yield {"type": "move_patients", "line": list(new)}


@KIND.choose
def choices(state: State, data: Candidate) -> dict[str, Any] | None:
    """A reorder with a working Triage: the line may be put in any order of its patients."""
    i, me = active(state)
    if not layout(state, i).working("triage"):
        return None
    return {"field": "line", "order": "any", "among": list(me.line)}


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """One patient moved to a random place in the line (and, with a working Triage, any
    order)."""
    i, me = active(state)
    if len(me.line) <= 1:
        return []
    line = list(me.line)
    cube = line.pop(rng.randrange(len(line)))
    line.insert(rng.randrange(len(line) + 1), cube)
    moves: list[Candidate] = [{"type": "move_patients", "line": line}]
    if layout(state, i).working("triage"):
        moves.append({"type": "move_patients", "line": rng.sample(me.line, len(me.line))})
    return moves


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """The line after the move, front to back."""
    return words.say(
        N_("Reorder the waiting line, front to back: {line}."),
        line=Names(DOMAIN, "colour", tuple(data["line"]), "patient"),
    )
