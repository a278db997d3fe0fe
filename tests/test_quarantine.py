"""Quarantine: the default example, single broken rules, geometry and speed."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

from adjudicator.core.checks import Kind
from adjudicator.games import get_game
from adjudicator.games.quarantine.geometry import Layout, turn
from adjudicator.games.quarantine.models import Tile

GAME = get_game("quarantine")
STATE_RULES = sorted({r for c in GAME.checks.of_kind(Kind.STATE) for r in c.rules})
BROKEN = [
    c
    for c in GAME.cases
    if c.kind == "state" and c.base is not None and len(c.expected_violations) == 1
]
#: Rules that cannot be broken alone in the mid-game example: they need every tile taken
#: (the end example), two players, or the untouched setup (before any draw).
OTHER_BASE = {"QU-101": "end", "QU-204": "setup-2p", "QU-304": "setup-4p", "QU-305": "setup-4p"}


def test_default_example_is_a_legal_four_player_mid_game():
    data = GAME.example()
    assert len(data["players"]) == 4
    assert GAME.check(data).valid
    state = GAME.parse_state(data)
    layouts = [Layout.of(p.hospital) for p in state.players]
    assert any(lay.stations() for lay in layouts)
    assert any(lay.quarantined() for lay in layouts)
    assert not state.end.triggered


def test_every_state_rule_is_broken_alone_in_the_default_example():
    shown = {(next(iter(c.expected_violations)), c.base) for c in BROKEN}
    missing = [r for r in STATE_RULES if (r, OTHER_BASE.get(r, "mid-game")) not in shown]
    assert not missing, missing


def test_doors_turn_clockwise():
    assert turn(["N"], 90) == ("E",)
    assert turn(["N", "W"], 180) == ("E", "S")  # always in the order N, E, S, W
    assert turn(["E"], 270) == ("N",)


def _tile(x: int, y: int, doors: list[str], kind: str = "treatment") -> Tile:
    extra = {"colour": "red"} if kind == "treatment" else {}
    return Tile.model_validate({"kind": kind, "x": x, "y": y, "doors": doors, **extra})


def test_connected_needs_both_doors_adjacent_does_not():
    lay = Layout.of([_tile(0, 0, ["N", "E", "S", "W"], "lobby"), _tile(1, 0, ["N"])])
    assert lay.adjacent((0, 0)) == [(1, 0)]
    assert lay.connections((0, 0)) == []
    lay = Layout.of([_tile(0, 0, ["N", "E", "S", "W"], "lobby"), _tile(1, 0, ["W"])])
    assert lay.connections((0, 0)) == [(1, 0)]


def test_station_complete_only_with_four_tiles():
    three = [_tile(0, 0, ["E"], "lobby"), _tile(1, 0, ["W"]), _tile(0, 1, ["S"])]
    assert Layout.of(three).stations() == []
    assert Layout.of([*three, _tile(1, 1, ["S"])]).stations() == [(0, 0)]


def test_enclosed_courtyard_is_not_open():
    ring = [(x, y) for x in (-1, 0, 1) for y in (-2, -1, 0) if (x, y) != (0, -1)]
    tiles = [
        _tile(x, y, ["N", "E", "S", "W"], "lobby" if (x, y) == (0, 0) else "treatment")
        for x, y in [*ring, (0, 1)]
    ]
    assert not Layout.of(tiles).lobby_open()
    assert Layout.of(tiles[:-1]).lobby_open()


def test_alternatives_for_an_illegal_grey_cube():
    verdict = GAME.adjudicate(
        GAME.example(), {"type": "place_grey", "player": "Ben", "at": [-1, 0]}
    )
    assert not verdict.legal
    assert verdict.alternatives
    for alt in verdict.alternatives:
        assert GAME.adjudicate(GAME.example(), dict(alt.move)).legal


def test_alternatives_for_an_illegal_placement():
    data = GAME.example()
    data["round"]["active"], data["round"]["bag_holder"] = "Dimitris", "Anna"
    data["players"][3]["hospital"][1]["doors"] = ["S", "E", "N"]
    verdict = GAME.adjudicate(data, {"type": "place_set_aside", "index": 0, "at": [5, 5]})
    assert not verdict.legal
    assert verdict.alternatives
    for alt in verdict.alternatives:
        assert GAME.adjudicate(data, dict(alt.move)).legal


def test_score_with_tiebreak():
    report = GAME.score(GAME.example("end")).to_json()
    assert report["final"] and report["winner"] == "Ben"
    assert report["tiebreaks"]


@pytest.mark.playout
def test_playout_of_2000_moves_stays_legal():
    from adjudicator.games.quarantine.sampler import playout

    log = playout(1, 2000)
    assert [entry for entry in log if entry["problems"]] == []
    kinds = {entry["move"]["type"] for entry in log}
    assert kinds == {
        "place_patient",
        "place_grey",
        "admit",
        "treat",
        "contract",
        "claim_contract",
        "buy_special",
        "buy_treatment",
        "place_set_aside",
        "move_patients",
        "take_marker",
        "disinfect",
        "renovate",
        "pharmacy",
        "pathology",
        "gift_shop",
        "cafeteria",
        "end_round",
    }
    assert any(entry["move"].get("spread") for entry in log)
    assert any(entry["move"].get("emergency") for entry in log)


def test_alternatives_for_an_illegal_action():
    verdict = GAME.adjudicate(GAME.example(), {"type": "admit", "rooms": [[5, 5]]})
    assert not verdict.legal
    assert verdict.alternatives
    for alt in verdict.alternatives:
        assert alt.move["type"] == "admit"
        assert GAME.adjudicate(GAME.example(), dict(alt.move)).legal


@pytest.mark.parametrize(
    ("pointer", "value"),
    [("/marker_supply", True), ("/marker_supply", "7"), ("/bag/red", 7.5), ("/end/over", 1)],
)
def test_strict_types_name_the_field(pointer, value):
    from adjudicator.core.cases import set_pointer
    from adjudicator.core.errors import MalformedInput

    data = GAME.example()
    set_pointer(data, pointer, value)
    with pytest.raises(MalformedInput) as caught:
        GAME.check(data)
    assert [e.path for e in caught.value.errors] == [pointer]


def test_spread_takes_a_list_and_reads_one_square_as_a_list():
    move = {"type": "place_grey", "player": "Anna", "at": [0, 0]}
    assert GAME.parse_move({**move, "spread": [[1, 1], [0, 1]]}).spread == [[1, 1], [0, 1]]
    assert GAME.parse_move({**move, "spread": [1, 1]}).spread == [[1, 1]]
    assert GAME.parse_move(move).spread == []
    assert GAME.parse_move({**move, "spread": None}).spread == []


def test_the_schema_states_every_spread_the_server_reads_and_the_editor_draws_the_list():
    """The move schema (and the API's document) says what the server accepts: a list of
    squares, one square or null; the move editor draws the list, the form the server
    writes, and reads a filled-in square back as a list of one."""
    from web.forms import build_editor, move_variants, read_form

    schema = move_variants(GAME.schema("move"))[1]["place_grey"]
    spread = schema["properties"]["spread"]
    assert [form.get("type") for form in spread["anyOf"]] == ["array", "array", "null"]
    assert spread["anyOf"][0]["items"]["type"] == "array"  # the list of squares first
    move = {"type": "place_grey", "player": "Anna", "at": [0, 0], "spread": [[0, 2]]}
    editor = build_editor(schema, move, "m", "move")

    def leaves(node):
        for child in node.children:
            yield from leaves(child) if child.is_group else [child]

    found = {leaf.path: leaf for leaf in leaves(editor) if leaf.path.startswith("/spread")}
    assert sorted(found) == ["/spread/0/0", "/spread/0/1"]
    form = {leaf.name: str(leaf.value) for leaf in found.values()}
    assert read_form(form, "m", move)["spread"] == [[0, 2]]


def test_renovation_rotation_is_stated_or_relative():
    from adjudicator.core.errors import MalformedInput

    step = {"source": [0, 1], "to": [0, 1]}
    parsed = GAME.parse_move({"type": "renovate", "steps": [step]}).steps[0]
    assert parsed.rotation_from(90) == 90
    parsed = GAME.parse_move({"type": "renovate", "steps": [{**step, "turn": 270}]}).steps[0]
    assert parsed.rotation_from(180) == 90
    parsed = GAME.parse_move({"type": "renovate", "steps": [{**step, "rotation": 0}]}).steps[0]
    assert parsed.rotation_from(180) == 0
    with pytest.raises(MalformedInput):
        GAME.parse_move({"type": "renovate", "steps": [{**step, "rotation": 90, "turn": 90}]})


def test_market_prices_are_plain_number_fields_on_the_page():
    from web.forms import build_editor

    editor = build_editor(GAME.schema(), GAME.example(), "s", "state")

    def leaves(node):
        for child in node.children:
            yield from leaves(child) if child.is_group else [child]

    price = [leaf for leaf in leaves(editor) if leaf.path.startswith("/market/0/price/")]
    assert [leaf.kind for leaf in price] == ["int"] * 5
    assert not [leaf for leaf in leaves(editor) if leaf.kind == "json"]


def test_places_are_named_by_row_and_column_from_one():
    from adjudicator.games.quarantine.vocab import at

    tiles = [(0, 0), (1, 0), (0, 1), (-1, 0)]
    assert at(tiles, (-1, 0)).render() == "at row 2, column 1"
    assert at(tiles, (0, 1)).render() == "at row 1, column 2"
    assert at(tiles, (2, 0)).render() == "right of the tile at row 2, column 3"
    assert at(tiles, (0, -1)).render() == "below the tile at row 2, column 2"
    assert at(tiles, (5, 5)).render() == "at row 1, column 7"
    assert at(tiles, (0, 1)).render("el") == "στη γραμμή 1, στήλη 2"


def test_alternatives_are_sentences_in_every_language():
    data = GAME.example()
    verdict = GAME.adjudicate(data, {"type": "contract", "kind": "pharmacy", "price": {"blue": 1}})
    assert verdict.alternatives
    for lang in ("en", "el", "pt", "zh_TW"):
        for alt in verdict.alternatives:
            text = alt.description.render(lang)
            assert "{" not in text and "pharmacy" not in text, text


@pytest.mark.playout
def test_apply_leaves_its_input_alone():
    """``apply`` copies only the players a move may change and shares the others: no move
    of a playout may change the state it was applied to."""
    import random

    from adjudicator.games.quarantine.sampler import sample_moves, setup

    rng = random.Random(5)
    state = setup(rng)
    for _ in range(300):
        moves = sample_moves(state, rng)
        if not moves:
            state = setup(rng)
            continue
        before = state.model_dump(mode="json")
        for data in moves[:4]:
            GAME.apply(state, GAME.parse_move(data))
            assert state.model_dump(mode="json") == before, data["type"]
        state, _ = GAME.apply(state, GAME.parse_move(moves[0]))


def test_options_say_the_effects_apply_says():
    """The options say a drawn cube's effects without applying the move: the same words."""
    import random

    from adjudicator.games.quarantine.sampler import sample_moves, setup

    rng = random.Random(11)
    state, seen = setup(rng), 0
    for _ in range(120):
        for action in GAME.legal_actions(state).actions:
            _, said = GAME.apply(state, GAME.parse_move(dict(action.move)))
            assert [m.render("el") for m in action.effects] == [m.render("el") for m in said]
            seen += action.kind in ("place_patient", "place_grey")
        moves = sample_moves(state, rng)
        state = GAME.apply(state, GAME.parse_move(moves[0]))[0] if moves else setup(rng)
    assert seen > 100


def test_purchasing_is_not_named_as_the_market():
    """QU-D14: the Greek rulebook prints Αγορά for the market and for the room Purchasing;
    the reference keeps the two apart in every language, with no English word in Greek."""
    terms = {t.id: t for t in GAME.glossary}
    for lang in ("en", "el", "pt", "zh_TW"):
        room = GAME.vocab.name("room", "purchasing", lang)
        assert room != terms["market"].names[lang], lang
    assert "Purchasing" not in GAME.vocab.name("room", "purchasing", "el")


#: Draws the picture of each example (plain and with the editor's links) and prints a digest.
_DRAW = """
import hashlib
from adjudicator.games import get_game
g = get_game("quarantine")
for name in g.example_names():
    state = g.parse_state(g.example(name))
    for links in (False, True):
        svg = g.present.draw(state, set(), "el", links, None)
        print(name, links, hashlib.sha256(svg.encode()).hexdigest())
"""


@pytest.mark.slow
def test_the_picture_is_the_same_in_every_process():
    """A state's SVG does not depend on the process's string hashing (the doors of a tile
    were a set of strings, drawn in set order)."""
    digests = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", _DRAW], env=env, capture_output=True,
                             text=True, check=True).stdout  # fmt: skip
        digests.add(hashlib.sha256(out.encode()).hexdigest())
    assert len(digests) == 1
