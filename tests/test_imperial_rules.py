"""Imperial: every check declares every rule it raises (issue 15), statically and on the cases,
and the engine keeps no notes between a move and its checks."""

from __future__ import annotations

from adjudicator.games import get_game

GAME = get_game("imperial")


def test_no_module_global_carries_notes_between_apply_and_the_checks() -> None:
    from adjudicator.games.imperial import counted, maneuver, moves, payments, routes, rules

    sections = [getattr(rules, name) for name in rules.__all__ if name != "checks"]
    kinds = [getattr(moves, name) for name in ("turn", "factory", "maneuver", "investor")]
    for module in (counted, maneuver, payments, routes, *sections, *kinds):
        names = {
            n
            for n, v in vars(module).items()
            if isinstance(v, dict) and n.startswith("_") and not n.startswith("__")
        }
        assert not names, (module.__name__, names)


def test_the_verdict_does_not_depend_on_what_was_applied_before() -> None:
    """Interleaving other moves between two adjudications changes nothing (no shared notes)."""
    state = GAME.example()
    state["players"][1]["cash"] = 0
    move = {
        "type": "investor",
        "nation": "AH",
        "investments": [{"player": "Ben", "nation": "RU", "bond": 6}],
    }
    first = GAME.adjudicate(state, move).to_json()
    for other in ({"type": "production", "nation": "AH"}, {"type": "investor", "nation": "AH"}):
        GAME.adjudicate(GAME.example(), other)
    assert GAME.adjudicate(state, move).to_json() == first
    assert {v["rule"] for v in first["violations"]} == {"IM-704"}


def test_a_translation_picks_the_grammatical_form_of_a_name() -> None:
    """`{nation:gen}` in a translation renders the name's genitive; English keeps the base."""
    from adjudicator.core.i18n import Message
    from adjudicator.games.imperial.vocab import nation_name, region_name

    turn = Message(
        "imperial",
        "It is {turn}'s turn, not {nation}'s.",
        {"turn": nation_name("AH"), "nation": nation_name("IT")},
    )
    assert turn.render("en") == "It is Austria-Hungary's turn, not Italy's."
    assert turn.render("el") == "Είναι η σειρά της Αυστρο-Ουγγαρίας, όχι της Ιταλίας."
    assert turn.render("pt") == "É a vez da Áustria-Hungria, não da Itália."
    assert turn.render("zh_TW") == "現在輪到奧匈帝國，不是義大利。"
    entry = Message(
        "imperial", "No unit may enter {region}.", {"region": region_name("switzerland")}
    )
    assert entry.render("el").endswith(" στην Ελβετία.")  # the form `loc`, whatever the verb
    assert entry.render("pt").endswith(" na Suíça.")


def test_every_region_and_nation_is_named_in_every_language() -> None:
    from adjudicator.games.imperial.board import NATIONS, board

    vocab = GAME.vocab
    assert set(vocab.entities("region")) == set(board().regions)
    assert vocab.entities("nation") == list(NATIONS)
    for kind in ("region", "nation"):
        for entity in vocab.entities(kind):
            for form in ("art", "gen", "acc", "loc"):
                assert vocab.term(kind, entity).grammar["el"][form], (entity, form)
    from adjudicator.games.imperial.models import ALL_MOVES

    assert set(vocab.entities("move")) == set(ALL_MOVES)
    assert vocab.name("unit-of-money", "M", "el") == "εκατ."
