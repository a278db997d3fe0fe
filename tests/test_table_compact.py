"""Compact logs (reliability review, F2): a log line keeps its state only as a snapshot;
every other state is rebuilt from the last snapshot, and gives the same states as before.
SQLite and PostgreSQL; the migration of a table written before compaction."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text

from adjudicator.bench import _database_bytes, long_log
from adjudicator.games import get_game
from adjudicator.table.compact import SNAPSHOT_EVERY
from adjudicator.table.log import example_log
from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import EntryRow, make_engine, migrate

from .tabledb import BACKENDS, database_url
from .test_table import opening_move


@pytest.fixture(params=BACKENDS)
def tables(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    engine = make_engine(database_url(request.param, request, tmp_path))
    yield Tables(engine, Limits(replay_seconds=600))
    engine.dispose()


def kept_states(tables: Tables, code: str) -> int:
    table = tables.get(code)
    with tables.engine.connect() as conn:
        return int(
            conn.execute(
                select(func.count()).where(
                    EntryRow.table_id == table.id, EntryRow.state.is_not(None)
                )
            ).scalar_one()
        )


def test_undo_rebuilds_every_state_the_moves_made(tables: Tables) -> None:
    game = get_game("quarantine")
    rng = random.Random(30)
    table = tables.open("quarantine", [{"name": "A"}, {"name": "B"}, {"name": "C"}])
    states = [table.state]
    while len(states) < 2 * SNAPSHOT_EVERY + 5:
        legal = game.sampler.sample_moves(game.parse_state(table.state), rng)  # type: ignore[union-attr]
        if not legal:
            break
        if len(states) % 7 == 0:  # an illegal move now and then: logged, state unchanged
            bad = game.sampler.mutate_move(game.parse_state(table.state), legal[0], rng)  # type: ignore[union-attr]
            if bad is not None:
                assert not tables.propose(table.code, bad, table.version).applied
                table = tables.get(table.code)
        outcome = tables.propose(table.code, rng.choice(legal), table.version)
        assert outcome.applied
        table = outcome.table
        states.append(table.state)
    assert len(states) > SNAPSHOT_EVERY + 2
    assert kept_states(tables, table.code) <= 1 + len(states) // SNAPSHOT_EVERY
    for expected in reversed(states[:-1]):
        table = tables.undo(table.code, table.version).table
        assert table.state == expected
        # an undo's state is rebuilt again when the line before is taken back in turn
    assert kept_states(tables, table.code) <= 1 + len(states) // SNAPSHOT_EVERY


def test_an_imported_log_keeps_snapshots_and_undoes(tables: Tables) -> None:
    log = example_log("imperial-expert-opening")
    table, result = tables.import_log(log)
    assert table is not None and table.state == result.states[-1]
    assert kept_states(tables, table.code) <= 2 + len(log["entries"]) // SNAPSHOT_EVERY
    undone = tables.undo(table.code, table.version).table
    assert undone.state == result.states[-2]
    exported = tables.export(table.code)["entries"]
    assert [e["kind"] for e in exported] == [e.get("kind", "move") for e in log["entries"]] + [
        "undo"
    ]
    assert [e.get("move") for e in exported[:-1]] == [e.get("move") for e in log["entries"]]


@pytest.mark.slow
def test_a_5000_line_imperial_log_takes_at_most_2_mb(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 't.sqlite3'}")
    migrate(engine)
    tables = Tables(engine, Limits(replay_seconds=600))
    empty = _database_bytes(engine)
    data = long_log(5000)
    table, _result = tables.import_log(data)
    assert table is not None
    stored = _database_bytes(engine) - empty
    assert stored <= 2 * 1024 * 1024, stored
    exported = tables.export(table.code)
    assert [(e["kind"], e.get("move")) for e in exported["entries"]] == [
        (e.get("kind", "move"), e.get("move")) for e in data["entries"]
    ]
    engine.dispose()


def test_a_table_written_before_compaction_migrates(tmp_path: Path) -> None:
    """Revision 0001 kept the state on every line that changed it and JSON ``null`` on the
    others; after the migration the table undoes and exports as before."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = make_engine(url)
    migrate(engine, "0001")
    game = get_game("imperial")
    start = game.example("expert-opening")
    move = opening_move(start)
    after = dict(game.adjudicate(start, move).state or {})
    rows = [  # the opening, a legal move, an illegal one (state JSON null)
        (1, 0, 1, "open", None, start),
        (2, 1, 2, "move", move, after),
        (3, 2, None, "move", move, None),
    ]
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO adj_tables (id, code, game, players, state, version, log_length,"
                " created_at, active_at) VALUES (1, 'OLDTABLE0001', 'imperial', :players,"
                " :state, 2, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ),
            {"players": json.dumps([{"name": "Anna"}]), "state": json.dumps(after)},
        )
        for seq, based_on, version, kind, mv, state in rows:
            conn.execute(
                text(
                    "INSERT INTO adj_entries (table_id, seq, based_on, version, kind, move,"
                    " verdict, state, created_at) VALUES (1, :seq, :based_on, :version,"
                    " :kind, :move, '{}', :state, CURRENT_TIMESTAMP)"
                ),
                {
                    "seq": seq,
                    "based_on": based_on,
                    "version": version,
                    "kind": kind,
                    "move": json.dumps(mv),
                    "state": json.dumps(state),
                },
            )
    migrate(engine)
    tables = Tables(engine)
    assert kept_states(tables, "OLDTABLE0001") == 2
    exported = tables.export("OLDTABLE0001")
    assert exported["initial_state"] == start and len(exported["entries"]) == 2
    assert tables.undo("OLDTABLE0001", 2).table.state == start
    engine.dispose()
