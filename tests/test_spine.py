"""The spine on a tiny game: verdict layers, cases, and the traceability gate failing on
deliberately broken copies of a catalog."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from adjudicator.core.cases import run_case
from adjudicator.core.checks import CheckRegistry, UntypedMove, move_types
from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.trace import problems, trace_json
from tests import minigame

GAME = minigame.GAME


def copy_game(tmp_path: Path, **changes) -> Game:
    folder = tmp_path / "game"
    shutil.copytree(Path(minigame.__file__).parent, folder)
    return dataclasses.replace(GAME, package_dir=folder, **changes)


def test_minigame_is_traceable():
    assert problems(GAME, translations=False) == []


@pytest.mark.parametrize("case", GAME.cases, ids=lambda c: c.id)
def test_minigame_cases(case):
    assert run_case(GAME, case).ok, run_case(GAME, case).problems


def test_malformed_state_lists_every_problem_with_its_path():
    with pytest.raises(MalformedInput) as info:
        GAME.check({"players": [{"name": "A", "tokens": "x"}, {"tokens": -1, "extra": 1}]})
    paths = {e.path for e in info.value.errors}
    assert paths == {
        "/players/0/tokens",
        "/players/1/name",
        "/players/1/tokens",
        "/players/1/extra",
    }


def test_malformed_move_paths_are_under_move():
    with pytest.raises(MalformedInput) as info:
        GAME.adjudicate(GAME.example(), {"type": "take", "player": 0})
    assert [e.path for e in info.value.errors] == ["/move/count"]


def test_state_report_lists_all_violations():
    state = {"players": [{"name": "A", "tokens": 6}, {"name": "B", "tokens": 9}]}
    report = GAME.check(state)
    assert [v.path for v in report.violations] == ["/players/0/tokens", "/players/1/tokens"]
    assert report.to_json()["valid"] is False


def test_illegal_move_has_alternatives_and_no_state():
    verdict = GAME.adjudicate(GAME.example(), {"type": "take", "player": 0, "count": 5})
    data = verdict.to_json()
    assert data["legal"] is False and data["state"] is None
    assert [a["move"]["count"] for a in data["alternatives"]] == [1, 2]


def test_gate_fails_on_a_rule_without_check(tmp_path):
    game = copy_game(tmp_path)
    rules = game.package_dir / "rules.toml"
    rules.write_text(
        rules.read_text() + '\n[[rule]]\nid = "XX-401"\nsection = "tokens"\n'
        'title = "Orphan"\ntext = "No check."\nsource = [{seed = "000", where = "x"}]\n'
    )
    assert "rule XX-401: no check enforces it" in problems(game, translations=False)


def test_gate_fails_on_a_check_naming_an_unknown_rule(tmp_path):
    registry = CheckRegistry("minigame")
    for check in GAME.checks:
        registry._checks[check.id] = check

    @registry.state("XX-999", title="ghost")
    def ghost(state):
        return iter(())

    game = copy_game(tmp_path, checks=registry)
    found = problems(game, translations=False)
    assert "check ghost: names unknown rule XX-999" in found
    assert "check ghost: no passing case" in found
    assert "check ghost: no failing case" in found


def test_gate_fails_on_a_check_without_a_failing_case(tmp_path):
    game = copy_game(tmp_path)
    cases = game.package_dir / "cases" / "tokens.yaml"
    text = cases.read_text().replace(
        "patch: {/players/0/tokens: 6}\n  expect: {valid: false, violations: [XX-101]}",
        "expect: {valid: true}",
    )
    cases.write_text(text)
    assert "check token_limit: no failing case" in problems(game, translations=False)


def test_gate_fails_on_missing_translations():
    found = problems(GAME, translations=True)
    assert "rule XX-101 text: no el translation" in found


def test_trace_json_shape():
    row = trace_json([GAME])["rules"][0]
    assert set(row) >= {"id", "game", "source", "text", "checks", "cases"}
    assert row["text"]["en"] == "A player never holds more than 5 tokens."
    assert row["text"]["el"] is None  # untranslated is null, never the English copied over
    assert row["cases"] == {"pass": 2, "fail": 2}


def test_is_legal_agrees_with_the_verdict():
    state = GAME.parse_state(GAME.example())
    for count in range(5):
        move = GAME.parse_move({"type": "take", "player": 1, "count": count})
        assert GAME.is_legal(state, move) == GAME.adjudicate_parsed(state, move).legal


class _Give(BaseModel):
    type: Literal["give"]


class _Pass(BaseModel):
    type: Literal["pass", "skip"]


def test_a_move_check_concerns_the_moves_its_annotation_names():
    reg = CheckRegistry("minigame")

    @reg.move("XX-201", title="one")
    def one(state, move: minigame.Take): ...

    @reg.move("XX-201", title="several")
    def several(state, move: minigame.Take | _Give | _Pass): ...

    @reg.effect("XX-201", title="annotated union")
    def wrapped(before, move: Annotated[_Give | _Pass, Field(discriminator="type")], after): ...

    @reg.move("XX-201", title="any move")
    def every(state, move): ...

    assert reg["one"].moves == ("take",)
    assert reg["several"].moves == ("take", "give", "pass", "skip")
    assert reg["wrapped"].moves == ("give", "pass", "skip")
    assert reg["every"].moves == () and reg["every"].applies_to("give")
    assert GAME.checks["take_count"].moves == ("take",)


def test_move_types_are_never_listed_by_hand():
    reg = CheckRegistry("minigame")
    with pytest.raises(TypeError):
        reg.move("XX-201", title="old style", moves=("take",))  # type: ignore[call-arg]


def test_a_move_annotation_that_is_no_move_class_is_refused():
    reg = CheckRegistry("minigame")
    with pytest.raises(UntypedMove):

        @reg.move("XX-201", title="not a move")
        def wrong(state, move: minigame.Player): ...

    with pytest.raises(UntypedMove):

        @reg.move("XX-201", title="unresolvable")
        def unresolved(state, move: NoSuchMove): ...  # type: ignore[name-defined]  # noqa: F821


def test_move_types_of_a_discriminated_union():
    Move = Annotated[minigame.Take | _Give, Field(discriminator="type")]
    assert move_types(Move) == ("take", "give")
