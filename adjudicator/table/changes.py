"""Changing a shared table: a proposed move, an undo, a correction.

Every change is one write transaction that moves the table from the version the phone saw
to the next one (``UPDATE ... WHERE version = :seen``) and appends the log line; the unique
constraints on (table, seq) and (table, version) make a lost or doubled move impossible
even if two servers share the database.

A process keeps the row of each table it last changed (:data:`KEPT_TABLES` of them): the
next change against that version starts from it instead of reading the table again. The
``UPDATE`` still checks the version, so a row another process moved on is only read again
when the change is refused, to say why.
"""

from __future__ import annotations

import threading
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.engine import Connection, Engine

from adjudicator.core.errors import MalformedInput
from adjudicator.core.i18n import N_

from . import seats as seating
from . import stamps
from .compact import Line, next_chain, rebuild, rebuild_path
from .log import Audit, Step, audit, judge, live_changes
from .reading import E, Reading, T, json_size
from .refusals import (
    Archived,
    Full,
    Limits,
    NotYourSeat,
    StaleVersion,
    TableError,
    TooLarge,
    author_name,
    game_of,
)
from .store import CHANNEL, EntryRow, TableRow, aware, now

#: The tables whose current row a process keeps (those it changed last).
KEPT_TABLES = 256

#: The table as the phone saw it, still open and with room in its log.
_AS_SEEN = (
    (T.c.id == bindparam("table_id"))
    & (T.c.version == bindparam("based_on"))
    & T.c.archived_at.is_(None)
    & (T.c.log_length < bindparam("max_entries"))
)
#: A change of state: the version and the log grow.
_ADVANCE = (
    update(T)
    .where(_AS_SEEN)
    .values(version=T.c.version + 1, log_length=T.c.log_length + 1,
            active_at=bindparam("stamp"), state=bindparam("after"), chain=bindparam("chain"),
            format_version=bindparam("format"))
    .returning(T.c.version, T.c.log_length)
)  # fmt: skip
#: A log line only (an illegal move): the version stays, the log grows.
_NOTE = (
    update(T)
    .where(_AS_SEEN)
    .values(log_length=T.c.log_length + 1, active_at=bindparam("stamp"))
    .returning(T.c.version, T.c.log_length)
)
_ENTRY = insert(E)
#: On PostgreSQL the same statements also tell the listening servers the table's new head
#: (``code version length``: see :class:`~.store.Notifications`), one round trip less.
_HEAD_NOTE = func.concat_ws(" ", T.c.code, T.c.version, T.c.log_length)
_TOLD = {
    statement: statement.returning(func.pg_notify(CHANNEL, _HEAD_NOTE).label("told"))
    for statement in (_ADVANCE, _NOTE)
}
_TABLE_COLUMNS = tuple(c.name for c in T.columns)


@dataclass
class Outcome:
    """What a proposal did: the log line it made and the table after it."""

    entry: EntryRow
    table: TableRow
    audit: Audit | None = None

    @property
    def applied(self) -> bool:
        return self.entry.version is not None


