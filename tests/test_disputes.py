"""The disputes pages and the glossary's printed terms: data rules, and what the pages show."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.reference import (
    IMPACTS,
    Term,
    disputes_of_rule,
    flagged_shared,
    fold_duplicates,
    inconsistent_seeds,
    same_or_qualified,
    same_word,
    shared_printed_words,
)
from adjudicator.games import get_game

#: The known disagreements of the seeds' README, with the impact it gives them.
KNOWN = {
    "manhattan-project": {
        "MP-D1": "medium",  # starting bonus of the 1st player
        "MP-D2": "high",  # start of the fuel and espionage tracks
        "MP-D14": "high",  # the espionage action
        "MP-D12": "medium",  # the $20 slot called the leftmost
        "MP-D15": "medium",  # the bribe money and the $2 building
        "MP-D6": "medium",  # Design Bomb refill
        "MP-D4": "medium",  # reactor / enrichment cost in the Chinese text
        "MP-D16": "medium",  # the victory target
        "MP-D17": "medium",  # the Greek setup text interleaved
    },
    "quarantine": {
        "QU-D1": "high",  # move patients
        "QU-D20": "high",  # end of the game
        "QU-D2": "medium",  # Maintenance
        "QU-D21": "medium",  # grey cubes
        "QU-D19": "medium",  # new patients
        "QU-D22": "medium",  # renovate in the summary
    },
    "imperial": {
        "IM-D12": "high",  # when Investor steps 2 and 3 happen
        "IM-D2": "medium",  # passing Investor on the way to Taxation
        "IM-D9": "medium",  # import placement
        "IM-D1": "low",  # the taxation example
    },
}


@pytest.mark.parametrize("game_id", sorted(KNOWN))
def test_known_disagreements_have_full_entries(game_id):
    game = get_game(game_id)
    disputes = {d.id: d for d in game.disputes}
    for dispute_id, impact in KNOWN[game_id].items():
        dispute = disputes[dispute_id]
        assert dispute.impact == impact, dispute_id
        assert dispute.says and dispute.ruling and dispute.why and dispute.rules, dispute_id


def test_every_dispute_has_an_impact_and_links_rules_both_ways(game):
    for dispute in game.disputes:
        assert dispute.impact in IMPACTS
        for rule_id in dispute.rules:
            rule = game.rule(rule_id)
            assert rule is not None, (dispute.id, rule_id)
            assert dispute.id in disputes_of_rule(game.disputes, rule_id, rule.disputes)


def test_comparison_note_lists_every_dispute(game):
    note = (game.package_dir / "COMPARED.md").read_text(encoding="utf-8")
    named = set(re.findall(rf"\b{game.prefix}-D[0-9]+\b", note))
    assert {d.id for d in game.disputes} <= named
    assert named <= {d.id for d in game.disputes}, "the note names an unknown dispute"


def test_comparison_note_lists_every_rulebook_section(game):
    note = (game.package_dir / "COMPARED.md").read_text(encoding="utf-8")
    for section in game.catalog.sections:
        assert f"`{section.id}`" in note, section.id


def _term(term_id: str, printed: dict[str, tuple[str, ...]]) -> Term:
    names = {lang: term_id for lang in ("en", "el", "pt", "zh_TW")}
    return Term(term_id, names, {}, (), "", "d", printed=printed)


def test_inconsistent_seeds_are_those_with_variants():
    term = _term("fighter", {"003": ("Caça",), "004": ("戰鬥機", "戰機")})
    assert inconsistent_seeds(term) == ("004",)


def test_one_word_for_two_concepts_is_shared_accent_blind():
    market = _term("market", {"001": ("Αγορά",)})
    purchasing = _term("purchasing", {"001": ("ΑΓΟΡΑ",)})
    lobby = _term("lobby", {"001": ("Προθάλαμος",)})
    shared = shared_printed_words([market, purchasing, lobby])
    assert shared == {("001", "market"): ["purchasing"], ("001", "purchasing"): ["market"]}


def test_a_words_other_forms_are_no_inconsistency():
    term = _term("red", {"000": ("Κόκκινος", "Κόκκινου", "Κόκκινο"), "001": ("Σειρά", "Γύρος")})
    assert inconsistent_seeds(term) == ("001",)
    assert same_word("Θέση Εργαζομένου", "Θέσεις Εργαζομένων")
    assert not same_word("Δοκιμή", "Δοκιμαστική Έκρηξη")
    assert not same_word("Χρήματα", "Νομίσματα")


def test_a_qualified_word_is_no_second_name():
    # a kind of the thing, its long form and its opposite are the same word
    assert same_or_qualified("Σύμβαση", "Ανοιχτή σύμβαση")
    assert same_or_qualified("κατειλημμένο εργοστάσιο", "μη κατειλημμένο εργοστάσιο")
    assert same_word("Νέοι Ασθενείς!", "Νέος Ασθενής!")
    assert same_word("Γκρι Κύβος Ασθενείας", "Κύβος Γκρι Ασθενείας")
    assert not same_or_qualified("Προθάλαμος", "Πλακίδια Θαλάμου")
    term = _term("lobby", {"001": ("Προθάλαμος", "Πλακίδιο Προθάλαμου", "Πλακίδια Θαλάμου")})
    assert inconsistent_seeds(term) == ("001",)
    assert inconsistent_seeds(_term("contract", {"001": ("Σύμβαση", "Ανοιχτή σύμβαση")})) == ()


def test_a_shared_word_is_told_once_and_never_within_one_family():
    terms = [
        _term("market", {"001": ("Αγορά",)}),
        _term("purchasing", {"001": ("Αγορά",)}),
        _term("production", {"002": ("Παραγωγή",)}),
        _term("production_1", {"002": ("Παραγωγή",)}),
        _term("buy", {"001": ("Αγορά Δωματίου",)}),
        _term("buy_special", {"001": ("Αγορά Δωματίου",)}),
    ]
    shared, by_id = shared_printed_words(terms), {t.id: t for t in terms}
    told = {
        (t.id, seed): flagged_shared(t, seed, shared, by_id)
        for t in terms
        for seed in t.printed
        if flagged_shared(t, seed, shared, by_id)
    }
    assert told == {("market", "001"): ["purchasing"]}


def test_an_empty_vocabulary_entry_folds_into_the_defined_term_of_its_name():
    names = {lang: "Repair" for lang in ("en", "el", "pt", "zh_TW")}
    space = Term("repair", names, {}, (), "", "The space that removes damage.")
    move = Term("move-repair", {**names, "en": "repair"}, {}, (), "", "", kind="move")
    other = Term("move-test", {**names, "en": "Test"}, {}, (), "", "", kind="move")
    kept, folded = fold_duplicates([space, move, other], "en")
    assert kept == [space, other]
    assert folded == {"repair": [move]}
    assert fold_duplicates([space, move, other], "el")[0] == [space]
