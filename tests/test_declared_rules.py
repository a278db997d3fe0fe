"""A check raises only the rules it declares (issues 15, 24): checked in the code (a static
scan of every check) and while it runs (strict mode: on unless ADJUDICATOR_STRICT_RULES=0,
and forced on by tests/conftest.py); every violation names the check that raised it, and
every declared rule is raised by its check in some case."""

from __future__ import annotations

import pytest

from adjudicator.core.checks import (
    STRICT_ENV,
    CheckRegistry,
    UndeclaredRule,
    running,
    strict_rules,
)
from adjudicator.core.i18n import N_
from adjudicator.core.trace import raised_by, raised_rules, undeclared_rules

planted = CheckRegistry("planted")


def _helper(state):
    yield planted.violation("XX-102", N_("A helper's rule."))


@planted.state("XX-101", title=N_("Declares XX-101 only"))
def leaky(state):
    if state == "bad":
        yield planted.violation("XX-101", N_("Declared."))
    yield from _helper(state)


@planted.state("XX-101", "XX-102", title=N_("Declares both"))
def honest(state):
    yield planted.violation("XX-101", N_("Declared."))
    yield from _helper(state)


def test_every_check_of_every_game_raises_only_declared_rules(game):
    assert undeclared_rules(game.checks) == []


def test_the_static_scan_follows_helpers_and_finds_an_undeclared_rule():
    assert set(raised_rules(leaky)) == {"XX-101", "XX-102"}
    problems = undeclared_rules(planted)
    assert len(problems) == 1 and "leaky raises XX-102" in problems[0]


def test_strict_mode_is_on_in_the_tests_and_by_default(monkeypatch):
    assert strict_rules()
    monkeypatch.delenv(STRICT_ENV)
    assert strict_rules()
    monkeypatch.setenv(STRICT_ENV, "0")
    assert not strict_rules()


def test_an_undeclared_rule_fails_at_run_time_in_strict_mode():
    with pytest.raises(UndeclaredRule, match="leaky raises XX-102"):
        planted["leaky"].run("good")
    assert [v.rule for v in planted["honest"].run("good")] == ["XX-101", "XX-102"]


def test_outside_strict_mode_it_is_only_recorded(monkeypatch):
    monkeypatch.setenv(STRICT_ENV, "0")
    found = planted["leaky"].run("bad")
    assert [(v.rule, v.check) for v in found] == [("XX-101", "leaky"), ("XX-102", "leaky")]


def test_a_violation_names_its_check_and_the_context_is_restored():
    (first,) = [v for v in planted["honest"].run("x") if v.rule == "XX-101"]
    assert first.check == "honest"
    assert first.to_json()["check"] == "honest"
    assert running() is None
    assert planted["honest"].first("x").check == "honest"
    assert running() is None
    # made outside any check: no check named, nothing enforced
    assert planted.violation("XX-999", N_("Loose.")).check == ""


def test_every_violation_of_the_cases_names_a_check_that_declares_its_rule(game):
    declared = {c.id: set(c.rules) for c in game.checks}
    raisers = raised_by(game)
    assert raisers, game.id
    for rule, checks in raisers.items():
        for check in checks:
            assert rule in declared[check], (rule, check)


# --- the spine knows no game ------------------------------------------------------------


def _imports(path):
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            yield base
            yield from (f"{base}.{a.name}" for a in node.names)


def test_core_imports_no_game():
    from pathlib import Path

    from adjudicator.core.registry import game_ids, game_module

    core = Path(__file__).resolve().parent.parent / "adjudicator" / "core"
    games = {game_module(g).rsplit(".", 1)[-1] for g in game_ids()}
    found = []
    for path in sorted(core.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in _imports(path):
            parts = name.replace(".", " ").split()
            if "games" in parts or set(parts) & games:
                found.append(f"{path.name}: imports {name}")
        found += [f"{path.name}: names {g}" for g in games if f'"{g}"' in text]
    assert found == []


def test_every_declared_rule_is_raised_by_its_check_in_some_case(game):
    """Declared equals raised: a check declaring a rule no case makes it raise is either
    over-declared or lacks a failing case (issue 24)."""
    from adjudicator.core.trace import unraised_declarations

    assert unraised_declarations(game) == []


def test_the_unraised_scan_finds_a_declaration_never_raised():
    from types import SimpleNamespace

    from adjudicator.core.trace import unraised_declarations

    toy = SimpleNamespace(checks=planted)
    found = unraised_declarations(toy, {"XX-101": {"leaky", "honest"}})
    assert found == ["check honest: declares XX-102, but no case makes it raise it"]


def test_every_check_is_located_at_its_decorator(game):
    from pathlib import Path

    import adjudicator

    package = Path(adjudicator.__file__).resolve().parent
    for check in game.checks:
        file, line = check.location()
        lines = (package / file).read_text(encoding="utf-8").splitlines()
        assert lines[line - 1].lstrip().startswith("@"), (check.id, file, line)
        following = lines[line - 1 : line + 20]
        assert any(f"def {check.id}(" in text for text in following), (check.id, file, line)
