"""The CLI contract: exit codes, JSON shapes, languages."""

from __future__ import annotations

import json
import re
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


def test_a_rule_leads_to_the_file_and_line_of_each_check_declaring_it(game, capsys):
    from pathlib import Path

    import adjudicator

    package = Path(adjudicator.__file__).resolve().parent
    rule = next(r for r in game.catalog if len(game.checks.for_rule(r.id)) >= 1)
    code, out = run(capsys, "rules", game.id, rule.id, "--format", "json")
    assert code == 0
    declared = json.loads(out)["declared_by"]
    assert [d["check"] for d in declared] == [c.id for c in game.checks.for_rule(rule.id)]
    for entry in declared:
        assert not entry["file"].startswith("/") and entry["file"].endswith(".py")
        lines = (package / entry["file"]).read_text(encoding="utf-8").splitlines()
        declaration = "\n".join(lines[entry["line"] - 1 : entry["line"] + 12])
        assert declaration.lstrip().startswith("@") and rule.id in declaration
        assert f"def {entry['check']}(" in declaration
    # the text names each check by its title; its ID and file only with --verbose
    code, text = run(capsys, "rules", game.id, rule.id)
    where = f"{declared[0]['check']}  {declared[0]['file']}:{declared[0]['line']}"
    assert where not in text and game.checks.for_rule(rule.id)[0].title in text
    code, text = run(capsys, "rules", game.id, rule.id, "--verbose")
    assert where in text


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
def test_verbose_text_output_names_the_check_of_every_violation(game, capsys, tmp_path, lang):
    case = next(c for c in game.cases if c.kind == "state" and c.expected_violations)
    state = write(tmp_path, "state.json", case.build_state(game))
    code, out = run(capsys, "check", game.id, state, "--format", "json")
    checks = {v["check"] for v in json.loads(out)["violations"]}
    assert code == 1 and all(checks)
    code, out = run(capsys, "check", game.id, state, "--lang", lang, "--verbose")
    named = [
        f"[{gettext('adjudicator', lang, 'check: {check}').format(check=check)}]"
        for check in checks
    ]
    assert all(n in out for n in named)
    # a player reads no internal check id: without --verbose the text leaves them out
    code, out = run(capsys, "check", game.id, state, "--lang", lang)
    assert code == 1 and not any(n in out for n in named)


def test_notices_name_their_check_in_the_json(capsys, tmp_path):
    game = get_game("quarantine")
    case = next(c for c in game.cases if c.kind == "state" and c.expect.get("notices"))
    state = write(tmp_path, "state.json", case.build_state(game))
    _, out = run(capsys, "check", game.id, state, "--format", "json")
    notices = json.loads(out)["notices"]
    assert notices and all(
        n["check"] and n["rule"] in game.checks[n["check"]].rules for n in notices
    )


@pytest.mark.parametrize("lang", ["el", "pt", "zh_TW"])
@pytest.mark.parametrize(
    "argv",
    [
        ["check", "nogame", "x.json"],
        ["check", "imperial"],
        ["check", "imperial", "a", "b", "c"],
        ["options", "imperial", "x.json", "--kind"],
        ["schema", "imperial", "neither"],
        ["chek", "imperial"],
        ["check", "imperial", "x.json", "--format", "yaml"],
    ],
)
def test_argument_errors_are_in_the_readers_language(capsys, lang, argv):
    with pytest.raises(SystemExit) as info:
        main([*argv, "--lang", lang])
    assert info.value.code == 2
    err = capsys.readouterr().err
    usage = err.partition("\n")[0]
    for english in ("usage:", "error:", "argument", "required", "invalid choice", "expected",
                    "unrecognized", "unknown game"):  # fmt: skip
        assert not re.search(rf"\b{english}\b", err), err
    assert gettext("adjudicator", lang, "usage: ").strip() in usage


def test_options_text_leaves_out_kinds_with_no_legal_action(capsys, tmp_path):
    game = get_game("imperial")
    state = write(tmp_path, "state.json", game.example())
    _, out = run(capsys, "options", game.id, state, "--format", "json")
    counts = json.loads(out)["counts"]
    empty = [k for k, n in counts.items() if n == 0]
    assert empty, "the example should leave some kind with no legal action"
    _, out = run(capsys, "options", game.id, state, "--lang", "el")
    for kind in empty:
        assert f"{game.vocab.name('move', kind, 'el')} (0)" not in out
    _, out = run(capsys, "options", game.id, state, "--kind", empty[0], "--lang", "pt")
    kind = game.vocab.name("move", empty[0], "pt")
    assert out.splitlines()[0] == f"Nenhuma ação do tipo “{kind}” é permitida."


@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW"])
def test_text_output_says_where_in_the_players_words(capsys, tmp_path, lang):
    """The text names the place as the page does, counting from 1; the JSON pointer is
    kept for --format json and --verbose."""
    game = get_game("manhattan-project")
    state = game.example("mid-game")
    state["players"][1]["fighters"] = 20
    path = write(tmp_path, "state.json", state)
    code, out = run(capsys, "check", game.id, path, "--lang", lang)
    player = gettext("adjudicator", lang, "Player {number} ({name})")
    blue = str(game.vocab.name("colour", state["players"][1]["colour"], lang))
    assert code == 1 and player.format(number=2, name=blue) in out
    assert "/players/" not in out
    _, out = run(capsys, "check", game.id, path, "--lang", lang, "--verbose")
    assert "[/players/1/fighters]" in out
    _, out = run(capsys, "check", game.id, path, "--format", "json")
    assert "/players/1/fighters" in {v["path"] for v in json.loads(out)["violations"]}


def test_malformed_text_says_where_in_the_players_words(capsys, tmp_path):
    game = get_game("manhattan-project")
    state = game.example("mid-game")
    state["players"][0]["money"] = "x"
    code, out = run(capsys, "check", game.id, write(tmp_path, "s.json", state), "--lang", "el")
    assert code == 2 and "/players/0" not in out and "Παίκτης 1" in out
