"""The checks that concern several kinds of move (the end of the game, the draw, the
round's actions, paying) and the unions of move classes they are typed by."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from pydantic import Field

from ....core.checks import move_types
from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from .. import vocab as words
from ..models import (
    COLOURS,
    Cubes,
    State,
)
from ..rules import checks
from ..rules.common import active, cubes_named
from .admit import Admit
from .buy_special import BuySpecial
from .buy_treatment import BuyTreatment
from .cafeteria import Cafeteria
from .claim_contract import ClaimContract
from .contract import MakeContract
from .disinfect import Disinfect
from .end_round import EndRound
from .gift_shop import GiftShop
from .move_patients import MovePatients
from .pathology import Pathology
from .pharmacy import Pharmacy
from .place_grey import PlaceGrey
from .place_patient import PlacePatient
from .place_set_aside import PlaceSetAside
from .renovate import Renovate
from .take_marker import TakeMarker
from .treat import Treat

Move = Annotated[
    PlacePatient
    | PlaceGrey
    | Admit
    | Treat
    | MakeContract
    | ClaimContract
    | BuySpecial
    | BuyTreatment
    | PlaceSetAside
    | MovePatients
    | TakeMarker
    | Disinfect
    | Renovate
    | Pharmacy
    | Pathology
    | GiftShop
    | Cafeteria
    | EndRound,
    Field(discriminator="type"),
]


ActionMove = (
    Admit
    | Treat
    | MakeContract
    | BuySpecial
    | BuyTreatment
    | MovePatients
    | TakeMarker
    | Disinfect
    | Renovate
    | Pharmacy
    | Pathology
    | GiftShop
)
"""The moves that use one of the round's four actions (or an extra-action marker)."""


ACTION_MOVES = move_types(ActionMove)


Draw = PlacePatient | PlaceGrey
"""The moves that place a drawn cube."""


@checks.move("QU-103", title=N_("One more round for every other player"))
def game_over(state: State, move: Move) -> Iterator[Violation]:
    if state.end.over:
        yield checks.violation("QU-103", N_("The game is over: no more moves."), "/end/over")


@checks.move("QU-104", title=N_("No draws once the end is triggered"))
def no_final_draws(state: State, move: Draw) -> Iterator[Violation]:
    if state.end.triggered:
        yield checks.violation(
            "QU-104",
            N_("The end of the game is triggered: nobody draws any more."),
            "/end/triggered",
        )


@checks.move("QU-501", title=N_("Four cubes a round"))
def fifth_draw(state: State, move: Draw) -> Iterator[Violation]:
    first_grey = isinstance(move, PlaceGrey) and state.round.first_round
    if state.round.draws >= 4 and not first_grey:
        yield checks.violation(
            "QU-501", N_("Four cubes have already been drawn this round."), "/round/draws"
        )


@checks.move("QU-502", title=N_("The cube comes from the bag"))
def in_bag(state: State, move: Draw) -> Iterator[Violation]:
    colour = "grey" if isinstance(move, PlaceGrey) else move.colour
    if state.bag.get(colour) == 0:
        yield checks.violation(
            "QU-502",
            N_("The bag holds no {colour} cube."),
            f"/bag/{colour}",
            colour=words.colour(colour, "cube"),
        )


@checks.move("QU-601", title=N_("Four actions a round, plus markers"))
def action_budget(state: State, move: ActionMove) -> Iterator[Violation]:
    r = state.round
    _, player = active(state)
    if r.actions_used >= 4 + r.markers_spent and player.markers == 0:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{player} has used {count} action and holds no extra-action marker.",
                "{player} has used {count} actions and holds no extra-action marker.",
            ),
            "/round/actions_used",
            player=player.name,
            count=r.actions_used,
        )


def _covers(supply: Cubes, pay: Cubes) -> bool:
    return all(supply.get(c) >= pay.get(c) for c in (*COLOURS, "grey"))


@checks.move(
    "QU-612",
    title=N_("Paying from the personal supply"),
)
def can_pay(state: State, move: MakeContract | BuySpecial | BuyTreatment) -> Iterator[Violation]:
    _, player = active(state)
    pay = move.price if isinstance(move, MakeContract) else move.pay
    if not _covers(player.supply, pay):
        yield checks.violation(
            "QU-612",
            N_("{player}'s supply cannot pay {cubes}."),
            "/move",
            player=player.name,
            cubes=cubes_named(pay),
        )
