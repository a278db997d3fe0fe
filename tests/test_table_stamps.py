"""Formats that last, in the store: a table keeps its states and moves stamped with their
format version, and the rows an earlier release wrote (unstamped, in that day's format) are
read through the game's upgrades: shown, undone, played on and exported as what they are.

The old rows are written as the release of 2026-12-01 wrote them, into a database at that
day's schema revision (0001: every log line with the state after it), then migrated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, Table, insert, select

from adjudicator.games import get_game
from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import EntryRow, TableRow, make_engine, migrate

SAMPLES = Path(__file__).resolve().parent / "samples" / "2026-12-01"
GAME = "manhattan-project"


def saved_move() -> dict[str, Any]:
    """A legal move of the Manhattan Project, with its verdict of 2026-12-01."""
    moves = json.loads((SAMPLES / f"{GAME}.json").read_text())["moves"]
    return next(m for m in moves if m["legal"] and m["example"] == "mid-game")


def with_card_names(state: dict[str, Any]) -> dict[str, Any]:
    """A state as format 1 could write it: building and market cards with their titles."""
    old = json.loads(json.dumps(state))
    old["players"][0]["buildings"][0]["name"] = "Open-pit mine"
    old["market"][0]["name"] = "University"
    return old


def written_on_2026_12_01(tmp_path: Path) -> tuple[Tables, str, dict[str, Any]]:
    """A database whose one table (an opening and a legal move) was written on 2026-12-01,
    migrated to today's schema; the tables, the table's code and the move's sample."""
    game, saved = get_game(GAME), saved_move()
    # today's code writes the rows' shapes (seats, report, verdict) in a scratch database
    scratch = make_engine(f"sqlite:///{tmp_path / 'scratch.sqlite3'}")
    migrate(scratch)
    today = Tables(scratch)
    opened = today.open(GAME, [{"name": p["colour"]} for p in game.example("mid-game")["players"]],
                        example="mid-game")  # fmt: skip
    today.propose(opened.code, saved["move"], 1)
    with scratch.connect() as conn:
        table = conn.execute(select(TableRow.__table__)).one()._asdict()
        lines = [r._asdict() for r in conn.execute(select(EntryRow.__table__).order_by("seq"))]
    scratch.dispose()
    # as 2026-12-01 stored them: format 1 (cards with names), every line with its state
    before, after = with_card_names(game.example("mid-game")), with_card_names(saved["state_after"])
    lines[0]["state"], lines[1]["state"] = before, after
    table["state"] = after
    old = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    migrate(old, "0001")
    kept = ("id", "code", "game", "variant", "players", "state", "version", "log_length",
            "created_at", "active_at", "archived_at")  # fmt: skip
    columns = ("id", "table_id", "seq", "based_on", "version", "kind", "author", "move",
               "verdict", "state", "undoes", "created_at")  # fmt: skip
    with old.begin() as conn:  # the tables as that revision made them
        then = MetaData()
        stored = Table("adj_tables", then, autoload_with=conn)
        logged = Table("adj_entries", then, autoload_with=conn)
        conn.execute(insert(stored), {k: table[k] for k in kept})
        conn.execute(insert(logged), [{k: line[k] for k in columns} for line in lines])
    migrate(old)
    return Tables(old, Limits(replay_seconds=600)), table["code"], saved


def no_card_names(state: dict[str, Any]) -> bool:
    cards = [*state["players"][0]["buildings"], *state["market"]]
    return not any("name" in card for card in cards)


def test_a_table_stored_on_2026_12_01_is_read_in_todays_format(tmp_path: Path) -> None:
    tables, code, saved = written_on_2026_12_01(tmp_path)
    table = tables.get(code)
    assert no_card_names(table.state)
    assert table.state == saved["state_after"]  # the names dropped, nothing else
    opening, move = tables.entries(code)
    assert no_card_names(opening.state) and no_card_names(move.state)


def test_a_table_stored_on_2026_12_01_undoes_and_plays_on_to_the_same_verdicts(
    tmp_path: Path,
) -> None:
    tables, code, saved = written_on_2026_12_01(tmp_path)
    back = tables.undo(code, 2)
    assert back.table.state == get_game(GAME).example("mid-game")  # the names dropped
    again = tables.propose(code, saved["move"], 3)
    assert again.applied and again.entry.verdict is not None
    assert again.table.state == saved["state_after"]
    assert again.table.format_version == get_game(GAME).format_version


def test_a_table_stored_on_2026_12_01_exports_a_log_that_imports(tmp_path: Path) -> None:
    tables, code, _ = written_on_2026_12_01(tmp_path)
    exported = tables.export(code)
    imported, result = tables.import_log(exported)
    assert result.flag is None and imported is not None
    assert exported["initial_state"]["format_version"] == 1  # as it was stored: it says so
    assert imported.state == tables.get(code).state
    dropped = sorted(n["path"] for n in result.notices)
    assert dropped == ["/initial_state/market/0/name", "/initial_state/players/0/buildings/0/name"]


def test_every_stored_state_and_move_is_stamped_with_its_format(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 't.sqlite3'}")
    migrate(engine)
    tables, game, saved = Tables(engine), get_game(GAME), saved_move()
    seats = [{"name": p["colour"]} for p in game.example("mid-game")["players"]]
    opened = tables.open(GAME, seats, example="mid-game")
    tables.propose(opened.code, saved["move"], 1)
    tables.undo(opened.code, 2)
    tables.import_log(tables.export(opened.code))
    with engine.connect() as conn:
        stamps = {r.format_version for r in conn.execute(select(TableRow.__table__))}
        stamps |= {r.format_version for r in conn.execute(select(EntryRow.__table__))}
    assert stamps == {game.format_version}
    engine.dispose()
