"""Formats that last, in the store: a table keeps every state and move in its game's current
format, stamped with that format's version (the ``format_version`` column of the table and
of each log line); what an earlier release stored is read through the game's upgrades
(:mod:`adjudicator.core.formats`) as the API reads an input of that format.

A row without a stamp (``NULL``) was written before the stamps: it is read as format 1, what
every earlier release wrote (the Manhattan Project's format 2 only dropped a field, so its
states read as format 1 lose nothing). A move that states its own version keeps it.
Game-independent."""

from __future__ import annotations

import json
from typing import Any

from adjudicator.core.errors import MalformedInput
from adjudicator.core.formats import FORMAT_KEY, Kind
from adjudicator.core.game import Game

from .store import EntryRow, TableRow


def version(stamp: int | None) -> int:
    """The format version a stored row is read as (``NULL``: 1)."""
    return stamp or 1


def keyed(data: Any, stamp: int | None) -> Any:
    """A stored state or move with its format version key (its own, if it states one)."""
    if not isinstance(data, dict) or FORMAT_KEY in data:
        return data
    return {FORMAT_KEY: version(stamp), **data}


def behind(game: Game, kind: Kind, data: Any, stamp: int | None) -> bool:
    """Whether a stored state or move needs reading through an upgrade of ``kind``."""
    if isinstance(data, dict) and FORMAT_KEY in data:
        return True
    was = version(stamp)
    return was < game.format_version and any(
        u.kind == kind and u.since > was for u in game.upgrades
    )


def current(game: Game, kind: Kind, data: Any, stamp: int | None) -> Any:
    """A stored state or move in the current format (as it is when it needs no upgrade;
    as stored when it no longer reads at all, so that the table can still be shown and
    corrected)."""
    if data is None or not behind(game, kind, data, stamp):
        return data
    try:
        return game.current_form(kind, keyed(data, stamp))
    except MalformedInput:
        return data


def current_table(game: Game, row: TableRow) -> TableRow:
    """A table as read from the store, its state in the current format."""
    state = current(game, "state", row.state, row.format_version)
    if state is row.state:
        return row
    fields = {c.name: getattr(row, c.name) for c in TableRow.__table__.columns}
    return TableRow(**{**fields, "state": state, "format_version": game.format_version})


def current_entry(game: Game, row: EntryRow) -> EntryRow:
    """A log line as read from the store, its move and state in the current format."""
    state = current(game, "state", row.state, row.format_version)
    move = current(game, "move", row.move, row.format_version)
    if state is row.state and move is row.move:
        return row
    fields = {c.name: getattr(row, c.name) for c in EntryRow.__table__.columns}
    upgraded = {"state": state, "move": move, "format_version": game.format_version}
    return EntryRow(**{**fields, **upgraded})


def keyed_text(text: str, stamp: int | None, now: int) -> str:
    """A stored JSON object's text for an export whose head states format ``now``: with
    its own format version key when it was stored in another (and does not say so)."""
    if version(stamp) == now or not text.startswith("{"):
        return text
    data = json.loads(text)
    return json.dumps(keyed(data, stamp), ensure_ascii=False)
