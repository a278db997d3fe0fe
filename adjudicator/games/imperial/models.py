"""The Imperial state (the whole table) and the moves (a nation's rondel turn)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    model_validator,
)
from pydantic_core import InitErrorDetails

from ...core.errors import InvalidValue
from ...core.i18n import N_
from .board import NATIONS, board
from .vocab import nation_name, nation_names

DOMAIN = "imperial"

NationId = Literal["AH", "IT", "FR", "GB", "GE", "RU"]
if TYPE_CHECKING:
    NationKey = str  # the code indexes nations by plain strings
else:
    NationKey = NationId  # the input: a closed choice
Space = Literal[
    "factory",
    "production_1",
    "maneuver_1",
    "investor",
    "import",
    "production_2",
    "maneuver_2",
    "taxation",
]
#: The rondel, clockwise.
RONDEL: tuple[str, ...] = get_args(Space)
#: The spaces where the investing happens and where the game may end.
INVESTOR, TAXATION = RONDEL[3], RONDEL[7]
BOND_COSTS: tuple[int, ...] = (2, 4, 6, 9, 12, 16, 20, 25, 30)
INTEREST = {2: 1, 4: 2, 6: 3, 9: 4, 12: 5, 16: 6, 20: 7, 25: 8, 30: 9}

Name = Annotated[str, Field(min_length=1, max_length=60)]
Region = Annotated[str, Field(min_length=1, max_length=40)]


def _on_map(region: str) -> str:
    if region not in board().regions:
        raise InvalidValue(DOMAIN, N_("There is no region {region} on the map."), region=region)
    return region


def _map_regions(schema: dict[str, Any]) -> None:
    """The JSON Schema of a region of the state: one of the map's names (the map in use,
    read when the schema is made)."""
    schema["enum"] = sorted(board().regions)


#: A region of the state: one of the map's, so the error names the field that holds it
#: (and the schema lists the names).
MapRegion = Annotated[Region, AfterValidator(_on_map), Field(json_schema_extra=_map_regions)]
Money = Annotated[int, Field(ge=0, le=1000)]
Kind = Literal["army", "fleet"]
Stance = Literal["hostile", "friendly"]
FactoryKind = Literal["armaments", "shipyard"]


class Strict(BaseModel):
    """No unknown keys, and no coercion: ``true`` and ``"7"`` are not numbers."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Bond(Strict):
    nation: NationId
    cost: int = Field(ge=0, le=1000, description="Face value in millions (2, 4, ... 30)")


class Player(Strict):
    name: Name = Field(
        description="The player's name (not a nation's ID); seats are in list order, clockwise",
        json_schema_extra={"not": {"enum": list(NATIONS)}},
    )
    cash: Money
    bonds: list[Bond] = Field(default_factory=list, max_length=60)
    swiss_bank: bool = False


class Factory(Strict):
    region: MapRegion
    kind: FactoryKind


class Spare(Strict):
    """A nation's pieces beside the board (counted to check that none is lost)."""

    armies: int = Field(ge=0, le=100)
    fleets: int = Field(ge=0, le=100)
    flags: int = Field(ge=0, le=100)


class FactoryPieces(Strict):
    """The factory pieces not on the board."""

    armaments: int = Field(ge=0, le=100)
    shipyard: int = Field(ge=0, le=100)


class Nation(Strict):
    government: Name | None = Field(None, description="The player holding the flag card")
    treasury: Money
    rondel: Space | None = Field(None, description="None: still in the centre")
    power_points: int = Field(0, ge=0, le=1000)
    tax: int = Field(5, ge=0, le=1000, description="Tax chart position 5 ('2-5') to 15 ('15+')")
    factories: list[Factory] = Field(default_factory=list, max_length=40)
    flags: list[MapRegion] = Field(default_factory=list, max_length=60)
    stack: list[int] | None = Field(
        None,
        max_length=20,
        description="Face values of the bonds on the nation's stack; "
        "None: not counted (the bonds no player holds are taken to be there)",
    )
    spare: Spare | None = Field(None, description="Pieces beside the board; None: not counted")


