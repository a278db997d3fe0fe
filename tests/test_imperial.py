"""Imperial: single broken rules in the default example, the map data and its override."""

from __future__ import annotations

import itertools
import json

import pytest

from adjudicator.core.cases import run_case
from adjudicator.games import get_game
from adjudicator.games.imperial import board as board_mod
from adjudicator.games.imperial.models import ALL_MOVES

GAME = get_game("imperial")
MAP = json.loads(board_mod.MAP_FILE.read_text(encoding="utf-8"))


def _map_edge(a: str, b: str) -> dict:
    for e in MAP["adjacency"]["edges"]:
        if {e["a"], e["b"]} == {a, b}:
            return e
    raise AssertionError(f"{a}-{b} is not in the map data")


def test_default_example_valid() -> None:
    assert GAME.check(GAME.example()).valid


def test_map_keeps_confidence_and_flags_doubtful_edges() -> None:
    b = board_mod.board()
    low = [e for e in board_mod.doubtful_edges() if e.confidence == "low"]
    raw_low = {
        frozenset((e["a"], e["b"])) for e in MAP["adjacency"]["edges"] if e["confidence"] == "low"
    }
    assert {frozenset((e.a, e.b)) for e in low} == raw_low
    edge = _map_edge("belgium", "munich")
    assert b.confidence("belgium", "munich") == edge["confidence"]


def test_rulebook_borders_win_over_the_map() -> None:
    b = board_mod.board()
    for a, c in board_mod.RULEBOOK_NON_EDGES:
        assert not b.adjacent(a, c)
    for a, c, _ in board_mod.RULEBOOK_EDGES:
        assert b.adjacent(a, c)


def test_worked_example_borders_come_from_the_map() -> None:
    for a, b in [
        ("greece", "bulgaria"),
        ("cologne", "hamburg"),
        ("hamburg", "denmark"),
        ("holland", "hamburg"),
        ("trieste", "ionian_sea"),
        ("ionian_sea", "western_mediterranean"),
        ("algeria", "western_mediterranean"),
        ("tunis", "ionian_sea"),
        ("vienna", "venice"),
        ("budapest", "vienna"),
    ]:
        edge = _map_edge(a, b)
        assert board_mod.board().adjacent(a, b), edge


def _greece_bulgaria_case():
    return next(c for c in GAME.cases if c.id == "IM-C602a")


def test_map_override_file_removes_an_edge(tmp_path, monkeypatch) -> None:
    case = _greece_bulgaria_case()
    assert run_case(GAME, case).ok
    path = tmp_path / "fix.json"
    path.write_text(json.dumps({"remove_edges": [{"a": "greece", "b": "bulgaria"}]}))
    monkeypatch.setenv(board_mod.MAP_ENV, str(path))
    verdict = GAME.adjudicate(case.build_state(GAME), dict(case.move or {}))
    assert verdict.rules == {"IM-602"}
    monkeypatch.delenv(board_mod.MAP_ENV)
    assert run_case(GAME, case).ok


def test_map_override_file_adds_an_edge(tmp_path, monkeypatch) -> None:
    move = {"type": "maneuver", "nation": "AH", "armies": [{"route": ["trieste", "romania"]}]}
    assert GAME.adjudicate(GAME.example(), move).rules == {"IM-602"}
    path = tmp_path / "fix.json"
    path.write_text(
        json.dumps(
            {
                "add_edges": [
                    {"a": "trieste", "b": "romania", "kind": "land_land", "confidence": "high"}
                ]
            }
        )
    )
    monkeypatch.setenv(board_mod.MAP_ENV, str(path))
    assert GAME.adjudicate(GAME.example(), move).legal
    monkeypatch.delenv(board_mod.MAP_ENV)


def test_whole_map_replacement(tmp_path, monkeypatch) -> None:
    data = json.loads(json.dumps(MAP))
    data["adjacency"]["edges"] = [
        e for e in data["adjacency"]["edges"] if {e["a"], e["b"]} != {"greece", "bulgaria"}
    ]
    path = tmp_path / "map.json"
    path.write_text(json.dumps(data))
    monkeypatch.setenv(board_mod.MAP_ENV, str(path))
    assert not board_mod.board().adjacent("greece", "bulgaria")
    assert board_mod.board().source == str(path)
    monkeypatch.delenv(board_mod.MAP_ENV)
    assert board_mod.board().adjacent("greece", "bulgaria")


def test_unknown_region_is_malformed() -> None:
    from adjudicator.core.errors import MalformedInput

    data = GAME.example()
    data["units"][0]["region"] = "sicily"
    with pytest.raises(MalformedInput):
        GAME.check(data)


@pytest.mark.playout
def test_playout_of_2000_moves_stays_legal() -> None:
    from adjudicator.games.imperial.sampler import playout

    log = playout(7, 2000)
    assert [entry for entry in log if entry["problems"]] == []
    kinds = {entry["move"]["type"] for entry in log}
    assert kinds == set(ALL_MOVES)
    assert any(entry["move"].get("battles") for entry in log)
    assert any(entry["move"].get("investments") for entry in log)


def test_a_move_over_a_doubtful_border_says_so() -> None:
    edge = _map_edge("vienna", "genoa")
    assert edge["confidence"] == "low"
    move = {
        "type": "maneuver",
        "nation": "AH",
        "armies": [{"route": ["trieste", "vienna", "genoa"], "stance": "hostile"}],
    }
    verdict = GAME.adjudicate(GAME.example(), move)
    assert verdict.legal
    notes = [m.render("en") for m in verdict.effects]
    assert any("Vienna" in n and "Genoa" in n and "low" in n for n in notes)


