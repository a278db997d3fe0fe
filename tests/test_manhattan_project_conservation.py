"""The Manhattan Project: strict input types, closed colours, notices, and that every check
declares every rule it raises (issues 12, 13 and 15)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.games.manhattan_project import GAME

PACKAGE = Path(GAME.package_dir)
RULE_ID = re.compile(r"^MP-\d{3}$")


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


def test_a_playout_keeps_every_component_counted():
    from adjudicator.games.manhattan_project.sampler import playout

    played, problems = playout(11, 600)
    assert played == 600 and problems == []


# --- issue 15: a check raises only the rules it declares -------------------------------------


def _raised_by_checks(source: str) -> dict[str, tuple[set[str], set[str]]]:
    """For each decorated check of a module: (declared rules, rule IDs written in its body or
    in the module's helper functions it calls, transitively)."""
    tree = ast.parse(source)
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}

    def rule_literals(node: ast.AST) -> set[str]:
        return {
            c.value
            for c in ast.walk(node)
            if isinstance(c, ast.Constant) and isinstance(c.value, str) and RULE_ID.match(c.value)
        }

    def called(node: ast.AST) -> set[str]:
        return {
            c.func.id
            for c in ast.walk(node)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
        }

    found = {}
    for name, func in funcs.items():
        declared = None
        for deco in func.decorator_list:
            if (
                isinstance(deco, ast.Call)
                and isinstance(deco.func, ast.Attribute)
                and isinstance(deco.func.value, ast.Name)
                and deco.func.value.id == "checks"
            ):
                declared = {a.value for a in deco.args if isinstance(a, ast.Constant)}
        if declared is None:
            continue
        raised: set[str] = set()
        seen: set[str] = set()
        todo = [name]
        while todo:
            current = todo.pop()
            if current in seen or current not in funcs:
                continue
            seen.add(current)
            body = ast.Module(body=funcs[current].body, type_ignores=[])
            raised |= rule_literals(body)
            todo += called(body)
        found[name] = (declared, raised)
    return found


@pytest.mark.parametrize("module", ["checks.py", "moves.py", "scoring.py"])
def test_every_check_declares_the_rules_it_raises(module):
    checks = _raised_by_checks((PACKAGE / module).read_text(encoding="utf-8"))
    assert checks, module
    undeclared = {n: sorted(r - d) for n, (d, r) in checks.items() if r - d}
    assert undeclared == {}


def test_the_scan_finds_an_undeclared_rule():
    planted = """
@checks.state("MP-201", title="x")
def pieces(state):
    yield helper(state)

def helper(state):
    return checks.violation("MP-202", "t")
"""
    assert _raised_by_checks(planted) == {"pieces": ({"MP-201"}, {"MP-202"})}


def test_every_check_raises_only_its_rules_on_the_cases():
    from adjudicator.core.checks import Kind
    from adjudicator.core.verdicts import Violation

    for case in GAME.cases:
        state = GAME.parse_state(case.build_state(GAME))
        move = GAME.parse_move(dict(case.move)) if case.move else None
        for check in GAME.checks:
            if check.kind in (Kind.STATE, Kind.SCORE):
                found = check.run(state)
            elif move is not None and check.kind is Kind.MOVE and check.applies_to(move.type):
                found = check.run(state, move)
            else:
                continue
            raised = {v.rule for v in found if isinstance(v, Violation)}
            assert raised <= set(check.rules), (case.id, check.id, raised)


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