class Units(Strict):
    nation: NationId
    kind: Kind
    region: MapRegion
    count: int = Field(1, ge=1, le=100)
    stance: Stance | None = Field(None, description="For armies in another nation's home province")


class Opening(Strict):
    """The expert variant's opening purchases, while they last."""

    first: Name = Field(description="The player drawn by lot, who starts with Austria-Hungary")
    nation: NationId = Field(description="The nation whose bonds are on offer")
    player: Name = Field(description="The player who chooses next")


class State(Strict):
    #: The lookups of :func:`.logic.index`, kept with the state they were computed from.
    _index: Any = PrivateAttr(default=None)

    players: list[Player] = Field(min_length=1, max_length=12)
    nations: dict[NationKey, Nation] = Field(
        description="By nation ID: AH, IT, FR, GB, GE, RU",
        # what the validator below requires, stated in the schema too (the API's document)
        json_schema_extra={"required": list(NATIONS), "propertyNames": {"enum": list(NATIONS)}},
    )
    units: list[Units] = Field(default_factory=list, max_length=300)
    investor_card: Name | None = None
    turn: NationId | None = Field(None, description="The nation that moves next")
    variant: Literal["standard", "no_investor_card"] = "standard"
    setup: Literal["standard", "expert"] = Field(
        "standard", description="How the bonds were first distributed"
    )
    opening: Opening | None = Field(
        None, description="Expert variant: the opening purchases still under way"
    )
    over: bool | None = Field(
        None, description="The game has ended; None: not said (it ends at 25 power points)"
    )
    bank: Money | None = Field(None, description="The bank's money; None: not counted")
    spare_factories: FactoryPieces | None = Field(
        None, description="Factory pieces beside the board; None: not counted"
    )

    @model_validator(mode="after")
    def _references(self) -> State:
        """The names the state uses refer to its players and nations; every problem is
        reported at the field that holds it."""
        problems = list(self._naming_problems())
        if problems:
            raise ValidationError.from_exception_data(
                "State",
                [
                    InitErrorDetails(type="value_error", loc=loc, input=None, ctx={"error": error})
                    for loc, error in problems
                ],
            )
        return self

    def _naming_problems(self) -> Iterator[tuple[tuple[str | int, ...], InvalidValue]]:
        names = [p.name for p in self.players]
        for i, name in enumerate(names):
            if name in names[:i]:
                yield (
                    ("players", i, "name"),
                    InvalidValue(DOMAIN, N_("Two players have the same name.")),
                )
            if name in NATIONS:
                yield (
                    ("players", i, "name"),
                    InvalidValue(DOMAIN, N_("A player may not be named like a nation.")),
                )
        if set(self.nations) != set(NATIONS):
            yield (
                ("nations",),
                InvalidValue(
                    DOMAIN,
                    N_("The nations must be exactly these six: {nations}."),
                    nations=nation_names(NATIONS),
                ),
            )
        known = set(names)
        for nid, n in self.nations.items():
            if n.government is not None and n.government not in known:
                yield (
                    ("nations", nid, "government"),
                    InvalidValue(
                        DOMAIN,
                        N_("The government of {nation}, {player}, is not a player."),
                        nation=nation_name(nid),
                        player=n.government,
                    ),
                )
        if self.investor_card is not None and self.investor_card not in known:
            yield (
                ("investor_card",),
                InvalidValue(
                    DOMAIN,
                    N_("The investor card is with {player}, who is not a player."),
                    player=self.investor_card,
                ),
            )
        if self.opening is not None and not {self.opening.first, self.opening.player} <= known:
            yield (
                ("opening",),
                InvalidValue(DOMAIN, N_("The opening names a player who is not at the table.")),
            )


# --- moves ---------------------------------------------------------------------------------


class Investment(Strict):
    player: Name
    nation: NationId
    bond: int = Field(ge=0, le=1000, description="Face value of the bond taken")
    trade_in: int | None = Field(None, ge=0, le=1000, description="Owned bond given back")