class Changing(Reading):
    """Proposing, undoing, correcting (see :class:`~.service.Tables`)."""

    def __init__(self, engine: Engine, limits: Limits | None = None) -> None:
        super().__init__(engine, limits)
        self._kept: dict[str, TableRow] = {}
        self._kept_lock = threading.Lock()

    def propose(
        self, code: str, move: Any, based_on: int, author: str | None = None,
        *, phone: str | None = None,
    ) -> Outcome:  # fmt: skip
        """Adjudicate ``move`` against version ``based_on``: a legal move is applied, an
        illegal one is logged with its reasons and alternatives; a stale version is refused.
        From a ``phone``: the author is its seat, and the move is refused when it is another
        seat's that a phone holds (see :meth:`entering`)."""
        if json_size(move, "/move") > self.limits.max_move_bytes:
            raise TooLarge(N_("The move is too large."))
        with self.engine.connect() as conn:  # one connection from the reading to the commit
            table = self._current(code, based_on, conn=conn)
            seat = None
            if phone is not None:
                try:
                    who = self.entering(table, phone, conn)
                except NotYourSeat:  # a kept row may be behind: refuse on the table as it is
                    table = self._current(code, based_on, kept=False, conn=conn)
                    who = self.entering(table, phone, conn)
                author, seat = who.by, who.seat
            game = game_of(table.game)
            verdict, after = judge(game, table.state, move, strict=True)
            if after is not None:
                self._bounded_state(after)
            # kept as the game read it: in its current format (see .stamps)
            move_data = (
                game.current_form("move", move) if isinstance(move, dict) else {"value": move}
            )
            chain, keep = next_chain(table.chain) if after is not None else (table.chain, False)
            return self._append(
                table, based_on, "move", author, move_data, verdict, after,
                chain=chain, keep=keep, seat=seat, conn=conn,
            )  # fmt: skip

    def entering(
        self, table: TableRow, phone: str, conn: Connection | None = None
    ) -> seating.Entering:
        """Who enters the next move from this phone, for whom; refused when the move is
        another seat's and a phone holds that seat."""
        with nullcontext(conn) if conn is not None else self.engine.connect() as reading:
            held = seating.holders(reading, table.id)
            reading.rollback()
        mine = next((s for s, p in held.items() if p == phone), None)
        whose = seating.to_move(game_of(table.game), table)
        if whose is not None and held.get(whose) not in (None, phone):
            raise NotYourSeat(seating.NOT_YOUR_SEAT, {"seat": whose}, seat=whose)
        return seating.Entering(mine, whose)

    def undo(self, code: str, based_on: int, author: str | None = None) -> Outcome:
        """Take back the last change still in force (a move or a correction); logged."""
        table = self._current(code, based_on)
        with self.engine.connect() as conn:
            steps = [
                Step(r.seq, r.kind, r.version, r.undoes)
                for r in conn.execute(
                    select(E.c.seq, E.c.kind, E.c.version, E.c.undoes)
                    .where(E.c.table_id == table.id)
                    .order_by(E.c.seq)
                )
            ]
            live = live_changes(steps)
            if len(live) < 2:
                raise TableError(N_("There is nothing to undo."))
            back, chain = self._state_after(conn, table, live[-2].seq)
        return self._append(
            table, based_on, "undo", author, None, None, back, undoes=live[-1].seq, chain=chain
        )

    def _state_after(self, conn: Connection, table: TableRow, seq: int) -> tuple[Any, int]:
        """The state after log line ``seq``, rebuilt from its snapshot (see :mod:`.compact`),
        and the number of moves that rebuilt it."""
        kept = E.c.state.is_not(None).label("kept")
        lines = {
            r.seq: Line(r.seq, r.kind, r.version, r.undoes, bool(r.kept))
            for r in conn.execute(
                select(E.c.seq, E.c.kind, E.c.version, E.c.undoes, kept).where(
                    E.c.table_id == table.id, E.c.seq <= seq
                )
            )
        }
        start, moves = rebuild_path(lines, seq)
        found = {
            r.seq: r
            for r in conn.execute(
                select(E.c.seq, E.c.state, E.c.move, E.c.format_version).where(
                    E.c.table_id == table.id, E.c.seq.in_([start, *moves])
                )
            )
        }
        game = game_of(table.game)
        snapshot = stamps.current(game, "state", found[start].state, found[start].format_version)
        logged = [
            stamps.current(game, "move", found[m].move, found[m].format_version) for m in moves
        ]
        state = rebuild(game, snapshot, logged)
        return state, len(moves)

    def correct(self, code: str, state: Any, based_on: int, author: str | None = None) -> Outcome:
        """Set the state to match the physical board: the audit lists every difference from
        the tool's state and every rule the corrected state breaks; the table goes on from it."""
        self._bounded_state(state)
        table = self._current(code, based_on)
        game = game_of(table.game)
        parsed = game.parse_state(state)
        result = audit(game, table.state, state)
        after = parsed.model_dump(mode="json")
        outcome = self._append(
            table, based_on, "correct", author, None, result.to_json(), after, keep=True
        )
        outcome.audit = result
        return outcome

    # --- the table as it was seen -----------------------------------------------------------
    def _current(
        self, code: str, based_on: Any, *, kept: bool = True, conn: Connection | None = None
    ) -> TableRow:
        """The table at version ``based_on``, open and with room in its log: the row this
        process kept when it last changed it, or else as read now (on ``conn``, if given,
        which is then left with no transaction under way)."""
        if isinstance(based_on, bool) or not isinstance(based_on, int):
            raise MalformedInput.single(
                "/version", N_("`{field}` must be a whole number."), field="version"
            )
        table = self._kept.get(code) if kept else None
        if table is None or not self._usable(table, based_on):
            table = self._read(code, conn)
            self._writable(table, based_on)
            self._keep(table)
        return table

    def _read(self, code: str, conn: Connection | None) -> TableRow:
        """The table as read now (see :meth:`get`)."""
        if conn is None:
            return self.get(code)
        table = self._row(conn, code)
        conn.rollback()
        if table.archived_at is None and aware(table.active_at) < now() - self.limits.idle:
            return self.get(code)  # archived first, with the other idle tables
        return table

    def _usable(self, table: TableRow, based_on: int) -> bool:
        """Whether a kept row answers for a change against ``based_on`` (anything else is
        decided on the table as read, with the refusal it deserves)."""
        return (
            table.version == based_on
            and table.archived_at is None
            and table.log_length < self.limits.max_entries
            and aware(table.active_at) >= now() - self.limits.idle
        )

    def _keep(self, table: TableRow) -> None:
        with self._kept_lock:
            self._kept.pop(table.code, None)
            self._kept[table.code] = table
            while len(self._kept) > KEPT_TABLES:
                del self._kept[next(iter(self._kept))]

    def _writable(self, table: TableRow, based_on: int) -> None:
        if table.archived_at is not None:
            raise Archived(N_("This table is archived; reopen it to go on."))
        if table.version != based_on:
            raise StaleVersion(
                N_("The state changed (version {current}, not {stated}): here is the new state."),
                {"version": table.version, "state": table.state},
                current=table.version,
                stated=based_on,
            )
        if table.log_length >= self.limits.max_entries:
            raise Full(
                N_("This table's log is full ({count} lines); export it and open a new table."),
                count=self.limits.max_entries,
            )

    def _append(
        self,
        table: TableRow,
        based_on: int,
        kind: str,
        author: str | None,
        move: dict[str, Any] | None,
        verdict: dict[str, Any] | None,
        after: dict[str, Any] | None,
        undoes: int | None = None,
        *,
        chain: int = 0,
        keep: bool = False,
        seat: str | None = None,
        conn: Connection | None = None,
    ) -> Outcome:
        """One transaction: move the table on from ``based_on`` (when the state changes)
        and append the log line (keeping the state after it when ``keep``: a snapshot).
        Refused if anyone else changed the table first."""
        stamp = now()
        stamped = game_of(table.game).format_version  # the move and states: its current format
        params = {"table_id": table.id, "based_on": based_on, "stamp": stamp, "after": after,
                  "max_entries": self.limits.max_entries, "chain": chain,
                  "format": stamped}  # fmt: skip
        statement = _NOTE if after is None else _ADVANCE
        if self._notify:
            statement = _TOLD[statement]
        with self._writing(table.code, told=True, conn=conn) as conn:
            moved = conn.execute(statement, params).first()
            if moved is not None:
                line = {
                    "table_id": table.id, "seq": moved.log_length, "based_on": based_on,
                    "version": moved.version if after is not None else None, "kind": kind,
                    "author": author_name(author), "move": move, "verdict": verdict,
                    "state": after if keep else None, "undoes": undoes, "seat": seat,
                    "created_at": stamp, "format_version": stamped,
                }  # fmt: skip
                conn.execute(_ENTRY, line)
        if moved is None:  # someone else was first: say why, with the table as it is now
            self._kept.pop(table.code, None)
            self._writable(self.get(table.code), based_on)
            raise StaleVersion(N_("The state changed: here is the new state."))
        row = {name: getattr(table, name) for name in _TABLE_COLUMNS}
        row.update(version=moved.version, log_length=moved.log_length, active_at=stamp)
        if after is not None:
            row.update(state=after, chain=chain, format_version=stamped)
        changed = TableRow(**row)
        self._keep(changed)
        return Outcome(EntryRow(**line), changed)
