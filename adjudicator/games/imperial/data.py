"""The box of Imperial: how many pieces it holds, and the small tables of the rules."""

from __future__ import annotations

from .board import components

#: A unit kind and the plural the map data's unit supply is keyed by.
PLURAL = {"army": "armies", "fleet": "fleets"}
#: Factory pieces of each kind in the box (armaments and shipyards alike).
FACTORY_PIECES = components().factories["armaments"]
FLAGS_PER_NATION = components().flags_per_nation
#: The bank notes of the box, in millions.
BANK_MONEY = components().money
#: What a factory costs its nation's treasury (IM-501).
FACTORY_COST = 5
#: What one imported unit costs, and the most units one Import buys (IM-506).
IMPORT_COST = 1
IMPORT_LIMIT = 3
#: The expert variant's starting money, by player count.
EXPERT_MONEY = {6: 15, 5: 18, 4: 22, 3: 28, 2: 40}
#: Flag cards dealt to each player, by player count.
CARDS_EACH = {2: 3, 3: 2, 4: 1, 5: 1, 6: 1}
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # the setups printed; 6 flag cards
#: With 3 or 2 players, the flag cards that go to one player together.
PAIRS = {
    3: (("GB", "AH"), ("RU", "IT"), ("GE", "FR")),
    2: (("FR", "AH"), ("GE", "AH"), ("RU", "IT"), ("GB", "IT")),
}
#: Borders that armies cross only by convoy (IM-618).
CONVOY_ONLY = frozenset({frozenset(("sweden", "denmark")), frozenset(("spain", "morocco"))})
