"""Display names of spaces, worker types and resources, translated in messages."""

from __future__ import annotations

from ...core.i18n import N_, Message

DOMAIN = "manhattan-project"

NAMES: dict[str, str] = {
    # central-board spaces
    "construction": N_("Construction"),
    "aircraft_fighters": N_("Aircraft factory (2 fighters)"),
    "aircraft_bombers": N_("Aircraft factory (2 bombers)"),
    "factory_yellowcake": N_("Factory (3 yellowcake for $5)"),
    "factory_group": N_("Factory ($5, others $2)"),
    "factory_specialist": N_("Factory ($3, engineer or scientist)"),
    "mine_paid": N_("Mine ($5 for 4 yellowcake)"),
    "mine_group": N_("Mine (3 yellowcake, others 1)"),
    "mine_engineer": N_("Mine (2 yellowcake, engineer only)"),
    "university_laborers": N_("University (3 laborers)"),
    "university_engineer": N_("University (1 engineer)"),
    "university_scientist": N_("University (1 scientist)"),
    "university_paid": N_("University ($3: engineer or scientist)"),
    "reactor": N_("Reactor"),
    "enrichment": N_("Enrichment plant"),
    "air_strike_1": N_("Air strike (left)"),
    "air_strike_2": N_("Air strike (right)"),
    "repair": N_("Repair"),
    "design_bomb": N_("Design Bomb"),
    "espionage": N_("Espionage"),
    # worker types
    "laborer": N_("laborer"),
    "engineer": N_("engineer"),
    "scientist": N_("scientist"),
    "laborers": N_("laborers"),
    "engineers": N_("engineers"),
    "scientists": N_("scientists"),
    # resources and tracks
    "money": N_("money"),
    "yellowcake": N_("yellowcake"),
    "plutonium": N_("plutonium"),
    "uranium": N_("enriched uranium"),
    "fighters": N_("fighters"),
    "bombers": N_("bombers"),
    "spies": N_("spies"),
    # building kinds
    "mine": N_("mine"),
    "factory": N_("factory"),
    "university": N_("university"),
    "enrichment_plant": N_("enrichment plant"),
    # small phrases
    "engineer_or_scientist": N_("engineer or scientist"),
    "two_values": N_("two values"),
    "one_value": N_("one value"),
    "taken": N_("taken"),
    "not_taken": N_("not taken"),
    "personal_supply": N_("personal supply"),
    "test_marker": N_("test marker"),
}

#: Building kinds whose key differs from the space of the same name.
_KIND_KEYS = {"enrichment": "enrichment_plant"}


def name(key: str) -> Message | str:
    """The translatable name of ``key``, or ``key`` itself when it has none."""
    found = NAMES.get(key)
    return Message(DOMAIN, found) if found is not None else key


def kind_name(kind: str) -> Message | str:
    """The name of a building kind (``enrichment`` is the enrichment plant)."""
    return name(_KIND_KEYS.get(kind, kind))


def allowed_name(allowed: set[str] | frozenset[str]) -> Message | str:
    if allowed == {"engineer", "scientist"}:
        return name("engineer_or_scientist")
    if len(allowed) == 1:
        return name(next(iter(allowed)))
    return ", ".join(sorted(allowed))
