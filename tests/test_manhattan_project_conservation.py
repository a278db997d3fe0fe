"""The Manhattan Project: strict input types, closed colours, notices, and that every check
declares every rule it raises (issues 12, 13 and 15)."""

from __future__ import annotations

import json

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.games.manhattan_project import GAME


def _patched(pointer: tuple[str | int, ...], value: object) -> dict:
    data = GAME.example()
    node = data
    for key in pointer[:-1]:
        node = node[key]
    node[pointer[-1]] = value
    return data


@pytest.mark.parametrize(
    ("pointer", "value", "path"),
    [
        (("players", 0, "money"), True, "/players/0/money"),
        (("players", 0, "money"), "7", "/players/0/money"),
        (("bomb_deck",), 1.5, "/bomb_deck"),
        (("turn", "step"), True, "/turn/step"),
        (("turn", "placing"), 1, "/turn/placing"),
        (("game_over",), "yes", "/game_over"),
        (("players", 0, "colour"), "pink", "/players/0/colour"),
        (("turn", "active"), "Red", "/turn/active"),
        (("board", "reactor", 0, "colour"), "black", "/board/reactor/0/colour"),
    ],
)
def test_strict_types_and_closed_colours(pointer, value, path):
    data = _patched(pointer, value)
    for parse in (GAME.parse_state, lambda d: GAME.parse_state_json(json.dumps(d))):
        with pytest.raises(MalformedInput) as caught:
            parse(data)
        assert [e.path for e in caught.value.errors] == [path]


def test_a_move_names_a_colour_of_the_game():
    with pytest.raises(MalformedInput) as caught:
        GAME.parse_move({"type": "negotiate", "partner": "pink"})
    assert [e.path for e in caught.value.errors] == ["/partner"]


def test_notices_are_reported_apart_from_violations():
    data = GAME.example()
    del data["bomb_deck"]
    report = GAME.check(data)
    assert report.valid
    assert [n.rule for n in report.notices] == ["MP-209"]
    out = report.to_json("el")
    assert out["notices"][0]["path"] == "/bomb_deck" and out["violations"] == []


def test_examples_break_no_conservation_rule_and_need_no_notice():
    for name in GAME.example_names():
        report = GAME.check(GAME.example(name))
        assert report.valid, (name, [v.to_json() for v in report.violations])
        assert not report.notices, (name, [n.to_json() for n in report.notices])


@pytest.mark.playout
def test_a_playout_keeps_every_component_counted():
    from adjudicator.games.manhattan_project.sampler import playout

    played, problems = playout(11, 600)
    assert played == 600 and problems == []


def test_a_state_level_error_is_in_the_readers_language():
    data = GAME.example()
    data["players"][1]["colour"] = data["players"][0]["colour"]
    with pytest.raises(MalformedInput) as caught:
        GAME.parse_state(data)
    assert caught.value.to_json("el")[0]["message"] == "Δύο παίκτες έχουν το ίδιο χρώμα."
    data = GAME.example()
    data["turn"]["active"] = "purple"
    data["players"] = data["players"][:4]
    with pytest.raises(MalformedInput) as caught:
        GAME.parse_state(data)
    assert "Roxo" in caught.value.to_json("pt")[0]["message"]
