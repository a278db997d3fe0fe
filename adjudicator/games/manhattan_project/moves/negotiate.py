"""Negotiate: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..models import (
    Amounts,
    Colour,
    MoveBase,
    Player,
    State,
)
from ..rules import checks

Candidate = dict[str, Any]
Data = dict[str, Any]


class Negotiate(MoveBase):
    """A deal struck before an air strike."""

    type: Literal["negotiate"]
    partner: Colour
    about: Literal["air_strikes", "other"] = "air_strikes"
    transfer: Amounts = Field(default_factory=Amounts, description="goods changing hands")
    lasts: Literal["this_round", "longer"] = "this_round"


KIND = MoveKind(Negotiate, checks, section="air", label=N_("Negotiate"), weight=1.0, listed=False)


@KIND.check("MP-605", title=N_("What a deal may cover"))
def deal_check(state: State, move: Negotiate) -> Iterator[Violation]:
    partner = state.player(move.partner)
    if (
        partner is None
        or partner.colour == state.turn.active
        or move.about != "air_strikes"
        or move.transfer.items()
        or move.lasts != "this_round"
    ):
        yield checks.violation(
            "MP-605",
            N_(
                "A deal is only about air strikes until the active player's next turn, "
                "between two players, and moves no goods."
            ),
            "/move",
        )


@KIND.apply
def effect(new: State, p: Player, move: Negotiate, out: list[Message]) -> None:
    out.append(
        checks.message(
            N_("{player} and {partner} agree on air strikes until {owner} next turn."),
            player=checks.name("colour", p.colour),
            owner=checks.name("colour", p.colour, "gen"),
            partner=checks.name("colour", move.partner),
        )
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Now and then, a deal with a random opponent."""
    opponents = state.opponents
    if opponents and rng.random() < 0.05:
        return [{"type": "negotiate", "partner": rng.choice(opponents).colour}]
    return []