def _raw_edges() -> set[frozenset[str]]:
    edges = {frozenset((e["a"], e["b"])) for e in MAP["adjacency"]["edges"]}
    edges |= {frozenset((a, b)) for a, b, _ in board_mod.RULEBOOK_EDGES}
    return edges - {frozenset(p) for p in board_mod.RULEBOOK_NON_EDGES}


def _hops(move: dict) -> list[tuple[str, str]]:
    hops = [(f["from"], f["to"]) for f in move.get("fleets", [])]
    for army in move.get("armies", []):
        route = army["route"]
        hops += list(itertools.pairwise(route))
    return hops


MANEUVERS = [c for c in GAME.cases if c.kind == "move" and (c.move or {}).get("type") == "maneuver"]


@pytest.mark.parametrize("case", MANEUVERS, ids=[c.id for c in MANEUVERS])
def test_case_borders_come_from_the_map_data(case) -> None:
    """Every border a legal maneuver case crosses is in the shipped map data (or stated by
    the rulebook); a fleet leaving port goes to the anchor sea the map data names."""
    if not case.expect.get("legal"):
        return
    edges = _raw_edges()
    regions = MAP["regions"]
    for a, b in _hops(dict(case.move or {})):
        anchor = (regions.get(a, {}).get("anchor_sea") or {}).get("sea")
        assert frozenset((a, b)) in edges or anchor == b, (case.id, a, b)


def test_non_borders_claimed_by_cases_are_absent_from_the_map_data() -> None:
    edges = _raw_edges()
    claims = {
        "IM-C602b": ("trieste", "romania"),
        "IM-C601e": ("english_channel", "baltic_sea"),
        "IM-C618a": ("denmark", "sweden"),
        "IM-C618d": ("spain", "morocco"),
        "IM-C604c": ("london", "dublin"),
    }
    for case_id, pair in claims.items():
        assert any(c.id == case_id for c in GAME.cases)
        assert frozenset(pair) not in edges, case_id


def _malformed(state: dict, move: dict) -> list[str]:
    from adjudicator.core.errors import MalformedInput

    with pytest.raises(MalformedInput) as caught:
        GAME.adjudicate(state, move)
    return [e.path for e in caught.value.errors]


def test_an_army_entering_a_foreign_home_province_stands_hostile_unless_told() -> None:
    """The stance is asked only where it changes anything (issue 25): left out, the army
    stands hostile, the usual default, or friendly on a nation's last free factory."""
    move = {"type": "maneuver", "nation": "AH", "armies": [{"route": ["trieste", "venice"]}]}
    verdict = GAME.adjudicate(GAME.example(), move)
    assert verdict.legal and verdict.state is not None
    venice = [u for u in verdict.state["units"] if u["region"] == "venice" and u["nation"] == "AH"]
    assert [u["stance"] for u in venice] == ["hostile"]
    move["armies"][0]["stance"] = "friendly"
    after = GAME.adjudicate(GAME.example(), move).state
    assert after is not None
    assert [
        u["stance"] for u in after["units"] if u["region"] == "venice" and u["nation"] == "AH"
    ] == ["friendly"]


@pytest.mark.parametrize("value", [True, "7", 7.5])
def test_strict_numbers(value) -> None:
    from adjudicator.core.errors import MalformedInput

    data = GAME.example()
    data["players"][0]["cash"] = value
    with pytest.raises(MalformedInput) as caught:
        GAME.check(data)
    assert [e.path for e in caught.value.errors] == ["/players/0/cash"]
    move = {"type": "transfer", "source": "Anna", "target": "AH", "amount": value}
    assert _malformed(GAME.example(), move) == ["/move/amount"]


def test_nations_are_a_closed_choice() -> None:
    from adjudicator.core.errors import MalformedInput

    data = GAME.example()
    data["nations"]["XX"] = data["nations"].pop("RU")
    with pytest.raises(MalformedInput) as caught:
        GAME.check(data)
    assert "/nations/XX" in [e.path for e in caught.value.errors]
    schema = GAME.schema("state")
    assert schema["properties"]["nations"]["propertyNames"]["enum"] == list(board_mod.NATIONS)


def test_every_example_checks_clean() -> None:
    for name in GAME.example_names():
        assert GAME.check(GAME.example(name)).valid, name


def test_the_whole_expert_opening() -> None:
    """Every player passes on every nation but one bond each: the game then begins."""
    state = GAME.example("expert-opening")
    for _ in range(4 * 6):
        opening = state["opening"]
        bond = 9 if opening["player"] == "Anna" and opening["nation"] in ("AH", "RU") else None
        move = {"type": "opening", "player": opening["player"], "nation": opening["nation"]}
        if bond:
            move["bond"] = bond
        verdict = GAME.adjudicate(state, move)
        assert verdict.legal, [v.to_json() for v in verdict.violations]
        state = dict(verdict.state)
        assert GAME.check(state).valid, [v.to_json() for v in GAME.check(state).violations]
    assert state["opening"] is None
    assert state["turn"] == "AH" and state["investor_card"] == "Ben"
    assert [p["swiss_bank"] for p in state["players"]] == [False, True, True, True]
