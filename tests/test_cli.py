"""The CLI contract: exit codes, JSON shapes, languages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from adjudicator.cli import main
from adjudicator.core.i18n import gettext
from adjudicator.games import get_game


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_default_example_checks_clean(game, capsys, tmp_path):
    code, out = run(capsys, "example", game.id)
    assert code == 0
    state = write(tmp_path, "state.json", out)
    code, out = run(capsys, "check", game.id, state, "--format", "json")
    assert code == 0
    assert json.loads(out) == {"valid": True, "violations": [], "notices": [], "errors": []}


def test_malformed_json_exits_2_with_paths(game, capsys, tmp_path):
    state = write(tmp_path, "state.json", '{"players": [1, 2,')
    code, out = run(capsys, "check", game.id, state, "--format", "json")
    assert code == 2
    data = json.loads(out)
    assert data["valid"] is False and data["errors"] and "path" in data["errors"][0]


def test_wrong_shape_names_the_field(game, capsys, tmp_path):
    state = write(tmp_path, "state.json", {"no_such_field": 1})
    code, out = run(capsys, "check", game.id, state, "--format", "json")
    assert code == 2
    paths = {e["path"] for e in json.loads(out)["errors"]}
    assert "/no_such_field" in paths


def test_broken_case_exits_1_with_rule_ids(game, capsys, tmp_path):
    case = next(c for c in game.cases if c.kind == "state" and c.expected_violations)
    state = write(tmp_path, "state.json", case.build_state(game))
    code, out = run(capsys, "check", game.id, state, "--format", "json", "--lang", "zh-TW")
    assert code == 1
    data = json.loads(out)
    assert {v["rule"] for v in data["violations"]} == set(case.expected_violations)
    assert all(v["message"] and "path" in v for v in data["violations"])


def test_move_verdicts(game, capsys, tmp_path):
    for case in [c for c in game.cases if c.kind == "move"][:6]:
        state = write(tmp_path, "state.json", case.build_state(game))
        move = write(tmp_path, "move.json", dict(case.move or {}))
        code, out = run(capsys, "move", game.id, state, move, "--format", "json")
        data = json.loads(out)
        assert set(data) >= {"legal", "violations", "state", "alternatives"}
        assert code == (0 if data["legal"] else 1)
        assert (data["state"] is None) != data["legal"]


def test_score_and_schema(game, capsys, tmp_path):
    state = write(tmp_path, "state.json", game.example())
    code, out = run(capsys, "score", game.id, state, "--format", "json")
    assert code == 0 and set(json.loads(out)) >= {"scores", "winner", "tiebreaks", "final"}
    for which in ("state", "move"):
        code, out = run(capsys, "schema", game.id, which)
        assert code == 0 and json.loads(out)


@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW", "zh-TW"])
def test_rule_lookup_in_every_language(game, capsys, lang):
    rule = next(iter(game.catalog))
    code, out = run(capsys, "rules", game.id, rule.id, "--lang", lang, "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["id"] == rule.id
    if lang != "en":
        assert data["text"] != rule.text


def test_unknown_rule_and_game(capsys):
    assert main(["rules", "imperial", "IM-999z"]) == 2
    with pytest.raises(SystemExit) as info:
        main(["check", "chess", "x.json"])
    assert info.value.code == 2


def test_trace_json_shape(capsys):
    code, out = run(capsys, "trace", "--format", "json")
    data = json.loads(out)
    assert data["rules"] and code == 0, data.get("problems")
    row = data["rules"][0]
    assert set(row) >= {"id", "game", "source", "text", "checks", "cases"}
    assert set(row["text"]) == {"en", "el", "pt", "zh_TW"}


def test_console_script_runs():
    result = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "example", "imperial", "--list"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "mid-game" in result.stdout


def test_score_names_players_in_the_readers_language(capsys):
    state = str(get_game("manhattan-project").package_dir / "examples" / "end.json")
    code, out = run(capsys, "score", "manhattan-project", state, "--lang", "el")
    assert code == 0
    assert "Πράσινος" in out
    assert "green" not in out


@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW"])
def test_text_output_names_the_check_of_every_violation(game, capsys, tmp_path, lang):
    case = next(c for c in game.cases if c.kind == "state" and c.expected_violations)
    state = write(tmp_path, "state.json", case.build_state(game))
    code, out = run(capsys, "check", game.id, state, "--format", "json")
    checks = {v["check"] for v in json.loads(out)["violations"]}
    assert code == 1 and all(checks)
    code, out = run(capsys, "check", game.id, state, "--lang", lang)
    for check in checks:
        assert f"[{gettext('adjudicator', lang, 'check: {check}').format(check=check)}]" in out
