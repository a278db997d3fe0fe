"""The moves a player can submit at a table of The Manhattan Project: one class a move
type, each saying its ``type``; ``Move`` is their union as pydantic parses it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool

from ...core.checks import move_types
from .models import Amounts, BombCard, BuildingCard, Colour, Kind, Small, Strict


class WorkerRef(Strict):
    """A worker taken from the active player's personal supply."""

    kind: Kind
    contractor: StrictBool = Field(False, description="a grey contractor rather than an own piece")


class MoveBase(Strict):
    player: Colour | None = Field(None, description="who submits it (default: the active player)")


SimpleSpace = Literal[
    "aircraft_fighters",
    "aircraft_bombers",
    "factory_yellowcake",
    "factory_group",
    "factory_specialist",
    "mine_paid",
    "mine_group",
    "mine_engineer",
    "university_laborers",
    "university_engineer",
    "university_scientist",
    "university_paid",
    "reactor",
    "enrichment",
    "espionage",
]


class PlaceCentral(MoveBase):
    """Step 1: one worker on a central-board space that produces something."""

    type: Literal["place_central"]
    space: SimpleSpace
    worker: WorkerRef
    skip: StrictBool = Field(False, description="place and pay, but decline the action")
    output: Small | None = Field(None, description="which '/' output option")
    contractors: Small | None = Field(None, description="universities: how many gained are grey")


class Construct(MoveBase):
    """Step 1: a worker on Construction, building from the market."""

    type: Literal["construct"]
    worker: WorkerRef
    slot: Small | None = Field(None, description="market slot 0-6 ($2 ... $20); none: skip")
    drawn: BuildingCard | None = Field(None, description="the card revealed for the $20 slot")


class Attack(Strict):
    kind: Literal["fighter", "bomber"]
    target: Colour
    aircraft: Literal["fighters", "bombers"] | None = Field(
        None, description="fighter attacks: which of the target's aircraft is destroyed"
    )
    building: Small | None = Field(None, description="bombing: the target's building index")


class AirStrike(MoveBase):
    type: Literal["air_strike"]
    space: Literal["air_strike_1", "air_strike_2"] = "air_strike_1"
    worker: WorkerRef
    attacks: list[Attack] = Field(default_factory=list, max_length=40)


class OtherRepair(Strict):
    player: Colour
    buildings: list[Small] = Field(max_length=10, description="one entry per damage point")


class Repair(MoveBase):
    type: Literal["repair"]
    worker: WorkerRef
    own: list[Small] = Field(
        default_factory=list, max_length=10, description="one building index per damage point"
    )
    others: list[OtherRepair] = Field(default_factory=list, max_length=8)


class DesignBomb(MoveBase):
    type: Literal["design_bomb"]
    workers: list[WorkerRef] = Field(max_length=4)
    picks: list[Small] = Field(
        max_length=8, description="indexes into the face-up row, in draft order"
    )
    revealed: list[BombCard] = Field(default_factory=list, max_length=8)


class PlaceBuilding(MoveBase):
    """Step 2: workers on one building (own, or an opponent's after espionage)."""

    type: Literal["place_building"]
    owner: Colour | None = Field(None, description="the building's owner (default: oneself)")
    building: Small
    workers: list[WorkerRef] = Field(max_length=6)
    cost: Small = Field(0, description="which '/' cost option")
    output: Small = Field(0, description="which '/' output option")
    contractors: Small | None = Field(None, description="universities: how many gained are grey")
    skip: StrictBool = False


class BuildBomb(MoveBase):
    type: Literal["build_bomb"]
    card: Small = Field(description="index in the hand")
    workers: list[WorkerRef] = Field(max_length=12)


class TestBomb(MoveBase):
    type: Literal["test_bomb"]
    bomb: Small = Field(description="index among the built bombs")


class LoadBomb(MoveBase):
    type: Literal["load_bomb"]
    bomb: Small = Field(description="index among the built bombs")


class Negotiate(MoveBase):
    """A deal struck before an air strike."""

    type: Literal["negotiate"]
    partner: Colour
    about: Literal["air_strikes", "other"] = "air_strikes"
    transfer: Amounts = Field(default_factory=Amounts, description="goods changing hands")
    lasts: Literal["this_round", "longer"] = "this_round"


class EndTurn(MoveBase):
    type: Literal["end_turn"]


class Retrieve(MoveBase):
    type: Literal["retrieve"]


CentralMove = PlaceCentral | Construct | AirStrike | Repair | DesignBomb
"""The moves of step 1, each taking a space of the central board."""
PlacingMove = CentralMove | PlaceBuilding
"""The moves that place workers from the personal supply."""
BombMove = BuildBomb | TestBomb | LoadBomb
AnyMove = PlacingMove | BombMove | Negotiate | EndTurn | Retrieve
Move = Annotated[AnyMove, Field(discriminator="type")]

MOVE_TYPES = move_types(AnyMove)
CENTRAL_MOVES = move_types(CentralMove)
PLACING_MOVES = move_types(PlacingMove)
BOMB_MOVES = move_types(BombMove)
