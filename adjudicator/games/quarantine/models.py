"""The Quarantine state (pydantic v2); the moves are in :mod:`.moves`.

Geometry: each hospital lies on a square grid, ``x`` growing east and ``y`` growing
north. A tile's ``doors`` are the sides that carry a door as printed (rotation 0); its
``rotation`` (0, 90, 180, 270 degrees clockwise) turns them. No public catalog of door
layouts exists, so the player enters the doors of each tile.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, model_validator
from pydantic.config import JsonDict

from ...core.errors import InvalidValue
from ...core.formats import not_a_boolean
from ...core.i18n import N_

DOMAIN = "quarantine"
Colour = Literal["blue", "red", "green", "yellow"]
Side = Literal["N", "E", "S", "W"]
SpecialKind = Literal[
    "supply_room",
    "maintenance",
    "on_call_room",
    "gift_shop",
    "security",
    "pharmacy",
    "purchasing",
    "triage",
    "pathology",
    "containment",
    "cafeteria",
    "lab",
    "emergency",
    "helipad",
]
TileKind = Literal["lobby", "treatment", SpecialKind]
CubeColour = Literal["blue", "red", "green", "yellow", "grey"]
COLOURS: tuple[Colour, ...] = ("blue", "red", "green", "yellow")
SPECIAL_KINDS: tuple[str, ...] = get_args(SpecialKind)
Name = Annotated[str, Field(min_length=1, max_length=40)]
Coord = Annotated[int, Field(ge=-100, le=100)]
Count = Annotated[int, Field(ge=0, le=1000)]
#: Quarter turns; JSON's ``false`` is not 0.
Rotation = Annotated[Literal[0, 90, 180, 270], BeforeValidator(not_a_boolean)]


class Strict(BaseModel):
    """Unknown fields are errors, and no value is coerced: ``true`` and ``"7"`` are not
    numbers, ``1`` is not a boolean."""

    model_config = ConfigDict(extra="forbid", strict=True)


At = Annotated[list[Coord], Field(min_length=2, max_length=2, description="[x, y]")]
#: The printed sides with a door, each once.
Doors = Annotated[list[Side], Field(max_length=4, json_schema_extra={"uniqueItems": True})]


def _coloured_if_treatment(*others: str, extra: bool = False) -> JsonDict:
    """The rule between a tile's (or stack's) kind and its colour, as JSON Schema can state
    it: a treatment room has a colour; any other kind (not one of ``others``, which are
    refused) has none (and is no extra room when ``extra``)."""
    plain: JsonDict = {
        "kind": {"not": {"enum": ["treatment", *others]}},
        "colour": {"type": "null"},
    }
    if extra:
        plain["extra"] = {"const": False}
    treatment: JsonDict = {"kind": {"const": "treatment"}, "colour": {"type": "string"}}
    return {
        "anyOf": [
            {"properties": treatment, "required": ["kind", "colour"]},
            {"properties": plain},
        ]
    }


class Placement(Strict):
    """Where a new tile goes, turned how, and the doors printed on it."""

    at: At | None = Field(None, description="null: keep it beside the hospital")
    rotation: Rotation = 0
    doors: list[Side] = Field(default_factory=list, max_length=4)


class Cubes(Strict):
    """A heap of cubes by colour."""

    blue: Count = 0
    red: Count = 0
    green: Count = 0
    yellow: Count = 0
    grey: Count = 0

    def total(self) -> int:
        return self.blue + self.red + self.green + self.yellow + self.grey

    def coloured(self) -> int:
        return self.blue + self.red + self.green + self.yellow

    def get(self, colour: str) -> int:
        value: int = getattr(self, colour)
        return value


class Tile(Strict):
    """A tile placed in a hospital."""

    model_config = ConfigDict(json_schema_extra=_coloured_if_treatment(extra=True))

    kind: TileKind
    colour: Colour | None = Field(None, description="treatment rooms only")
    extra: bool = Field(False, description="an extra treatment room bought from the market")
    x: Coord
    y: Coord
    rotation: Rotation = 0
    doors: Doors = Field(default_factory=list, description="printed sides")
    patients: list[CubeColour] = Field(default_factory=list, max_length=8)
    grey: bool = Field(False, description="a grey cube: the tile is quarantined")

    @model_validator(mode="after")
    def _colour(self) -> Tile:
        if (self.kind == "treatment") != (self.colour is not None):
            raise InvalidValue(
                DOMAIN, N_("A treatment room has a colour, and only a treatment room has one.")
            )
        if self.extra and self.kind != "treatment":
            raise InvalidValue(DOMAIN, N_("Only a treatment room can be an extra room."))
        if len(set(self.doors)) != len(self.doors):
            raise InvalidValue(DOMAIN, N_("A side is given twice in `doors`."))
        return self


class LooseTile(Strict):
    """A tile kept beside the hospital, not placed."""

    model_config = ConfigDict(json_schema_extra=_coloured_if_treatment())

    kind: TileKind
    colour: Colour | None = None
    extra: bool = False
    doors: Doors = Field(default_factory=list)

    @model_validator(mode="after")
    def _colour(self) -> LooseTile:
        if (self.kind == "treatment") != (self.colour is not None):
            raise InvalidValue(
                DOMAIN, N_("A treatment room has a colour, and only a treatment room has one.")
            )
        if len(set(self.doors)) != len(self.doors):
            raise InvalidValue(DOMAIN, N_("A side is given twice in `doors`."))
        return self


class Contract(Strict):
    """A special-room stack in front of the player who set its price."""

    kind: SpecialKind
    count: Annotated[int, Field(ge=0, le=10)]
    price: Cubes
    claimable: bool = Field(False, description="true from the owner's next round on")


class Player(Strict):
    name: Name = Field(description="the player's colour or name")
    hospital: list[Tile] = Field(max_length=60)
    line: list[CubeColour] = Field(default_factory=list, max_length=200, description="waiting line")
    supply: Cubes = Field(Cubes(), description="personal supply")
    markers: Count = Field(0, description="extra-action markers held")
    set_aside: list[LooseTile] = Field(default_factory=list, max_length=10)
    contracts: list[Contract] = Field(default_factory=list, max_length=14)


class Stack(Strict):
    """A market stack: a special room (with an open contract's price, if any) or
    the extra treatment rooms of one colour."""

    model_config = ConfigDict(json_schema_extra=_coloured_if_treatment("lobby"))

    kind: TileKind
    colour: Colour | None = None
    count: Annotated[int, Field(ge=0, le=10)]
    price: Cubes = Field(Cubes(), description="empty: no open contract")

    @model_validator(mode="after")
    def _colour(self) -> Stack:
        if self.kind == "lobby":
            raise InvalidValue(DOMAIN, N_("The market holds no lobby."))
        if (self.kind == "treatment") != (self.colour is not None):
            raise InvalidValue(
                DOMAIN,
                N_("A stack of treatment rooms has a colour, and only such a stack has one."),
            )
        return self


class Round(Strict):
    active: Name
    bag_holder: Name = Field(description="the player on the active player's left")
    first_round: bool = False
    actions_used: Annotated[int, Field(ge=0, le=100)] = 0
    markers_spent: Annotated[int, Field(ge=0, le=100)] = 0
    draws: Annotated[int, Field(ge=0, le=100)] = 0
    markers_taken: Annotated[int, Field(ge=0, le=100)] = 0
    bought_special: list[SpecialKind] = Field(default_factory=list, max_length=20)
    bought_treatment: list[Colour] = Field(default_factory=list, max_length=20)
    renovated: bool = False
    pathology_used: bool = False
    cafeteria_used: bool = False


class End(Strict):
    triggered: bool = False
    final_rounds_left: Annotated[int, Field(ge=0, le=10)] = 0
    over: bool = False


class State(Strict):
    players: list[Player] = Field(
        min_length=1, max_length=6, description="clockwise, starting with the first player"
    )
    special_kinds: list[SpecialKind] = Field(max_length=14, description="the kinds in play")
    market: list[Stack] = Field(max_length=20)
    bag: Cubes
    box: Cubes | None = Field(None, description="spent cubes, out of play; null: not counted")
    grey_supply: Count = Field(0, description="grey cubes beside the market")
    marker_supply: Count = Field(0, description="extra-action markers beside the market")
    round: Round
    end: End = Field(default_factory=End)

    _cache: dict[str, object] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _names(self) -> State:
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise InvalidValue(DOMAIN, N_("Two players have the same name."))
        for who in (self.round.active, self.round.bag_holder):
            if who not in names:
                raise InvalidValue(
                    DOMAIN, N_("The round names {player}, who is not a player."), player=who
                )
        return self

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def index(self, name: str) -> int:
        return next((i for i, p in enumerate(self.players) if p.name == name), -1)
