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
