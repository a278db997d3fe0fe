"""The example Imperial log: the expert opening and 26 nation turns, replayed with the
money, power points and tax marker checked after every nation turn.

The official quick-intro game is the other example log (``tests/test_table_quickintro.py``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from adjudicator.games import get_game
from adjudicator.table import codec
from adjudicator.table.log import example_log, example_names, parse_log, replay

NAME = "imperial-expert-opening"
NATION_TURNS = ("factory", "production", "import", "maneuver", "investor", "taxation")


@pytest.fixture
def log() -> dict[str, Any]:
    return example_log(NAME)


def nation_turns(log: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, e) for i, e in enumerate(log["entries"]) if e["move"]["type"] in NATION_TURNS]


def test_the_example_is_listed() -> None:
    assert NAME in example_names()


def test_the_log_replays_to_the_end_with_every_figure_checked(log: dict[str, Any]) -> None:
    turns = nation_turns(log)
    assert len(turns) == 26
    assert {e["move"]["type"] for _i, e in turns} == set(NATION_TURNS)  # every rondel action
    for _i, entry in turns:
        nation, expect = entry["move"]["nation"], entry["expect"]
        for figure in ("treasury", "power_points", "tax"):
            assert f"/nations/{nation}/{figure}" in expect
        assert all(f"/players/{p}/cash" in expect for p in range(4))
    result = replay(get_game("imperial"), parse_log(log))
    assert result.flag is None
    assert len(result.states) == len(log["entries"]) + 1
    final = result.state
    assert final["opening"] is None and final["turn"] == "FR"


def test_hand_figures_of_the_first_round(log: dict[str, Any]) -> None:
    """A few figures worked out from the rules, independently of the log's own."""
    result = replay(get_game("imperial"), parse_log(log))
    after = {i: result.states[i + 1] for i, _e in nation_turns(log)}
    first = sorted(after)
    ah_factory, fr_investor = after[first[0]], after[first[14]]
    assert ah_factory["nations"]["AH"]["treasury"] == 9 - 5  # a factory costs 5M
    # France pays 4M interest on Chloe's 9M bond; Ben, who holds the investor card, takes 2M
    assert fr_investor["nations"]["FR"]["treasury"] == 9 - 4
    assert [p["cash"] for p in fr_investor["players"]] == [4, 4 + 2, 13 + 4, 13]


def test_a_wrong_figure_is_flagged_at_its_turn(log: dict[str, Any]) -> None:
    broken = copy.deepcopy(log)
    index, entry = nation_turns(broken)[5]
    entry["expect"][f"/nations/{entry['move']['nation']}/treasury"] += 1
    result = replay(get_game("imperial"), parse_log(broken))
    assert result.flag is not None and result.flag.index == index
    text = codec.render_verdict(result.flag.verdict, "el")["violations"][0]["message"]
    assert text and "after this line" not in text  # in Greek


def test_an_illegal_move_is_flagged_first_with_its_reasons(log: dict[str, Any]) -> None:
    broken = copy.deepcopy(log)
    index, entry = nation_turns(broken)[2]
    entry["move"]["nation"] = "GE"  # not Germany's turn
    later, other = nation_turns(broken)[4]
    other["move"]["space"] = "taxation"
    result = replay(get_game("imperial"), parse_log(broken))
    assert result.flag is not None and result.flag.index == index
    assert result.flag.verdict["violations"][0]["rule"].startswith("IM-")
    assert later > index


def test_a_replay_past_its_time_budget_is_flagged_where_it_stopped(log: dict[str, Any]) -> None:
    result = replay(get_game("imperial"), parse_log(log), budget=0.0)
    assert result.flag is not None and result.flag.index == 0
    for lang in ("en", "el", "pt", "zh_TW"):
        text = codec.render_verdict(result.flag.verdict, lang)["violations"][0]["message"]
        assert "1" in text and "50" in text and "{" not in text
    assert "reached line 1 of 50" in codec.render_verdict(result.flag.verdict, "en")[
        "violations"][0]["message"]  # fmt: skip
    assert replay(get_game("imperial"), parse_log(log), budget=60.0).flag is None
