"""Readable, translatable labels for the form editor's fields and the kinds of action.

The games' models name their fields in English snake case; the editor shows these labels
instead (in the page's language) and falls back to the field's own name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.core.i18n import N_

#: A field's name (the JSON key) and its label.
FIELDS: dict[str, str] = {
    "about": N_("About"),
    "actions_used": N_("Actions used"),
    "active": N_("Active player"),
    "against": N_("Against"),
    "air_strike_1": N_("Air strike 1"),
    "air_strike_2": N_("Air strike 2"),
    "aircraft": N_("Aircraft"),
    "aircraft_bombers": N_("Aircraft: bombers"),
    "aircraft_fighters": N_("Aircraft: fighters"),
    "amount": N_("Amount"),
    "armies": N_("Armies"),
    "at": N_("At [x, y]"),
    "attacks": N_("Attacks"),
    "bag": N_("Bag"),
    "bag_holder": N_("Bag holder"),
    "battles": N_("Battles"),
    "blue": N_("Blue"),
    "board": N_("Board"),
    "bomb": N_("Bomb"),
    "bomb_deck": N_("Bomb deck"),
    "bomb_row": N_("Bomb cards on display"),
    "bombers": N_("Bombers"),
    "bombs": N_("Bombs"),
    "bond": N_("Bond"),
    "bonds": N_("Bonds"),
    "bonus": N_("Bonus"),
    "bought_special": N_("Special rooms bought"),
    "bought_treatment": N_("Treatment rooms bought"),
    "box": N_("Box"),
    "bribe": N_("Bribe"),
    "building": N_("Building"),
    "building_deck": N_("Building deck"),
    "buildings": N_("Buildings"),
    "cafeteria_used": N_("Cafeteria used"),
    "called_by": N_("Called by"),
    "card": N_("Card"),
    "cash": N_("Cash"),
    "claim": N_("Claim"),
    "claimable": N_("Claimable"),
    "colour": N_("Colour"),
    "construction": N_("Construction"),
    "contractor": N_("Contractor"),
    "contractors": N_("Contractors"),
    "contracts": N_("Contracts"),
    "corner": N_("Corner"),
    "cost": N_("Cost"),
    "costs": N_("Costs"),
    "count": N_("Count"),
    "cube_points": N_("Points for cubes"),
    "cubes": N_("Cubes"),
    "damage": N_("Damage"),
    "design_bomb": N_("Design bomb"),
    "design_closed": N_("Bomb design closed"),
    "destroy": N_("Destroy"),
    "doors": N_("Doors"),
    "drawn": N_("Drawn"),
    "draws": N_("Draws"),
    "emergency": N_("Emergency"),
    "empty_line": N_("Empty waiting line"),
    "end": N_("End of the game"),
    "engineers": N_("Engineers"),
    "enrichment": N_("Enrichment"),
    "espionage": N_("Espionage"),
    "extra": N_("Extra"),
    "factories": N_("Factories"),
    "factory_group": N_("Factory: group"),
    "factory_specialist": N_("Factory: specialist"),
    "factory_yellowcake": N_("Factory: yellowcake"),
    "fighters": N_("Fighters"),
    "final_rounds_left": N_("Final rounds left"),
    "first_round": N_("First round"),
    "flags": N_("Flags"),
    "fleets": N_("Fleets"),
    "forced_by": N_("Forced by"),
    "from": N_("From"),
    "fuel": N_("Fuel"),
    "government": N_("Government"),
    "green": N_("Green"),
    "grey": N_("Grey"),
    "grey_supply": N_("Grey cubes beside the market"),
    "hand": N_("Hand"),
    "hospital": N_("Hospital"),
    "income": N_("Income"),
    "index": N_("Index"),
    "investments": N_("Investments"),
    "investor_card": N_("Investor card"),
    "keep": N_("Keep"),
    "kind": N_("Kind"),
    "laborers": N_("Laborers"),
    "lasts": N_("Lasts"),
    "line": N_("Waiting line"),
    "load_cost": N_("Load cost"),
    "loaded": N_("Loaded"),
    "loads": N_("Loads"),
    "marker_supply": N_("Markers beside the market"),
    "markers": N_("Extra-action markers"),
    "markers_spent": N_("Markers spent"),
    "markers_taken": N_("Markers taken"),
    "market": N_("Market"),
    "market_prices": N_("Market prices"),
    "mine_engineer": N_("Mine: engineer"),
    "mine_group": N_("Mine: group"),
    "mine_paid": N_("Mine: paid"),
    "money": N_("Money"),
    "name": N_("Name"),
    "nation": N_("Nation"),
    "nations": N_("Nations"),
    "nurse_stations": N_("Nurse stations"),
    "occupants": N_("Workers on it"),
    "on_call": N_("On call"),
    "others": N_("Others"),
    "output": N_("Output"),
    "outputs": N_("Outputs"),
    "over": N_("Game over"),
    "own": N_("Own"),
    "owner": N_("Owner"),
    "partner": N_("Partner"),
    "pathology_used": N_("Pathology used"),
    "patients": N_("Patients"),
    "pay": N_("Pay"),
    "purple": N_("Purple"),
    "payment_to": N_("Payment to"),
    "picks": N_("Picks"),
    "placed": N_("Workers placed"),
    "placing": N_("Placing"),
    "player": N_("Player"),
    "players": N_("Players"),
    "plutonium": N_("Plutonium"),
    "points": N_("Points"),
    "power_points": N_("Power points"),
    "previous": N_("Previous turn"),
    "price": N_("Price"),
    "reactor": N_("Reactor"),
    "red": N_("Red"),
    "region": N_("Region"),
    "renovated": N_("Renovated"),
    "repair": N_("Repair"),
    "revealed": N_("Revealed"),
    "revenue": N_("Revenue"),
    "rondel": N_("Rondel"),
    "rooms": N_("Rooms"),
    "rotation": N_("Rotation"),
    "round": N_("Round"),
    "route": N_("Route"),
    "scientists": N_("Scientists"),
    "seller": N_("Seller"),
    "set_aside": N_("Set aside"),
    "setup": N_("Setup"),
    "skip": N_("Skip"),
    "slot": N_("Slot"),
    "source": N_("Source"),
    "space": N_("Space"),
    "special_kinds": N_("Special rooms in play"),
    "special_rooms": N_("Special rooms"),
    "spied": N_("Buildings spied on"),
    "spies": N_("Espionage track"),
    "spread": N_("Spread"),
    "stance": N_("Stance"),
    "stances": N_("Stances"),
    "step": N_("Step"),
    "steps": N_("Steps"),
    "supply": N_("Supply"),
    "swiss_bank": N_("Swiss bank"),
    "target": N_("Target"),
    "tax": N_("Tax"),
    "test": N_("Test"),
    "test_markers": N_("Test markers"),
    "tested_points": N_("Points once tested"),
    "tiles": N_("Tiles"),
    "to": N_("To"),
    "total": N_("Total"),
    "trade_in": N_("Trade in"),
    "transfer": N_("Transfer"),
    "treasury": N_("Treasury"),
    "triggered": N_("End triggered"),
    "turn": N_("Turn"),
    "turns_played": N_("Turns played"),
    "type": N_("Kind of action"),
    "units": N_("Units"),
    "university_engineer": N_("University: engineer"),
    "university_laborers": N_("University: laborers"),
    "university_paid": N_("University: paid"),
    "university_scientist": N_("University: scientist"),
    "uranium": N_("Enriched uranium"),
    "value": N_("Value"),
    "variant": N_("Variant"),
    "worker": N_("Worker"),
    "workers": N_("Workers"),
    "x": N_("x"),
    "y": N_("y"),
    "yellow": N_("Yellow"),
    "yellowcake": N_("Yellowcake"),
}

#: A move's ``type`` and its label.
MOVES: dict[str, str] = {
    "admit": N_("Admit patients"),
    "air_strike": N_("Air strike"),
    "build_bomb": N_("Build a bomb"),
    "buy_special": N_("Buy a special room"),
    "buy_treatment": N_("Buy a treatment room"),
    "cafeteria": N_("Cafeteria"),
    "claim_contract": N_("Claim a contract"),
    "construct": N_("Construct a building"),
    "contract": N_("Offer a contract"),
    "design_bomb": N_("Design a bomb"),
    "disinfect": N_("Disinfect"),
    "end_round": N_("End the round"),
    "end_turn": N_("End the turn"),
    "factory": N_("Factory"),
    "gift_shop": N_("Gift shop"),
    "import": N_("Import"),
    "investor": N_("Investor"),
    "load_bomb": N_("Load a bomb"),
    "maneuver": N_("Maneuver"),
    "move_patients": N_("Move patients"),
    "negotiate": N_("Negotiate"),
    "pathology": N_("Pathology"),
    "pharmacy": N_("Pharmacy"),
    "place_building": N_("Place a worker on a building"),
    "place_central": N_("Place a worker on the central board"),
    "place_grey": N_("Place a grey cube"),
    "place_patient": N_("Place a patient"),
    "place_set_aside": N_("Place a set-aside tile"),
    "production": N_("Production"),
    "renovate": N_("Renovate"),
    "repair": N_("Repair"),
    "retrieve": N_("Retrieve workers"),
    "take_marker": N_("Take a marker"),
    "taxation": N_("Taxation"),
    "test_bomb": N_("Test a bomb"),
    "transfer": N_("Transfer money"),
    "treat": N_("Treat patients"),
}


#: Fields that name a player: their choices are the players of the state being edited.
PLAYER_FIELDS = frozenset(
    {"active", "bag_holder", "called_by", "government", "investor_card", "owner", "partner",
     "payment_to", "player", "seller", "target", "forced_by"}
)  # fmt: skip

#: Fields whose value is a game entity of a vocabulary kind (when the schema leaves it open).
ENTITY_FIELDS: dict[str, str] = {
    "region": "region",
    "flags": "region",
    "factories": "region",
    "from": "region",
    "to": "region",
    "route": "region",
}


#: The vocabulary kinds of VOCAB_API.md, tried in this order for a closed choice.
KINDS = ("colour", "nation", "region", "space", "building", "card", "resource", "worker",
         "track", "unit", "stance", "rondel", "cube", "room", "action", "move", "marker",
         "unit-of-money")  # fmt: skip


def vocabulary(game: Any) -> Any:
    """The game's vocabulary (``game.vocab``, see VOCAB_API.md), or ``None`` before it lands."""
    return getattr(game, "vocab", None)


