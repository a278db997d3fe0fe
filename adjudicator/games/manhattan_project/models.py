"""The state of a table of The Manhattan Project (its pieces, cards, boards and turn);
the moves a player can submit are in moves.py.

No public catalog of the building and bomb cards exists, so every card in the state
carries the values printed on it (kind, workers required, costs, output, points).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator
from pydantic import Strict as StrictType

from ...core.errors import InvalidValue
from ...core.i18n import N_, Name
from .vocab import DOMAIN, ordinal

Kind = Literal["laborer", "engineer", "scientist"]
Need = Literal["laborer", "engineer", "scientist", "any"]
#: The five player colours (000 p. 3: five player boards, one in each colour).
Colour = Literal["red", "blue", "green", "yellow", "purple"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "green", "yellow", "purple")
GREY = "grey"
#: A worker's colour: a player's, or grey for a contractor.
PieceColour = Literal["red", "blue", "green", "yellow", "purple", "grey"]
KINDS: tuple[Kind, ...] = ("laborer", "engineer", "scientist")
#: The five kinds of building card (000 p. 3); their names are vocabulary kind "building".
BuildingKind = Literal["mine", "factory", "university", "reactor", "enrichment"]

# Strict numbers: `true` and `"7"` are not numbers (issue 13).
Small = Annotated[int, StrictType(), Field(ge=0, le=1000)]
Signed = Annotated[int, StrictType(), Field(ge=-1000, le=100000)]


def _invalid(template: str, **params: object) -> InvalidValue:
    """A problem with the state as a whole, in the reader's language."""
    return InvalidValue(DOMAIN, template, **params)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Workers(Strict):
    """Worker pieces by type."""

    laborers: Small = 0
    engineers: Small = 0
    scientists: Small = 0

    def get(self, kind: str) -> int:
        return int(getattr(self, kind + "s"))

    def total(self) -> int:
        return self.laborers + self.engineers + self.scientists


class Piece(Strict):
    """A worker piece placed somewhere: its type and colour (``grey`` for a contractor)."""

    kind: Kind
    colour: PieceColour = Field(description="the owner's colour, or 'grey' for a contractor")


class Amounts(Strict):
    """Amounts printed on a card or a space: a cost or an output."""

    money: Small = 0
    yellowcake: Small = 0
    uranium: Small = 0
    plutonium: Small = 0
    fighters: Small = 0
    bombers: Small = 0
    laborers: Small = 0
    engineers: Small = 0
    scientists: Small = 0

    def items(self) -> list[tuple[str, int]]:
        return [(k, v) for k, v in self.__dict__.items() if v]


class BuildingCard(Strict):
    """A building card as printed. It is named by its kind (and "starting" for a red back)
    in the reader's language; its printed title is not asked for, as no rule reads it."""

    kind: BuildingKind = Field(description="mine, factory, university, reactor or enrichment")
    workers: list[Need] = Field(max_length=6, description="required workers; 'any' is '?'")
    costs: list[Amounts] = Field(
        default_factory=list, max_length=3, description="cost options ('/'); empty: free"
    )
    outputs: list[Amounts] = Field(max_length=3, description="output options ('/')")
    starting: StrictBool = Field(False, description="a starting building (red back)")


class Building(BuildingCard):
    """A building on a player's board."""

    damage: Small = 0
    occupants: list[Piece] = Field(default_factory=list, max_length=6)


class BombCard(Strict):
    """A bomb card as printed, named by its kind (plutonium or uranium bomb) and values."""

    kind: Literal["plutonium", "uranium"]
    engineers: Small = 0
    scientists: Small = 0
    fuel: Small = Field(description="plutonium or enriched uranium needed")
    load_cost: Small = Field(description="the load cost printed on the card (in bombers)")
    points: Small = Field(description="points (untested value for a plutonium bomb)")
    tested_points: Small | None = Field(
        default=None, description="plutonium bombs: the value once the player has tested"
    )


class Bomb(Strict):
    """A built bomb in front of its owner."""

    card: BombCard
    occupants: list[Piece] = Field(default_factory=list, max_length=12)
    loaded: StrictBool = False


class Test(Strict):
    """The implosion-test marker a player took, with the workers moved onto it."""

    value: Small
    occupants: list[Piece] = Field(default_factory=list, max_length=12)


class Player(Strict):
    colour: Colour
    money: Signed = 0
    yellowcake: Signed = 0
    fighters: Small = 0
    bombers: Small = 0
    plutonium: Small = 0
    uranium: Small = Field(0, description="enriched uranium")
    spies: Small = Field(0, description="the espionage track")
    workers: Workers = Field(default_factory=Workers, description="own-colour pieces in supply")
    contractors: Workers = Field(default_factory=Workers, description="grey pieces in supply")
    buildings: list[Building] = Field(default_factory=list, max_length=60)
    hand: list[BombCard] = Field(default_factory=list, max_length=30)
    bombs: list[Bomb] = Field(default_factory=list, max_length=30)
    test: Test | None = None
    points: Signed | None = Field(default=None, description="points as announced (optional)")