class Turn(Strict):
    nation: NationId
    space: Space | None = Field(None, description="Rondel space; default: the next of the type")
    investments: list[Investment] = Field(default_factory=list, max_length=12)


class FactoryMove(Turn):
    type: Literal["factory"]
    region: Region | None = Field(None, description="Where to build; None: build nothing")
    kind: FactoryKind | None = None


class ProductionMove(Turn):
    type: Literal["production"]
    factories: list[Region] | None = Field(None, max_length=10)


class ImportItem(Strict):
    kind: Kind
    region: Region


class ImportMove(Turn):
    type: Literal["import"]
    units: list[ImportItem] = Field(default_factory=list, max_length=10)


class FleetStep(Strict):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    from_: Region = Field(alias="from")
    to: Region


class ArmyStep(Strict):
    route: list[Region] = Field(min_length=2, max_length=16)
    stance: Stance | None = Field(
        None,
        description="How the army stands in another nation's home province; default: "
        "hostile, or friendly where that province holds the nation's last free factory",
    )


class Battle(Strict):
    region: Region
    against: NationId
    target: Kind | None = None
    called_by: NationId | None = None
    unit: Kind | None = Field(
        None,
        description="The moving nation's unit that fights; default: a fleet at sea, an army "
        "on land (a fleet still in its port may fight an army in that province)",
    )


class StanceChange(Strict):
    region: Region
    stance: Stance


class ManeuverMove(Turn):
    type: Literal["maneuver"]
    fleets: list[FleetStep] = Field(default_factory=list, max_length=20)
    armies: list[ArmyStep] = Field(default_factory=list, max_length=20)
    battles: list[Battle] = Field(default_factory=list, max_length=30)
    stances: list[StanceChange] = Field(default_factory=list, max_length=20)
    destroy: list[Region] = Field(default_factory=list, max_length=5)


class InvestorMove(Turn):
    type: Literal["investor"]
    forced_by: Name | None = Field(None, description="A Swiss bank that stopped the nation here")
    chosen: Space | None = Field(
        None,
        description="With forced_by: the space beyond Investor the nation had chosen "
        "when the Swiss bank stopped it",
    )


class TaxClaim(Strict):
    """What a player believes the taxation gives; each value given is checked."""

    revenue: int | None = Field(None, ge=0, le=1000)
    tax: int | None = Field(None, ge=0, le=1000)
    bonus: int | None = Field(None, ge=0, le=1000)
    power_points: int | None = Field(None, ge=0, le=1000)
    income: int | None = Field(None, ge=0, le=1000)


class TaxationMove(Turn):
    type: Literal["taxation"]
    claim: TaxClaim | None = None


class OpeningMove(Strict):
    """Expert variant: a player buys one bond of the nation on offer, or passes."""

    type: Literal["opening"]
    player: Name
    nation: NationId
    bond: int | None = Field(None, ge=0, le=1000, description="Face value; None: pass")


class TransferMove(Strict):
    type: Literal["transfer"]
    source: Name = Field(description="A player's name or a nation ID")
    target: Name = Field(description="A player's name or a nation ID")
    amount: int = Field(ge=1, le=1000)


Move = Annotated[
    FactoryMove
    | ProductionMove
    | ImportMove
    | ManeuverMove
    | InvestorMove
    | TaxationMove
    | OpeningMove
    | TransferMove,
    Field(discriminator="type"),
]
RondelMove = FactoryMove | ProductionMove | ImportMove | ManeuverMove | InvestorMove | TaxationMove
#: Any move, as a type (``Move`` is the same union with its discriminator, for parsing).
AnyMove = RondelMove | OpeningMove | TransferMove


def _type_of(model: type[BaseModel]) -> str:
    return str(get_args(model.model_fields["type"].annotation)[0])


#: The move types of a nation's rondel turn, and of every move, from the move classes.
ROUND_MOVES: tuple[str, ...] = tuple(_type_of(m) for m in get_args(RondelMove))
ALL_MOVES: tuple[str, ...] = tuple(_type_of(m) for m in get_args(get_args(Move)[0]))
