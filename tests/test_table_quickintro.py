"""The official Imperial quick-intro game as an example log: 26 nation turns, the record's
figures after each as ``expect``, replayed to the end with every one met."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.games import get_game
from adjudicator.table import codec
from adjudicator.table.log import example_log, example_names, parse_log, replay

NAME = "imperial-quickintro"
NATIONS = ("AH", "IT", "FR", "GB", "GE", "RU")
#: Money in play (cash and treasuries) after these turns, by the record's bank flows.
MONEY_IN_PLAY = {1: 50, 2: 52, 3: 47, 6: 49, 12: 46, 16: 48, 17: 53, 19: 60, 21: 62, 23: 57, 26: 59}


@pytest.fixture(scope="module")
def log() -> dict[str, Any]:
    return example_log(NAME)


@pytest.fixture(scope="module")
def states(log: dict[str, Any]) -> list[dict[str, Any]]:
    result = replay(get_game("imperial"), parse_log(log))
    assert result.flag is None, codec.render_verdict(result.flag.verdict, "en")
    return result.states[1:]


def test_listed_with_26_nation_turns_each_with_the_records_figures(log: dict[str, Any]) -> None:
    assert NAME in example_names()
    assert len(log["entries"]) == 26
    for entry in log["entries"]:
        expect = entry["expect"]
        assert {f"/players/{i}/cash" for i in range(4)} <= set(expect)
        assert {f"/players/{i}/bonds" for i in range(4)} <= set(expect)
        for nation in NATIONS:
            for figure in ("treasury", "power_points", "tax", "flags", "government"):
                assert f"/nations/{nation}/{figure}" in expect
        assert "/units" in expect and "/investor_card" in expect


def test_the_log_says_what_it_assumes_where_the_record_is_silent(log: dict[str, Any]) -> None:
    notes = {i + 1: e.get("note", "") for i, e in enumerate(log["entries"])}
    assert "friendly is assumed" in notes[25] and "doubt D3" in notes[24]
    assert "Italy asks for the battle" in notes[15]
    assert "seating" in log["source"]


def test_replays_to_the_end_with_every_expect_met(states: list[dict[str, Any]]) -> None:
    assert len(states) == 26


def test_the_position_after_the_last_turn(states: list[dict[str, Any]]) -> None:
    """The record's full position after T26, written out here apart from the log."""
    last = states[-1]
    assert [p["cash"] for p in last["players"]] == [8, 3, 1, 1]
    treasuries = {n: last["nations"][n]["treasury"] for n in NATIONS}
    assert treasuries == {"AH": 10, "IT": 1, "FR": 6, "GB": 6, "GE": 14, "RU": 9}
    rondel = {n: last["nations"][n]["rondel"] for n in NATIONS}
    assert rondel == {"AH": "maneuver_1", "IT": "investor", "FR": "production_2",
                      "GB": "production_2", "GE": "factory", "RU": "maneuver_2"}  # fmt: skip
    assert last["nations"]["GE"]["government"] == "Daniel"
    assert last["investor_card"] == "Anton"
    assert len(last["nations"]["AH"]["flags"]) == 7
    assert last["nations"]["IT"]["flags"] == ["spain"]


@pytest.mark.parametrize("turn", sorted(MONEY_IN_PLAY))
def test_money_in_play(states: list[dict[str, Any]], turn: int) -> None:
    state = states[turn - 1]
    money = sum(p["cash"] for p in state["players"])
    money += sum(n["treasury"] for n in state["nations"].values())
    assert money == MONEY_IN_PLAY[turn]


def test_a_wrong_figure_is_caught_at_its_line(log: dict[str, Any]) -> None:
    wrong = {**log, "entries": [dict(e) for e in log["entries"]]}
    line = wrong["entries"][16]
    wrong["entries"][16] = {**line, "expect": {**line["expect"], "/nations/GE/treasury": 13}}
    result = replay(get_game("imperial"), parse_log(wrong))
    assert result.flag is not None and result.flag.index == 16
    message = codec.render_verdict(result.flag.verdict, "en")["violations"][0]["message"]
    assert "14, not 13" in message
