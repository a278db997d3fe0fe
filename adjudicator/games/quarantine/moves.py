"""The Quarantine moves (pydantic v2): one class per move kind, each saying its ``type``,
and the unions the checks are typed by (``ActionMove``, ``Draw``, ``NewTile``,
``TilePlacement``). Squares are ``[x, y]`` on the hospital's grid (see :mod:`.models`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from ...core.checks import move_types
from ...core.errors import InvalidValue
from ...core.i18n import N_
from .models import (
    DOMAIN,
    Colour,
    Coord,
    CubeColour,
    Cubes,
    Name,
    Rotation,
    Side,
    SpecialKind,
    Strict,
)

At = Annotated[list[Coord], Field(min_length=2, max_length=2, description="[x, y]")]


class PlacePatient(Strict):
    """Place a drawn patient cube at the end of a waiting line (or in Emergency)."""

    type: Literal["place_patient"]
    colour: Colour
    player: Name = Field(description="whose waiting line")
    emergency: bool = Field(False, description="send it straight to that hospital's Emergency")


class PlaceGrey(Strict):
    """Place a drawn grey cube on a tile (``at`` null: set aside in the first round)."""

    type: Literal["place_grey"]
    player: Name | None = None
    at: At | None = None
    spread: list[At] = Field(
        default_factory=list,
        max_length=8,
        description="other tiles of a complete nurse station, each with a grey from the supply",
    )

    @field_validator("spread", mode="before")
    @classmethod
    def _one_square(cls, value: object) -> object:
        """A single ``[x, y]`` is read as a list of one square; ``null`` as none."""
        if value is None:
            return []
        if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
            return [value]
        return value


class Admit(Strict):
    type: Literal["admit"]
    rooms: list[At] = Field(min_length=1, max_length=40, description="a room per patient")


class Treat(Strict):
    type: Literal["treat"]
    colour: CubeColour
    on_call: Colour | None = Field(None, description="a second colour via the On Call Room")


class MakeContract(Strict):
    type: Literal["contract"]
    kind: SpecialKind
    price: Cubes


class Placement(Strict):
    at: At | None = Field(None, description="null: keep it beside the hospital")
    rotation: Rotation = 0
    doors: list[Side] = Field(default_factory=list, max_length=4)


class ClaimContract(Placement):
    type: Literal["claim_contract"]
    kind: SpecialKind


class BuySpecial(Placement):
    type: Literal["buy_special"]
    kind: SpecialKind
    seller: Name | None = Field(None, description="the contract's owner; null: the market")
    pay: Cubes
    payment_to: Literal["box", "seller"] | None = Field(
        None, description="where the payment goes, if the player states it"
    )


class BuyTreatment(Placement):
    type: Literal["buy_treatment"]
    colour: Colour
    pay: Cubes


class PlaceSetAside(Strict):
    type: Literal["place_set_aside"]
    index: Annotated[int, Field(ge=0, le=10)]
    at: At
    rotation: Rotation = 0


class MovePatients(Strict):
    type: Literal["move_patients"]
    line: list[CubeColour] = Field(max_length=200, description="the new waiting line")


class TakeMarker(Strict):
    type: Literal["take_marker"]


class Disinfect(Strict):
    type: Literal["disinfect"]
    player: Name
    at: At
    keep: bool = Field(False, description="keep the grey cube (Lab)")


class RenovateStep(Strict):
    """One tile of a renovation. Its rotation afterwards is stated (``rotation``) or
    relative (``turn``, clockwise from where it lies; for a tile from beside the hospital,
    from its printed sides); with neither, a moved tile keeps its rotation."""

    source: At | None = Field(None, description="a hospital tile to move, turn or remove")
    set_aside: Annotated[int, Field(ge=0, le=10)] | None = None
    to: At | None = Field(None, description="null: remove it beside the hospital")
    rotation: Rotation | None = Field(None, description="the rotation afterwards, if stated")
    turn: Rotation = Field(0, description="degrees to turn the tile clockwise")

    @model_validator(mode="after")
    def _one(self) -> RenovateStep:
        if (self.source is None) == (self.set_aside is None):
            raise InvalidValue(DOMAIN, N_("Give exactly one of `source` and `set_aside`."))
        if self.set_aside is not None and self.to is None:
            raise InvalidValue(DOMAIN, N_("A tile from beside the hospital needs a place (`to`)."))
        if self.rotation is not None and self.turn:
            raise InvalidValue(DOMAIN, N_("Give `rotation` or `turn`, not both."))
        return self

    def rotation_from(self, current: int) -> int:
        """The tile's rotation after this step, from its ``current`` one."""
        if self.rotation is not None:
            return self.rotation
        return (current + self.turn) % 360


class Renovate(Strict):
    type: Literal["renovate"]
    steps: list[RenovateStep] = Field(min_length=1, max_length=10)


class Pharmacy(Strict):
    type: Literal["pharmacy"]


class Pathology(Strict):
    type: Literal["pathology"]
    player: Name
    corner: At = Field(description="the south-west tile of the 2x2 area")
    keep: bool = Field(False, description="keep one grey cube (Lab)")


class GiftShop(Strict):
    type: Literal["gift_shop"]
    colour: Colour


class Cafeteria(Strict):
    type: Literal["cafeteria"]
    source: Name | None = Field(None, description="an opponent, when the supply is empty")


class EndRound(Strict):
    type: Literal["end_round"]


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
NewTile = ClaimContract | BuySpecial | BuyTreatment
"""The moves that bring a new tile from the market or a contract."""
TilePlacement = NewTile | PlaceSetAside
"""The moves that place a tile in the hospital or beside it."""
