"""``adjudicator bench``: the keys and the shape of the figures, never their values."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from adjudicator import bench, cli
from adjudicator._http import percentile
from adjudicator.core.i18n import LANGS
from adjudicator.games import available_games
from tests.minigame import GAME as MINIGAME

TOP_KEYS = {"check_ms", "parse_ms", "move_ms", "http", "rss_mb", "docs_build_s", "machine"}
TINY = {"repeat": 20, "budget_s": 0.2, "load_s": 0.5, "baseline_s": 0.3, "concurrency": 4}


@pytest.fixture(autouse=True)
def tiny_plan(monkeypatch):
    """The figures' shape does not need many repetitions."""
    monkeypatch.setitem(bench.PLANS, True, {**bench.PLANS[True], **TINY})


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@pytest.mark.slow
def test_in_process_parts_have_their_shape():
    games = [MINIGAME, *available_games()]
    data = bench.run_bench(quick=True, games=games, parts=("check", "parse", "move"))
    assert set(data) >= TOP_KEYS
    assert data["http"] is None and data["docs_build_s"] is None
    for key in ("check_ms", "parse_ms", "move_ms"):
        assert set(data[key]) == {g.id for g in games}
    for game in games:
        check = data["check_ms"][game.id]
        assert is_number(check["median"]) and is_number(check["p99"]) and check["n"] >= 10
        assert check["example"] == game.default_example
        assert is_number(data["parse_ms"][game.id]["median"])
        move = data["move_ms"][game.id]
        assert "median" in move and (move["median"] is None or is_number(move["median"]))
    # the mini game has a legal move case, so it always has a move figure
    assert is_number(data["move_ms"]["minigame"]["median"])
    json.dumps(data)  # plain JSON


def test_machine_names_cpu_cores_and_python():
    found = bench.machine()
    assert found["cpu"] and found["cores"] >= 1 and found["usable_cores"] >= 1
    assert found["python"].count(".") == 2


@pytest.mark.serving
def test_http_part_has_its_shape():
    games = available_games()
    if not games:
        pytest.skip("no game yet")
    found = bench.bench_http(games, TINY, app="web:create_app()")
    assert "error" not in found, found.get("error")
    for key in (
        "requests_per_s",
        "p50_ms",
        "p99_ms",
        "errors",
        "baseline_requests_per_s",
        "server_cpu_ms_per_request",
        "baseline_server_cpu_ms_per_request",
        "share_of_baseline",
    ):
        assert is_number(found[key]), key
    assert found["workers"] == 2 and found["requests"] > 0
    assert is_number(found["rss_mb"]) and len(found["workers_rss_mb"]) == 2
    assert found["errors"] == 0, found["error_samples"]


def test_docs_part_marks_what_it_skipped(monkeypatch):
    calls = []

    def fake_build(out, langs, *, jobs=2, fresh=False):
        calls.append((Path(out), tuple(langs), fresh))
        return {lang: (0, 1.5) for lang in langs}

    monkeypatch.setattr("adjudicator.docs.build_docs", fake_build)
    found = bench.bench_docs(["en"], quick=True)
    assert calls and all(fresh for _, _, fresh in calls)
    assert found["en"] == 1.5
    assert all(found[lang] is None for lang in LANGS if lang != "en")
    assert found["total"] is None and "note" in found
    full = bench.bench_docs(list(LANGS), quick=False)
    assert all(is_number(full[lang]) for lang in LANGS) and is_number(full["total"])
    assert "note" not in full and "failed" not in full


@pytest.fixture(scope="module")
def minigame_figures():
    """One tiny in-process bench of the mini game, shared by the tests of its printing."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(bench.PLANS, True, {**bench.PLANS[True], **TINY})
        return bench.run_bench(quick=True, games=[MINIGAME], parts=("check", "parse", "move"))


def test_cli_prints_every_key_as_json(monkeypatch, capsys, minigame_figures):
    monkeypatch.setattr(bench, "run_bench", lambda quick=False: copy.deepcopy(minigame_figures))
    assert cli.main(["bench", "--quick", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= TOP_KEYS


def test_text_table_is_readable(minigame_figures):
    data = copy.deepcopy(minigame_figures)
    data["http"] = {"error": "ServerError: gunicorn stopped\nTraceback\nModuleNotFoundError: x"}
    text = bench.format_text(data)
    assert "minigame" in text and "check med" in text
    assert "http: failed: ServerError" in text and "Traceback" not in text


def test_percentile_nearest_rank():
    assert percentile([], 99) == 0.0
    assert percentile([5.0], 50) == 5.0
    values = [float(i) for i in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0


def test_targets_table_lists_every_target(minigame_figures):
    data = copy.deepcopy(minigame_figures)
    rows = bench.target_rows(data)
    # one row per target, the baseline share on the rate's row, and one for the errors
    assert len(rows) == len(bench.TARGETS)
    assert all(met in ("yes", "NO", "-") for *_, met in rows)
    # what was not measured is shown as such, not as met
    assert [r[3] for r in rows if r[0].startswith(("API", "docs", "worker"))] == ["-"] * 6
    assert "target" in bench.format_targets(data)
