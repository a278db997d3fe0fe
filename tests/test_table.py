"""The shared table's storage and logic, on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from adjudicator.core.errors import MalformedInput
from adjudicator.table import codec
from adjudicator.table.service import (
    Archived,
    Full,
    Limits,
    NoSuchTable,
    StaleVersion,
    TableError,
    Tables,
    TooLarge,
)
from adjudicator.table.store import EntryRow, make_engine

from .tabledb import BACKENDS, database_url

PLAYERS = [{"name": n, "seat": i + 1} for i, n in enumerate(["Anna", "Ben", "Chloe", "Dimitris"])]


@pytest.fixture(params=BACKENDS)
def tables(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    engine = make_engine(database_url(request.param, request, tmp_path), pool_size=60)
    yield Tables(engine)
    engine.dispose()


def opening_move(state: dict[str, Any]) -> dict[str, Any]:
    """The expert opening as tests/test_imperial.py plays it: Anna buys AH and RU 9M bonds."""
    o = state["opening"]
    move = {"type": "opening", "player": o["player"], "nation": o["nation"]}
    if o["player"] == "Anna" and o["nation"] in ("AH", "RU"):
        move["bond"] = 9
    return move


def open_expert(tables: Tables) -> Any:
    return tables.open("imperial", PLAYERS, example="expert-opening", author="Anna")


def test_a_legal_move_advances_the_state_and_is_logged(tables: Tables) -> None:
    table = open_expert(tables)
    assert len(table.code) >= 16 and table.version == 1
    outcome = tables.propose(table.code, opening_move(table.state), 1, "Anna")
    assert outcome.applied and outcome.table.version == 2
    assert tables.get(table.code).state == outcome.table.state != table.state
    log = tables.entries(table.code)
    assert [(e.seq, e.kind, e.version, e.author) for e in log] == [
        (1, "open", 1, "Anna"),
        (2, "move", 2, "Anna"),
    ]
    effects = codec.render_verdict(log[1].verdict or {}, "el")["effects"]
    assert "Αυστρο-Ουγγαρίας" in effects[0]


def test_an_illegal_move_is_logged_with_reasons_and_the_state_stays(tables: Tables) -> None:
    table = open_expert(tables)
    wrong = {"type": "opening", "player": "Ben", "nation": "AH"}  # it is Anna's turn
    outcome = tables.propose(table.code, wrong, 1, "Ben")
    assert not outcome.applied and outcome.entry.version is None
    assert tables.get(table.code).version == 1
    assert tables.get(table.code).state == table.state
    verdict = outcome.entry.verdict or {}
    assert not verdict["legal"] and verdict["violations"][0]["rule"].startswith("IM-")
    zh = codec.render_verdict(verdict, "zh_TW")["violations"][0]["message"]
    en = codec.render_verdict(verdict, "en")["violations"][0]["message"]
    assert zh != en and "Anna" in en
    assert [e.seq for e in tables.entries(table.code)] == [1, 2]


def test_a_move_against_a_stale_version_is_refused_with_the_new_state(tables: Tables) -> None:
    table = open_expert(tables)
    first = tables.propose(table.code, opening_move(table.state), 1)
    with pytest.raises(StaleVersion) as refused:
        tables.propose(table.code, opening_move(table.state), 1)
    assert refused.value.details["version"] == 2
    assert refused.value.details["state"] == first.table.state
    assert "state changed" in str(refused.value)
    assert len(tables.entries(table.code)) == 2


def test_a_malformed_move_is_an_error_naming_the_field_not_a_log_line(tables: Tables) -> None:
    table = open_expert(tables)
    with pytest.raises(MalformedInput) as bad:
        tables.propose(table.code, {"type": "opening", "player": "Anna"}, 1)
    assert any("nation" in e.path for e in bad.value.errors)
    assert len(tables.entries(table.code)) == 1


def test_undo_takes_back_the_last_change_and_is_logged(tables: Tables) -> None:
    table = open_expert(tables)
    with pytest.raises(TableError, match="nothing to undo"):
        tables.undo(table.code, 1)
    one = tables.propose(table.code, opening_move(table.state), 1).table
    two = tables.propose(table.code, opening_move(one.state), 2).table
    back = tables.undo(table.code, 3, "Ben")
    assert back.table.state == one.state and back.table.version == 4
    again = tables.undo(table.code, 4, "Ben")
    assert again.table.state == table.state and again.table.version == 5
    assert [(e.kind, e.undoes) for e in tables.entries(table.code)][-2:] == [
        ("undo", 3),
        ("undo", 2),
    ]
    assert two.version == 3


def test_a_correction_is_audited_and_the_table_goes_on_from_it(tables: Tables) -> None:
    table = open_expert(tables)
    state = table.state
    corrected = {**state, "players": [{**state["players"][0], "cash": 30}, *state["players"][1:]]}
    outcome = tables.correct(table.code, corrected, 1, "Chloe")
    assert outcome.audit is not None
    assert [d.to_json() for d in outcome.audit.differences] == [
        {"path": "/players/0/cash", "before": 22, "after": 30}
    ]
    assert "IM-305" in {v["rule"] for v in outcome.audit.report["violations"]}
    assert tables.get(table.code).state["players"][0]["cash"] == 30
    entry = tables.entries(table.code)[-1]
    assert entry.kind == "correct" and entry.version == 2 and entry.author == "Chloe"
    with pytest.raises(MalformedInput):
        tables.correct(table.code, {"players": "none"}, 2)


def test_export_and_import_round_trip(tables: Tables) -> None:
    table = open_expert(tables)
    state = table.state
    for version in range(1, 4):
        state = tables.propose(table.code, opening_move(state), version).table.state
    tables.propose(table.code, {"type": "opening", "player": "Anna", "nation": "AH"}, 4)
    tables.undo(table.code, 4)
    exported = tables.export(table.code)
    assert [e["kind"] for e in exported["entries"]] == ["move"] * 4 + ["undo"]
    assert exported["entries"][3]["legal"] is False
    copy, result = tables.import_log(exported)
    assert result.flag is None and copy is not None and copy.code != table.code
    assert copy.state == tables.get(table.code).state
    assert tables.export(copy.code)["entries"] == exported["entries"]


def test_replay_flags_the_first_illegal_move_with_its_reasons(tables: Tables) -> None:
    table = open_expert(tables)
    log = tables.export(table.code)
    state = table.state
    entries = []
    for _ in range(3):
        move = opening_move(state)
        entries.append({"move": move})
        from adjudicator.games import get_game

        state = dict(get_game("imperial").adjudicate(state, move).state or {})
    entries.insert(2, {"move": {"type": "opening", "player": "Dimitris", "nation": "AH"}})
    entries.append({"move": {"type": "opening", "player": "Ben", "nation": "IT"}})
    log["entries"] = entries
    _, result = tables.replay(log)
    assert result.flag is not None and result.flag.index == 2
    assert result.flag.verdict["violations"]
    copy, again = tables.import_log(log)
    assert copy is None and again.flag is not None and again.flag.index == 2


def test_join_codes_are_unguessable_and_unknown_codes_are_refused(tables: Tables) -> None:
    codes = {open_expert(tables).code for _ in range(5)}
    assert len(codes) == 5 and all(len(c) == 16 for c in codes)  # 96 bits, URL-safe
    for code in ("", "x", "A" * 16, "../../etc", "a" * 500):
        with pytest.raises(NoSuchTable):
            tables.get(code)


def test_sizes_are_bounded_with_clear_errors(tables: Tables) -> None:
    small = Tables(tables.engine, Limits(max_tables=2, max_entries=3, max_move_bytes=200))
    table = open_expert(small)
    with pytest.raises(TooLarge, match="move is too large"):
        small.propose(table.code, {"type": "opening", "note": "x" * 500}, 1)
    state = table.state
    for version in (1, 2):
        state = small.propose(table.code, opening_move(state), version).table.state
    with pytest.raises(Full, match="log is full"):
        small.propose(table.code, opening_move(state), 3)
    open_expert(small)
    with pytest.raises(Full, match="Too many tables"):
        open_expert(small)
    with pytest.raises(TooLarge, match="state is too large"):
        small.correct(table.code, {**state, "filler": "x" * (600 * 1024)}, 3)
    with pytest.raises(MalformedInput):
        small.open("imperial", [{"name": "x" * 41}])
    with pytest.raises(TableError, match=r"no setup for this many players \(7\)"):
        small.open("imperial", [{"name": f"P{i}"} for i in range(7)])


def test_idle_tables_are_archived_not_deleted_and_can_be_reopened(tables: Tables) -> None:
    table = open_expert(tables)
    idle = Tables(tables.engine, Limits(idle=timedelta(seconds=-1)))
    assert idle.get(table.code).archived_at is not None
    with pytest.raises(Archived, match="archived"):
        idle.propose(table.code, opening_move(table.state), 1)
    assert len(idle.entries(table.code)) == 1  # the log is kept
    assert tables.reopen(table.code).archived_at is None
    assert tables.propose(table.code, opening_move(table.state), 1).applied


def test_the_database_refuses_a_second_line_for_one_version(tables: Tables) -> None:
    table = open_expert(tables)
    tables.propose(table.code, opening_move(table.state), 1)
    row = dict(tables.entries(table.code)[-1].__dict__)
    row = {k: v for k, v in row.items() if not k.startswith("_") and k != "id"}
    with pytest.raises(IntegrityError), tables.engine.begin() as conn:
        conn.execute(EntryRow.__table__.insert().values(**{**row, "seq": 99}))


def test_fifty_simultaneous_moves_no_gap_no_double(tables: Tables) -> None:
    """50 phones send at once, then each goes on with what it is told: exactly one move is
    applied per version, and the log has no gap."""
    table = open_expert(tables)
    start = threading.Barrier(50)
    applied: list[int] = []
    stale: list[int] = []

    def phone(n: int) -> None:
        version, state = 1, table.state
        start.wait()
        while state.get("opening") is not None:
            try:
                done = tables.propose(table.code, opening_move(state), version, f"P{n}")
            except StaleVersion as refused:
                stale.append(n)
                version, state = refused.details["version"], refused.details["state"]
                continue
            applied.append(done.table.version)
            version, state = done.table.version, done.table.state

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    log = tables.entries(table.code)
    versions = [e.version for e in log]
    assert sorted(applied) == list(range(2, 26))  # the 24 opening moves, each once
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert versions == list(range(1, 26))  # no refused line: every one was applied
    assert all(e.based_on == e.version - 1 for e in log[1:] if e.version)
    assert len(stale) >= 49
    with tables.engine.connect() as conn:
        rows = conn.execute(select(EntryRow.version).where(EntryRow.table_id == log[0].table_id))
        assert len([r for r in rows]) == 25


def test_the_database_signals_a_change_made_by_another_server(tables: Tables) -> None:
    """What a server's live-update watcher waits on: PostgreSQL's NOTIFY, SQLite's
    data_version. A change made through another engine (another process or server) on the
    same database is signalled; a quiet database is not."""
    table = open_expert(tables)
    signal = tables.change_signal()
    try:
        assert not signal.changed(0.05)
        other = Tables(make_engine(str(tables.engine.url.render_as_string(hide_password=False))))
        other.propose(table.code, opening_move(table.state), 1, "Anna")
        other.engine.dispose()
        assert any(signal.changed(0.1) for _ in range(20))
        # both name the table and give its new head (no query needed)
        assert signal.codes == {table.code}
        assert signal.heads == {table.code: (2, 2, False)}
        assert not signal.changed(0.05)
        tables.archive_idle(at=datetime.now(UTC) + timedelta(days=365))
        assert any(signal.changed(0.1) for _ in range(20))
        # archiving writes no log line and names no table: the watcher asks for all
        assert signal.codes is None and signal.heads is None
    finally:
        signal.close()
