"""Fixed numbers of the game: targets, limits, test markers, and the central-board spaces."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import get_args

from .models import BuildingKind

TARGET = {2: 70, 3: 60, 4: 50, 5: 45}
TEST_MARKERS = {5: (0, 2, 4, 6, 8), 4: (0, 2, 4, 6), 3: (0, 4, 8), 2: (0, 6)}
SEAT_MONEY = (0, 2, 4, 2, 4)
SEAT_SPECIALIST = (0, 0, 0, 1, 1)
PIECES_PER_TYPE = 4
CONTRACTORS_PER_TYPE = 4
FUEL_LIMIT = 8
AIRCRAFT_LIMIT = 10
SPY_LIMIT = 6
START_MONEY = 10
START_LABORERS = 4
MARKET_SLOTS = 7
#: Starting buildings in the market at setup -> regular buildings left in the deck.
SETUP_BUILDING_DECKS = {6: 43, 4: 41}  # 4: copies missing two starting cards (MP-D13)
BOMB_CARDS = 30
#: The building cards of the box (000 p. 3): 6 starting and 44 regular, 10 of each kind
#: (000 p. 13). Copies printed with 4 starting buildings exist (MP-D13).
STARTING_BUILDINGS = 6
STARTING_BUILDINGS_MISPRINT = 4
REGULAR_BUILDINGS = 44
BUILDINGS_PER_KIND = 10
REPAIR_OWN_COST = 5
REPAIR_OTHER_COSTS = (2, 3, 5)
REPAIR_LIMIT = 3
LOAD_POINTS = 5
BUILDING_KINDS: tuple[BuildingKind, ...] = get_args(BuildingKind)

#: What each kind of building may produce and pay (MP-710).
KIND_OUTPUTS = {
    "mine": {"yellowcake"},
    "factory": {"money", "fighters", "bombers"},
    "university": {"laborers", "engineers", "scientists"},
    "enrichment": {"uranium"},
    "reactor": {"plutonium"},
}
KIND_COSTS = {
    "mine": set(),
    "factory": set(),
    "university": set(),
    "enrichment": {"money", "yellowcake"},
    "reactor": {"uranium", "yellowcake"},
}


@dataclass(frozen=True)
class Space:
    rule: str
    allowed: frozenset[str] | None = None  # worker types allowed; None: any
    cost: dict[str, int] = field(default_factory=dict)
    outputs: tuple[dict[str, int], ...] = ()
    group: dict[str, int] = field(default_factory=dict)  # to every other player
    bribe: bool = False


SPACE_SPECS: dict[str, Space] = {
    "aircraft_fighters": Space("MP-513", outputs=({"fighters": 2},)),
    "aircraft_bombers": Space("MP-513", outputs=({"bombers": 2},)),
    "factory_yellowcake": Space(
        "MP-512", cost={"yellowcake": 3}, outputs=({"money": 5},), bribe=True
    ),
    "factory_group": Space("MP-512", outputs=({"money": 5},), group={"money": 2}, bribe=True),
    "factory_specialist": Space(
        "MP-512", frozenset({"engineer", "scientist"}), outputs=({"money": 3},), bribe=True
    ),
    "mine_paid": Space("MP-514", cost={"money": 5}, outputs=({"yellowcake": 4},)),
    "mine_group": Space("MP-514", outputs=({"yellowcake": 3},), group={"yellowcake": 1}),
    "mine_engineer": Space("MP-514", frozenset({"engineer"}), outputs=({"yellowcake": 2},)),
    "university_laborers": Space("MP-515", outputs=({"laborers": 3},)),
    "university_engineer": Space("MP-515", outputs=({"engineers": 1},)),
    "university_scientist": Space("MP-515", outputs=({"scientists": 1},)),
    "university_paid": Space(
        "MP-515", cost={"money": 3}, outputs=({"engineers": 1}, {"scientists": 1})
    ),
    "reactor": Space(
        "MP-517", frozenset({"scientist"}), cost={"yellowcake": 2}, outputs=({"plutonium": 1},)
    ),
    "enrichment": Space(
        "MP-518",
        frozenset({"scientist"}),
        cost={"yellowcake": 2, "money": 3},
        outputs=({"uranium": 1},),
    ),
    "espionage": Space("MP-519", cost={"money": 3}, outputs=({"spies": 1},)),
    "construction": Space("MP-510"),
    "air_strike_1": Space("MP-522"),
    "air_strike_2": Space("MP-522"),
    "repair": Space("MP-520", cost={"money": 5}),
    "design_bomb": Space("MP-521"),
}

#: Spaces whose only requirement is the worker type, for the state check of MP-502.
SPACE_ALLOWED = {k: v.allowed for k, v in SPACE_SPECS.items() if v.allowed is not None}

#: Market slots (0-based) that add $1 to the bribe pile when built from.
BRIBE_SLOTS = (4, 5, 6)
#: Market slots an engineer builds for free.
FREE_SLOTS = (0, 1)
