"""The traceability gate: every rule checked, every check with both kinds of case."""

from __future__ import annotations

from adjudicator.core.trace import problems, trace_json


def test_no_traceability_gaps(game):
    assert problems(game) == []


def test_trace_lists_every_rule(game):
    data = trace_json([game])
    assert [r["id"] for r in data["rules"]] == [r.id for r in game.catalog]
    for row in data["rules"]:
        assert row["checks"], row["id"]
        assert row["cases"]["pass"] >= 1 and row["cases"]["fail"] >= 1, row["id"]
        assert all(row["text"][lang] for lang in ("en", "el", "pt", "zh_TW")), row["id"]


def test_every_rule_is_broken_by_a_case_that_names_it(game):
    """Every rule of the catalog is expected by some case, and every rule a state check
    names by some state case (``test_cases.py`` runs those cases and compares each verdict's
    rule IDs with what the case expects)."""
    from adjudicator.core.checks import Kind

    expected = {rule for case in game.cases for rule in case.expected_violations}
    assert [r.id for r in game.catalog if r.id not in expected] == []
    state_rules = {rule for check in game.checks.of_kind(Kind.STATE) for rule in check.rules}
    broken_in_states = {
        rule for case in game.cases if case.kind == "state" for rule in case.expected_violations
    }
    assert sorted(state_rules - broken_in_states) == []
