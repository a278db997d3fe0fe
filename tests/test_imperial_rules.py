"""Imperial: every check declares every rule it raises (issue 15), statically and on the cases,
and the engine keeps no notes between a move and its checks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from adjudicator.core.checks import Kind
from adjudicator.core.verdicts import Notice, Violation
from adjudicator.games import get_game

GAME = get_game("imperial")
PACKAGE = Path(GAME.package_dir)
RULE_ID = re.compile(r"^IM-\d{3}$")


def _package_functions() -> tuple[dict[str, ast.FunctionDef], dict[str, ast.AST]]:
    """Every module-level function and constant of the package, by name."""
    functions: dict[str, ast.FunctionDef] = {}
    constants: dict[str, ast.AST] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                functions[node.name] = node
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        constants[target.id] = node
    return functions, constants


def _rule_literals(node: ast.AST) -> set[str]:
    return {
        c.value
        for c in ast.walk(node)
        if isinstance(c, ast.Constant) and isinstance(c.value, str) and RULE_ID.match(c.value)
    }


def _raised(name: str) -> set[str]:
    """The rule IDs written in a check's body, in the package functions it calls and in the
    module constants it reads, transitively (the decorator itself is left out)."""
    functions, constants = _package_functions()
    seen: set[str] = set()
    found: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen or current not in functions:
            continue
        seen.add(current)
        func = functions[current]
        for statement in func.body:
            found |= _rule_literals(statement)
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and node.id in constants:
                    found |= _rule_literals(constants[node.id])
                if isinstance(node, ast.Name) and node.id in functions:
                    todo.append(node.id)
    return found


@pytest.mark.parametrize("check", list(GAME.checks), ids=[c.id for c in GAME.checks])
def test_a_check_declares_every_rule_it_can_raise(check) -> None:
    undeclared = _raised(check.id) - set(check.rules)
    assert not undeclared, f"{check.id} raises {sorted(undeclared)} without declaring them"


def test_the_scan_sees_rules_in_helpers() -> None:
    """The scan follows helpers: the investments check raises IM-704 through `_purchase`."""
    assert "IM-704" in _raised("investments")
    assert "IM-603" in _raised("maneuver")


def _run(check, state, move, after):
    if check.kind is Kind.STATE or check.kind is Kind.SCORE:
        return check.run(state)
    if check.kind is Kind.MOVE:
        return check.run(state, move)
    return check.run(state, move, after)


@pytest.mark.parametrize("case", GAME.cases, ids=[c.id for c in GAME.cases])
def test_on_every_case_each_check_raises_only_its_rules(case) -> None:
    state = GAME.parse_state(case.build_state(GAME))
    move = GAME.parse_move(dict(case.move)) if case.move else None
    after = None
    if move is not None and GAME.is_legal(state, move):
        after, _ = GAME.apply(state, move)
    for check in GAME.checks:
        wanted = {"state": Kind.STATE, "score": Kind.SCORE}.get(case.kind)
        if wanted is not None and check.kind is not wanted:
            continue
        if case.kind == "move":
            if check.kind not in (Kind.MOVE, Kind.EFFECT) or not check.applies_to(move.type):
                continue
            if check.kind is Kind.EFFECT and after is None:
                continue
        for found in _run(check, state, move, after):
            assert isinstance(found, Violation | Notice)
            assert found.rule in check.rules, (case.id, check.id, found.rule)


def test_no_module_global_carries_notes_between_apply_and_the_checks() -> None:
    from adjudicator.games.imperial import engine, moves

    for module in (engine, moves):
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
