"""Reading the shared tables: a table, its head, its log lines, its seats; the write
transaction every change goes through; archiving."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, text, update
from sqlalchemy.engine import Connection, Engine

from adjudicator.core.errors import check_text
from adjudicator.core.i18n import N_

from . import seats as seating
from .codes import normalize
from .refusals import Limits, TableError, TooLarge, game_of, no_such_table
from .stamps import current_entry, current_table
from .store import (
    CHANNEL,
    ChangeSignal,
    EntryRow,
    SqliteWriter,
    TableRow,
    aware,
    change_signal,
    now,
    sqlite_file,
)

# The statements used again and again, built once: SQLAlchemy then reuses their cache keys
# and compiled forms (building them anew was half of a move's CPU time).
T = cast(Table, TableRow.__table__)
E = cast(Table, EntryRow.__table__)
_ROW = select(T).where(T.c.code == bindparam("code"))
#: The log lines a process keeps once read (see :meth:`Reading.log_tail`).
KEPT_LINES = 8192
_HEAD = select(T.c.version, T.c.log_length, T.c.archived_at).where(T.c.code == bindparam("code"))
_HEADS = select(T.c.code, T.c.version, T.c.log_length, T.c.archived_at).where(
    T.c.code.in_(bindparam("codes", expanding=True))
)
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :code)")


@dataclass(frozen=True)
class Head:
    """What a phone polls: the state version and the length of the log."""

    version: int
    log_length: int
    archived: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "log_length": self.log_length, "archived": self.archived}


def json_size(data: Any, what: str) -> int:
    """The size of ``data`` as compact JSON; a text that is not Unicode is refused, named."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        return len(text.encode())
    except UnicodeEncodeError:
        check_text(data, what)
        raise