Occupants = Annotated[list[Piece], Field(default_factory=list, max_length=60)]


class Board(Strict):
    """The worker spaces of the central board and the pieces on them."""

    construction: Occupants
    aircraft_fighters: Occupants
    aircraft_bombers: Occupants
    factory_yellowcake: Occupants
    factory_group: Occupants
    factory_specialist: Occupants
    mine_paid: Occupants
    mine_group: Occupants
    mine_engineer: Occupants
    university_laborers: Occupants
    university_engineer: Occupants
    university_scientist: Occupants
    university_paid: Occupants
    reactor: Occupants
    enrichment: Occupants
    air_strike_1: Occupants
    air_strike_2: Occupants
    repair: Occupants
    design_bomb: Occupants
    espionage: Occupants

    def space(self, name: str) -> list[Piece]:
        found: list[Piece] = getattr(self, name)
        return found


#: The worker spaces of the central board, in the order of the board's fields.
SPACES: tuple[str, ...] = tuple(Board.model_fields)


class BuildingRef(Strict):
    owner: Colour
    building: Small


class Turn(Strict):
    """Where the active player is in the turn."""

    active: Colour
    step: Annotated[int, StrictType(), Field(ge=1, le=2)] = Field(
        1, description="1: the central board is still open; 2: buildings"
    )
    placing: StrictBool = Field(False, description="a placement or bomb action was made this turn")
    placed: Small = Field(0, description="workers placed this turn")
    espionage: StrictBool = Field(False, description="the espionage space was taken this turn")
    spied: list[BuildingRef] = Field(default_factory=list, max_length=12)
    previous: Literal["place", "retrieve"] | None = Field(
        None, description="what the previous player did on the turn that just ended"
    )


class GeneralSupply(Strict):
    """The workers left in the general supply, when the table counts them (optional)."""

    contractors: Workers = Field(default_factory=Workers, description="grey contractors")
    workers: dict[Colour, Workers] = Field(
        default_factory=dict, description="each colour's own pieces not yet gained"
    )


class State(Strict):
    players: list[Player] = Field(max_length=8, description="in seat order; index 0 starts")
    board: Board = Field(default_factory=Board)  # type: ignore[arg-type]
    market: list[BuildingCard | None] = Field(max_length=10)
    market_prices: list[Small] = Field(
        default_factory=lambda: [2, 3, 4, 5, 6, 7, 20], max_length=10
    )
    building_deck: Small = Field(0, description="face-down building cards left")
    bomb_row: list[BombCard] = Field(default_factory=list, max_length=12)
    bomb_deck: Small = Field(0, description="face-down bomb cards left")
    design_closed: StrictBool = False
    test_markers: list[Small] = Field(default_factory=list, max_length=10)
    bribe: Small = 0
    general_supply: GeneralSupply | None = Field(
        None, description="workers in the general supply; none: whatever is not elsewhere"
    )
    turns_played: Small = Field(0, description="turns completed so far; 0 at setup")
    game_over: StrictBool = Field(
        False, description="a player has reached the target: the game is over (MP-103)"
    )
    turn: Turn

    @model_validator(mode="after")
    def _references(self) -> State:
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours):
            raise _invalid(N_("Two players have the same colour."))
        known = {*colours, GREY}
        if self.turn.active not in colours:
            raise _invalid(
                N_("The active player, {player}, is not at the table."),
                player=Name(DOMAIN, "colour", self.turn.active),
            )
        for piece in self.all_pieces():
            if piece.colour not in known:
                raise _invalid(
                    N_("A worker of the colour {colour} is in play, but no player has it."),
                    colour=Name(DOMAIN, "colour", piece.colour),
                )
        index = {p.colour: p for p in self.players}
        for ref in self.turn.spied:
            owner = index.get(ref.owner)
            if owner is None or ref.building >= len(owner.buildings):
                raise _invalid(
                    N_("The turn names {owner} {nth} as used, but it does not exist."),
                    owner=Name(DOMAIN, "colour", ref.owner, "gen"),
                    nth=ordinal(ref.building + 1, "building"),
                )
        return self

    def all_pieces(self) -> list[Piece]:
        found: list[Piece] = []
        for name in SPACES:
            found += self.board.space(name)
        for p in self.players:
            for b in p.buildings:
                found += b.occupants
            for bomb in p.bombs:
                found += bomb.occupants
            if p.test is not None:
                found += p.test.occupants
        return found

    def player(self, colour: str) -> Player | None:
        for p in self.players:
            if p.colour == colour:
                return p
        return None

    def seat(self, colour: str) -> int:
        for i, p in enumerate(self.players):
            if p.colour == colour:
                return i
        return -1

    @property
    def active(self) -> Player:
        found = self.player(self.turn.active)
        assert found is not None
        return found

    @property
    def opponents(self) -> list[Player]:
        """Every player but the active one, in seat order."""
        return [p for p in self.players if p.colour != self.turn.active]


# --- parts of the moves ---------------------------------------------------------------
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
