"""Formats that last: the states, moves, permalinks and table logs every release wrote
(``tests/samples/<release>/``, written by ``tests/samples/make_samples.py`` with that day's
code) still load, and give the same verdicts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.games import get_game
from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import make_engine, migrate
from web import create_app, permalink

SAMPLES = Path(__file__).resolve().parent / "samples"
RELEASES = sorted(p.name for p in SAMPLES.iterdir() if p.is_dir() and p.name[0].isdigit())
GAMES = ("imperial", "manhattan-project", "quarantine")


def rules(verdict: dict[str, Any]) -> list[str]:
    return sorted({str(v.get("rule")) for v in verdict.get("violations", [])})


def sample(release: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / release / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("game_id", GAMES)
def test_saved_states_and_permalinks_give_the_same_verdicts(release: str, game_id: str) -> None:
    game = get_game(game_id)
    with create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_request_context():
        for name, saved in sample(release, game_id)["states"].items():
            assert rules(game.check(saved["state"]).to_json()) == saved["violations"], name
            from_link = permalink.decode(saved["permalink"])
            assert rules(game.check(from_link).to_json()) == saved["violations"], name


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("game_id", GAMES)
def test_saved_moves_give_the_same_verdicts(release: str, game_id: str) -> None:
    game = get_game(game_id)
    with create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_request_context():
        for saved in sample(release, game_id)["moves"]:
            state = game.example(saved["example"])
            for move in (saved["move"], permalink.decode(saved["permalink"])):
                verdict = game.adjudicate(state, move).to_json()
                assert (verdict["legal"], rules(verdict)) == (saved["legal"], saved["violations"])
                assert verdict["state"] == saved["state_after"]


@pytest.mark.parametrize("release", RELEASES)
def test_saved_table_logs_import_to_the_same_state(release: str, tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 't.sqlite3'}")
    migrate(engine)
    tables = Tables(engine, Limits(replay_seconds=600))
    for name, saved in sample(release, "table-logs").items():
        log = saved.get("log", saved)
        table, result = tables.import_log(log)
        assert result.flag is None and table is not None, name
        if "final_state" in saved:
            assert (table.state, table.version) == (saved["final_state"], saved["version"])
        again = tables.export(table.code)
        assert again["entries"] == log["entries"] or "final_state" not in saved, name
    engine.dispose()