def _glossary_name(game: Any, entity: str, lang: str) -> str | None:
    """A glossary term named like ``entity`` (``mine_paid`` → ``mine-paid``), in ``lang``."""
    wanted = {entity, entity.replace("_", "-"), entity.lower()}
    for term in getattr(game, "glossary", ()):
        if getattr(term, "id", None) in wanted:
            names = getattr(term, "names", {})
            text = names.get(lang) or names.get("en")
            if isinstance(text, str) and text:
                return text[:1].upper() + text[1:]
    return None


def entity_kind(game: Any, values: list[str]) -> str | None:
    """The vocabulary kind whose entities include every one of ``values``, if any."""
    vocab = vocabulary(game)
    if vocab is None or not values:
        return None
    for kind in KINDS:
        if all(vocab.has(kind, v) for v in values):
            return str(kind)
    return None


def entity_name(game: Any, kind: str | None, entity: str, lang: str, fallback: str = "") -> str:
    """The display name of ``entity``: the vocabulary's, else the glossary's, else a label."""
    vocab = vocabulary(game)
    if vocab is not None and kind and vocab.has(kind, entity):
        return str(vocab.name(kind, entity, lang))
    return _glossary_name(game, entity, lang) or fallback or entity.replace("_", " ")


def entities(game: Any, kind: str) -> list[str]:
    """The entities of ``kind``: the vocabulary's, else the game's own data where it has it."""
    vocab = vocabulary(game)
    if vocab is not None and vocab.entities(kind):
        return list(vocab.entities(kind))
    if kind == "region" and game.id == "imperial":
        from adjudicator.games.imperial.board import board

        return sorted(board().regions)
    return []


Choices = Callable[[str, list[Any]], list[tuple[str, str]]]
