"""Gift shop: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import box_cubes
from ..models import (
    COLOURS,
    Colour,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, room_missing

Candidate = dict[str, Any]


class GiftShop(Strict):
    type: Literal["gift_shop"]
    colour: Colour


KIND = MoveKind(
    GiftShop, checks, section="special", label=N_("Gift shop"), rule="QU-705", weight=2.0
)


@KIND.check("QU-705", "QU-701", "QU-418", title=N_("Gift Shop"))
def gift_shop(state: State, move: GiftShop) -> Iterator[Violation]:
    i, _ = active(state)
    yield from room_missing(state, i, "gift_shop", "QU-705")
    if box_cubes(state).get(move.colour) == 0:
        yield checks.violation(
            "QU-705",
            N_("The box holds no spent {colour} cube."),
            f"/box/{move.colour}",
            colour=words.colour(move.colour, "cube"),
        )


@KIND.apply
def effect(s: State, me: Player, move: GiftShop) -> list[Message]:
    if s.box is not None:
        setattr(s.box, move.colour, s.box.get(move.colour) - 1)
    setattr(me.supply, move.colour, me.supply.get(move.colour) + 1)
    return [
        checks.message(
            N_("{player} takes a spent {colour} cube from the box."),
            player=me.name,
            colour=words.colour(move.colour, "cube"),
        )
    ]


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_("Take a spent {colour} cube from the box with the Gift Shop."),
        colour=words.colour(data.get("colour"), "cube"),
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """Each colour of spent cube in the box."""
    for c in COLOURS:
        if box_cubes(state).get(c):
            yield {"type": "gift_shop", "colour": c}
