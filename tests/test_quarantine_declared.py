"""Quarantine: every check raises only the rules it declares (issue 15).

Two views of the same promise: a static scan of each check's body (and of the helpers it
calls) for rule IDs, and a run of every check on every case, comparing what it raised.
"""

from __future__ import annotations

import ast
import re

import pytest

from adjudicator.core.checks import Kind
from adjudicator.games import get_game

GAME = get_game("quarantine")
MODULES = ("checks.py", "moves.py", "scoring.py")
RULE = re.compile(r"^QU-\d{3}$")


def _functions() -> dict[str, ast.FunctionDef]:
    found: dict[str, ast.FunctionDef] = {}
    for name in MODULES:
        tree = ast.parse((GAME.package_dir / name).read_text(encoding="utf-8"))
        found.update({n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)})
    return found


def _rules_in(name: str, functions: dict[str, ast.FunctionDef], seen: set[str]) -> set[str]:
    """The rule IDs written in the body of ``name`` and of the module functions it calls."""
    seen.add(name)
    found: set[str] = set()
    for stmt in functions[name].body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if RULE.match(node.value):
                    found.add(node.value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                callee = node.func.id
                if callee in functions and callee not in seen:
                    found |= _rules_in(callee, functions, seen)
    return found


def test_static_scan_finds_no_undeclared_rule():
    functions = _functions()
    wrong = {}
    for check in GAME.checks:
        extra = _rules_in(check.id, functions, set()) - set(check.rules)
        if extra:
            wrong[check.id] = sorted(extra)
    assert wrong == {}


def test_the_scan_can_fail():
    functions = _functions()
    assert "QU-701" in _rules_in("pharmacy", functions, set())
    assert "QU-418" in _rules_in("room_missing", functions, set())


def _raised(case) -> dict[str, set[str]]:
    """What each check raised on ``case``, by check ID."""
    state = GAME.parse_state(case.build_state(GAME))
    found: dict[str, set[str]] = {}
    if case.kind == "state":
        runs = [(c, (state,)) for c in GAME.checks.of_kind(Kind.STATE)]
    elif case.kind == "score":
        runs = [(c, (state,)) for c in GAME.checks.of_kind(Kind.SCORE)]
    else:
        move = GAME.parse_move(dict(case.move or {}))
        runs = [(c, (state, move)) for c in GAME.checks.of_kind(Kind.MOVE)]
        runs = [(c, a) for c, a in runs if c.applies_to(move.type)]
        if not any(c.run(*a) for c, a in runs):
            after, _ = GAME.apply(state, move)
            runs = [
                (c, (state, move, after))
                for c in GAME.checks.of_kind(Kind.EFFECT)
                if c.applies_to(move.type)
            ]
    for check, args in runs:
        found[check.id] = {v.rule for v in check.run(*args)}
    return found


@pytest.mark.parametrize("case", GAME.cases, ids=[c.id for c in GAME.cases])
def test_each_check_raises_only_its_rules(case):
    for check_id, rules in _raised(case).items():
        assert rules <= set(GAME.checks[check_id].rules), (check_id, sorted(rules))