class Reading:
    """The tables kept in one database, as read (the changes: see :mod:`.changes`)."""

    def __init__(self, engine: Engine, limits: Limits | None = None) -> None:
        self.engine = engine
        self.limits = limits or Limits()
        # SQLite has one writer at a time: the writers of every process queue for it where
        # gevent can switch (see SqliteWriter) rather than in SQLite's busy wait, which
        # would stop every greenlet of a worker.
        database = sqlite_file(engine)
        self._one_writer = SqliteWriter(database) if database else None
        self._notify = engine.dialect.name == "postgresql"
        self._lines: OrderedDict[tuple[int, int], EntryRow] = OrderedDict()
        self._lines_lock = threading.Lock()

    @contextmanager
    def _writing(
        self, code: str = "", *, told: bool = False, conn: Connection | None = None
    ) -> Iterator[Connection]:
        """A write transaction (on ``conn``, with no transaction under way, or on a
        connection of its own). On PostgreSQL it also tells every listening server that
        the table with this ``code`` changed (no code: maybe any table), unless the
        transaction's own statement ``told`` them (see :mod:`.changes`)."""
        turn = self._one_writer() if self._one_writer else nullcontext()
        with turn, ExitStack() as stack:
            if conn is None:
                conn = stack.enter_context(self.engine.connect())
            with conn.begin():
                yield conn
                if self._notify and not told:
                    conn.execute(_NOTIFY, {"code": code})

    def change_signal(self) -> ChangeSignal:
        """A cheap way to tell that some table may have changed (see :mod:`.store`)."""
        return change_signal(self.engine)

    def _bounded_state(self, state: Any) -> None:
        if json_size(state, "/state") > self.limits.max_state_bytes:
            raise TooLarge(
                N_("The state is too large (at most {count} KB)."),
                count=self.limits.max_state_bytes // 1024,
            )

    # --- reading --------------------------------------------------------------------------
    def get(self, code: str) -> TableRow:
        """The table with this join code (archived lazily once it has been idle too long)."""
        with self.engine.connect() as conn:
            row = self._row(conn, code)
        if row.archived_at is None and aware(row.active_at) < now() - self.limits.idle:
            self.archive_idle()
            with self.engine.connect() as conn:
                row = self._row(conn, code)
        return row

    def _row(self, conn: Connection, code: str) -> TableRow:
        if not isinstance(code, str) or not 8 <= len(code) <= 32:
            raise no_such_table()
        found = conn.execute(_ROW, {"code": code}).first()
        if found is None:
            raise no_such_table()
        return _table(TableRow(**found._mapping))

    def head(self, code: str) -> Head:
        """The version and log length only (cheap: what live updates poll)."""
        with self.engine.connect() as conn:
            found = conn.execute(_HEAD, {"code": code}).first()
        if found is None:
            raise no_such_table()
        return Head(found.version, found.log_length, found.archived_at is not None)

    def by_short_code(self, typed: str) -> TableRow:
        """The table whose short code this is, as a person typed it (see :mod:`.codes`)."""
        code = normalize(typed)
        if code is None:
            raise no_such_table()
        with self.engine.connect() as conn:
            found = conn.execute(select(T).where(T.c.short_code == code)).first()
        if found is None:
            raise no_such_table()
        return _table(TableRow(**found._mapping))

    def holders(self, code: str) -> dict[str, str]:
        """Each seat a phone holds, with that phone's token, by seat name."""
        table = self.get(code)
        with self.engine.connect() as conn:
            return seating.holders(conn, table.id)

    def seat_of_phone(self, code: str, phone: str | None) -> str | None:
        """The seat this phone holds at the table (``None``: it watches)."""
        if not phone:
            return None
        return next((s for s, p in self.holders(code).items() if p == phone), None)

    def take_seat(self, code: str, seat: str | None, phone: str) -> None:
        """The phone takes ``seat`` (a seat name of the table; ``None``: it only watches)."""
        table = self.get(code)
        if seat is not None and seat not in [p.get("name") for p in table.players]:
            raise TableError(N_("The table has no seat called {name}."), name=seat[:64])
        with self._writing() as conn:
            seating.take(conn, table.id, seat, phone)

    def first_since(self, code: str, version: int) -> EntryRow | None:
        """The change that moved the table on from ``version`` (what got in first)."""
        table = self.get(code)
        stmt = select(E).where(E.c.table_id == table.id, E.c.based_on == version,
                               E.c.version.is_not(None)).order_by(E.c.seq).limit(1)  # fmt: skip
        with self.engine.connect() as conn:
            found = conn.execute(stmt).first()
        return _entry(table, EntryRow(**found._mapping)) if found is not None else None

    def entry(self, code: str, seq: int) -> EntryRow | None:
        """One log line by its number."""
        found = self.entries(code, since=seq - 1, limit=1)
        return found[0] if found and found[0].seq == seq else None

    def heads(self, codes: Sequence[str]) -> dict[str, Head]:
        """The heads of many tables in one query (what a server's live-update poller asks)."""
        found: dict[str, Head] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(codes), 500):
                rows = conn.execute(_HEADS, {"codes": list(codes[start : start + 500])})
                for r in rows:
                    found[r.code] = Head(r.version, r.log_length, r.archived_at is not None)
        return found

    def entries(
        self, code: str, since: int = 0, limit: int | None = None, *, table: TableRow | None = None
    ) -> list[EntryRow]:
        """The log lines after ``since`` (their ``seq``), oldest first (of ``table``, when
        the caller has just read it: not read again)."""
        if table is None or table.code != code:
            table = self.get(code)
        stmt = select(E).where(E.c.table_id == table.id, E.c.seq > since).order_by(E.c.seq)
        if limit is not None:
            stmt = stmt.limit(limit)
        with self.engine.connect() as conn:
            return [_entry(table, EntryRow(**r._mapping)) for r in conn.execute(stmt)]

    def log_tail(self, table: TableRow, since: int) -> list[EntryRow]:
        """:meth:`entries` of ``table`` after ``since``, where the lines this process read
        before are kept (a line never changes once written): only the new ones are read,
        and their JSON decoded (a live table shows its last lines after every move)."""
        seqs = range(since + 1, table.log_length + 1)
        with self._lines_lock:
            kept = [self._lines.get((table.id, seq)) for seq in seqs]
        known = next((i for i, line in enumerate(kept) if line is None), len(kept))
        head = cast(list[EntryRow], kept[:known])
        if known == len(kept):  # every line was read before: no query
            return head
        fresh = self.entries(table.code, since=since + known, table=table)
        with self._lines_lock:
            for line in fresh:
                self._lines[(table.id, line.seq)] = line
            while len(self._lines) > KEPT_LINES:
                self._lines.popitem(last=False)
        return head + fresh

    # --- archiving ------------------------------------------------------------------------
    def archive_idle(self, at: datetime | None = None) -> int:
        """Archive every table idle for longer than the limit; returns how many."""
        cutoff = (at or now()) - self.limits.idle
        with self._writing() as conn:
            done = conn.execute(
                update(T)
                .where(T.c.archived_at.is_(None), T.c.active_at < cutoff)
                .values(archived_at=now())
            )
        return int(done.rowcount or 0)

    def reopen(self, code: str) -> TableRow:
        """Bring an archived table back (nothing was deleted)."""
        with self._writing(code) as conn:
            conn.execute(
                update(T).where(T.c.code == code).values(archived_at=None, active_at=now())
            )
        return self.get(code)


def _table(row: TableRow) -> TableRow:
    """A stored table, its state in its game's current format (see :mod:`.stamps`)."""
    return current_table(game_of(row.game), row)


def _entry(table: TableRow, row: EntryRow) -> EntryRow:
    """A stored log line, its move and state in the game's current format."""
    return current_entry(game_of(table.game), row)
