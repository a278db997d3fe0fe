"""Shared tables: open one, follow it move by move, undo, correct, export and import.

Every change goes through one transaction that moves the table from the version the phone
saw to the next one (``UPDATE ... WHERE version = :seen``) and appends the log line; the
unique constraints on (table, seq) and (table, version) make a lost or doubled move
impossible even if two servers share the database.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated, Any, cast

from pydantic import Field, StrictStr, TypeAdapter, ValidationError
from sqlalchemy import (
    Table,
    Text,
    and_,
    bindparam,
    case,
    func,
    insert,
    null,
    select,
    text,
    update,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.engine import Connection, Engine

from adjudicator.core.errors import CORE, MalformedInput, check_text
from adjudicator.core.exceptions import AdjudicatorError
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message
from adjudicator.games import UnknownGame, get_game

from . import codec
from . import seats as seating
from .codes import new_short_code, normalize
from .compact import Line, next_chain, rebuild, rebuild_path
from .log import (
    FORMAT,
    MAX_ENTRIES,
    Audit,
    LogFile,
    Replay,
    Step,
    audit,
    judge,
    live_changes,
    parse_log,
    parse_seats,
    replay,
)
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
from .turns import Turns

#: Log lines an export reads at once.
EXPORT_BATCH = 100
#: Join codes: 16 URL-safe characters from ``secrets`` (96 bits).
CODE_BYTES = 12

# The statements of every move, built once: SQLAlchemy then reuses their cache keys and
# compiled forms (building them anew was half of a move's CPU time).
_T = cast(Table, TableRow.__table__)
_E = cast(Table, EntryRow.__table__)
_ROW = select(_T).where(_T.c.code == bindparam("code"))
_HEADS = select(_T.c.code, _T.c.version, _T.c.log_length, _T.c.archived_at).where(
    _T.c.code.in_(bindparam("codes", expanding=True))
)
#: The table as the phone saw it, still open and with room in its log.
_AS_SEEN = and_(
    _T.c.id == bindparam("table_id"),
    _T.c.version == bindparam("based_on"),
    _T.c.archived_at.is_(None),
    _T.c.log_length < bindparam("max_entries"),
)
#: A change of state: the version and the log grow.
_ADVANCE = (
    update(_T)
    .where(_AS_SEEN)
    .values(version=_T.c.version + 1, log_length=_T.c.log_length + 1,
            active_at=bindparam("stamp"), state=bindparam("after"), chain=bindparam("chain"))
    .returning(_T.c.version, _T.c.log_length)
)  # fmt: skip
#: A log line only (an illegal move): the version stays, the log grows.
_NOTE = (
    update(_T)
    .where(_AS_SEEN)
    .values(log_length=_T.c.log_length + 1, active_at=bindparam("stamp"))
    .returning(_T.c.version, _T.c.log_length)
)
_ENTRY = insert(_E)
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :code)")


@dataclass(frozen=True)
class Limits:
    """Bounds on what one table may hold (each refused with a clear error)."""

    max_tables: int = 10_000
    """Open (not archived) tables at once."""
    max_entries: int = MAX_ENTRIES
    """Lines in one table's log."""
    max_move_bytes: int = 16 * 1024
    max_state_bytes: int = 512 * 1024
    idle: timedelta = timedelta(days=30)
    """A table left alone this long is archived (kept, read-only, reopenable)."""
    replay_seconds: float = 20.0
    """The longest a log file's replay (or import) may take; it is flagged after that."""
    open_per_address: int = 100
    """Open tables one client address may hold (opened or imported by it)."""
    hourly_per_address: int = 30
    """Tables one client address may open (or import) in an hour."""


class TableError(AdjudicatorError):
    """A refusal, in words (``message``), with an HTTP-like status and details."""

    status = 400

    def __init__(self, template: str, details: Mapping[str, Any] | None = None, **params: Any):
        self.message = Message(CORE, template, params)
        self.details = dict(details or {})
        super().__init__(self.message.render("en"))


class NoSuchTable(TableError):
    status = 404


class StaleVersion(TableError):
    status = 409


class Archived(TableError):
    status = 409


class TooLarge(TableError):
    status = 413


class Full(TableError):
    status = 507


class NotYourSeat(TableError):
    status = 403


class TooMany(TableError):
    """A client address went past its fair share; ``retry_after`` seconds from now it may
    try again."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(N_("Too many requests from your address; try again later."))
        self.retry_after = max(1, retry_after)


@dataclass(frozen=True)
class Head:
    """What a phone polls: the state version and the length of the log."""

    version: int
    log_length: int
    archived: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "log_length": self.log_length, "archived": self.archived}


@dataclass
class Outcome:
    """What a proposal did: the log line it made and the table after it."""

    entry: EntryRow
    table: TableRow
    audit: Audit | None = None

    @property
    def applied(self) -> bool:
        return self.entry.version is not None


def address_key(address: str) -> str:
    """What the database keeps of a client's address: a hash (enough to count by)."""
    return hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:32]


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def _size(data: Any, what: str) -> int:
    """The size of ``data`` as compact JSON; a text that is not Unicode is refused, named."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        return len(text.encode())
    except UnicodeEncodeError:
        check_text(data, what)
        raise


class Tables:
    """The tables kept in one database."""

    def __init__(self, engine: Engine, limits: Limits | None = None) -> None:
        self.engine = engine
        self.limits = limits or Limits()
        # SQLite has one writer at a time: the writers of every process queue for it where
        # gevent can switch (see SqliteWriter) rather than in SQLite's busy wait, which
        # would stop every greenlet of a worker.
        database = sqlite_file(engine)
        self._one_writer = SqliteWriter(database) if database else None
        self._notify = engine.dialect.name == "postgresql"

    @contextmanager
    def _writing(self, code: str = "") -> Iterator[Connection]:
        """A write transaction. On PostgreSQL it also tells every listening server that
        the table with this ``code`` changed (no code: maybe any table)."""
        turn = self._one_writer() if self._one_writer else nullcontext()
        with turn, self.engine.begin() as conn:
            yield conn
            if self._notify:
                conn.execute(_NOTIFY, {"code": code})

    def change_signal(self) -> ChangeSignal:
        """A cheap way to tell that some table may have changed (see :mod:`.store`)."""
        return change_signal(self.engine)

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
            raise NoSuchTable(N_("There is no table with this code."))
        found = conn.execute(_ROW, {"code": code}).first()
        if found is None:
            raise NoSuchTable(N_("There is no table with this code."))
        return TableRow(**found._mapping)

    def head(self, code: str) -> Head:
        """The version and log length only (cheap: what live updates poll)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(TableRow.version, TableRow.log_length, TableRow.archived_at).where(
                    TableRow.code == code
                )
            ).first()
        if found is None:
            raise NoSuchTable(N_("There is no table with this code."))
        return Head(found.version, found.log_length, found.archived_at is not None)

    def by_short_code(self, typed: str) -> TableRow:
        """The table whose short code this is, as a person typed it (see :mod:`.codes`)."""
        code = normalize(typed)
        if code is None:
            raise NoSuchTable(N_("There is no table with this code."))
        with self.engine.connect() as conn:
            found = conn.execute(select(_T).where(_T.c.short_code == code)).first()
        if found is None:
            raise NoSuchTable(N_("There is no table with this code."))
        return TableRow(**found._mapping)

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

    def entering(self, table: TableRow, phone: str) -> seating.Entering:
        """Who enters the next move from this phone, for whom; refused when the move is
        another seat's and a phone holds that seat."""
        held = self.holders(table.code)
        mine = next((s for s, p in held.items() if p == phone), None)
        whose = seating.to_move(_game(table.game), table)
        if whose is not None and held.get(whose) not in (None, phone):
            raise NotYourSeat(seating.NOT_YOUR_SEAT, {"seat": whose}, seat=whose)
        return seating.Entering(mine, whose)

    def first_since(self, code: str, version: int) -> EntryRow | None:
        """The change that moved the table on from ``version`` (what got in first)."""
        table = self.get(code)
        stmt = select(_E).where(_E.c.table_id == table.id, _E.c.based_on == version,
                                _E.c.version.is_not(None)).order_by(_E.c.seq).limit(1)  # fmt: skip
        with self.engine.connect() as conn:
            found = conn.execute(stmt).first()
        return EntryRow(**found._mapping) if found is not None else None

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

    def entries(self, code: str, since: int = 0, limit: int | None = None) -> list[EntryRow]:
        """The log lines after ``since`` (their ``seq``), oldest first."""
        table = self.get(code)
        stmt = (
            select(EntryRow.__table__)
            .where(EntryRow.table_id == table.id, EntryRow.seq > since)
            .order_by(EntryRow.seq)
        )
        if limit is not None:
            stmt = stmt.limit(limit)
        with self.engine.connect() as conn:
            return [EntryRow(**r._mapping) for r in conn.execute(stmt)]

    # --- opening --------------------------------------------------------------------------
    def open(
        self,
        game_id: str,
        players: Any = (),
        *,
        state: Any = None,
        example: str | None = None,
        variant: str | None = None,
        author: str | None = None,
        opened_by: str | None = None,
    ) -> TableRow:
        """Open a table from a given state, a named example, or the game's setup for that
        many players (``setup-<n>p``). Raises :class:`MalformedInput` for a bad state.
        ``opened_by`` (a client's address) counts against that address's fair share."""
        game = _game(game_id)
        seats = parse_seats(list(players))
        variant = _variant(variant)
        if state is None:
            state = _setup(game, example, len(seats))
            state = rename_players(state, [s.name for s in seats])
        if variant is not None and isinstance(state, dict) and "variant" in state:
            state = {**state, "variant": variant}
        self._bounded_state(state)
        parsed = game.parse_state(state)
        state = parsed.model_dump(mode="json")
        report = codec.encode_report(game.report(parsed))
        seat_data = [s.model_dump(exclude_none=True) for s in seats]
        self.archive_idle()
        with self._writing() as conn:
            table_id = self._insert(conn, game.id, variant, seat_data, state, report, author,
                                    opened_by)  # fmt: skip
            found = conn.execute(select(_T).where(_T.c.id == table_id)).one()
        return TableRow(**found._mapping)

    def _insert(
        self,
        conn: Connection,
        game_id: str,
        variant: str | None,
        seats: list[dict[str, Any]],
        state: dict[str, Any],
        report: dict[str, Any],
        author: str | None,
        opened_by: str | None = None,
    ) -> int:
        """A new table and its first log line (the opening), in ``conn``'s transaction."""
        stamp = now()
        key = address_key(opened_by) if opened_by else None
        if key is not None:
            self._fair_share(conn, key, stamp)
        open_count = conn.execute(
            select(func.count()).select_from(TableRow).where(TableRow.archived_at.is_(None))
        ).scalar_one()
        if open_count >= self.limits.max_tables:
            raise Full(N_("Too many tables are open; try again later."))
        table_id: int = conn.execute(
            insert(TableRow)
            .values(
                code=new_code(), short_code=new_short_code(), game=game_id, variant=variant,
                players=seats, state=state, version=1, log_length=1, created_at=stamp,
                active_at=stamp, opened_by=key,
            )
            .returning(TableRow.id)
        ).scalar_one()  # fmt: skip
        conn.execute(
            insert(EntryRow).values(
                table_id=table_id, seq=1, based_on=0, version=1, kind="open",
                author=_author(author), verdict=report, state=state, created_at=stamp,
            )
        )  # fmt: skip
        return table_id

    def _fair_share(self, conn: Connection, key: str, stamp: datetime) -> None:
        """Refuse a new table to an address that holds too many, or opened too many in the
        last hour (:class:`TooMany`, with the seconds until it may try again)."""
        mine = and_(_T.c.opened_by == key, _T.c.archived_at.is_(None))
        held = conn.execute(select(func.count()).where(mine)).scalar_one()
        if held >= self.limits.open_per_address:
            raise TooMany(3600)
        hour = timedelta(hours=1)
        recent = conn.execute(
            select(_T.c.created_at)
            .where(_T.c.opened_by == key, _T.c.created_at > stamp - hour)
            .order_by(_T.c.created_at.desc())
            .limit(self.limits.hourly_per_address)
        ).scalars().all()  # fmt: skip
        if len(recent) >= self.limits.hourly_per_address:
            raise TooMany(int((aware(recent[-1]) + hour - stamp).total_seconds()) + 1)

    # --- changing -------------------------------------------------------------------------
    def propose(
        self, code: str, move: Any, based_on: int, author: str | None = None,
        *, phone: str | None = None,
    ) -> Outcome:  # fmt: skip
        """Adjudicate ``move`` against version ``based_on``: a legal move is applied, an
        illegal one is logged with its reasons and alternatives; a stale version is refused.
        From a ``phone``: the author is its seat, and the move is refused when it is another
        seat's that a phone holds (see :meth:`entering`)."""
        if _size(move, "/move") > self.limits.max_move_bytes:
            raise TooLarge(N_("The move is too large."))
        table = self._current(code, based_on)
        seat = None
        if phone is not None:
            who = self.entering(table, phone)
            author, seat = who.by, who.seat
        verdict, after = judge(_game(table.game), table.state, move, strict=True)
        if after is not None:
            self._bounded_state(after)
        move_data = move if isinstance(move, dict) else {"value": move}
        chain, keep = next_chain(table.chain) if after is not None else (table.chain, False)
        return self._append(
            table,
            based_on,
            "move",
            author,
            move_data,
            verdict,
            after,
            chain=chain,
            keep=keep,
            seat=seat,
        )

    def undo(self, code: str, based_on: int, author: str | None = None) -> Outcome:
        """Take back the last change still in force (a move or a correction); logged."""
        table = self._current(code, based_on)
        with self.engine.connect() as conn:
            steps = [
                Step(r.seq, r.kind, r.version, r.undoes)
                for r in conn.execute(
                    select(EntryRow.seq, EntryRow.kind, EntryRow.version, EntryRow.undoes)
                    .where(EntryRow.table_id == table.id)
                    .order_by(EntryRow.seq)
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
        kept = _E.c.state.is_not(None).label("kept")
        lines = {
            r.seq: Line(r.seq, r.kind, r.version, r.undoes, bool(r.kept))
            for r in conn.execute(
                select(_E.c.seq, _E.c.kind, _E.c.version, _E.c.undoes, kept).where(
                    _E.c.table_id == table.id, _E.c.seq <= seq
                )
            )
        }
        start, moves = rebuild_path(lines, seq)
        found = {
            r.seq: r
            for r in conn.execute(
                select(_E.c.seq, _E.c.state, _E.c.move).where(
                    _E.c.table_id == table.id, _E.c.seq.in_([start, *moves])
                )
            )
        }
        state = rebuild(_game(table.game), found[start].state, [found[m].move for m in moves])
        return state, len(moves)

    def correct(self, code: str, state: Any, based_on: int, author: str | None = None) -> Outcome:
        """Set the state to match the physical board: the audit lists every difference from
        the tool's state and every rule the corrected state breaks; the table goes on from it."""
        self._bounded_state(state)
        table = self._current(code, based_on)
        game = _game(table.game)
        parsed = game.parse_state(state)
        result = audit(game, table.state, state)
        after = parsed.model_dump(mode="json")
        outcome = self._append(
            table, based_on, "correct", author, None, result.to_json(), after, keep=True
        )
        outcome.audit = result
        return outcome

    def _current(self, code: str, based_on: Any) -> TableRow:
        if isinstance(based_on, bool) or not isinstance(based_on, int):
            raise MalformedInput.single(
                "/version", N_("`{field}` must be a whole number."), field="version"
            )
        table = self.get(code)
        self._writable(table, based_on)
        return table

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
    ) -> Outcome:
        """One transaction: move the table on from ``based_on`` (when the state changes)
        and append the log line (keeping the state after it when ``keep``: a snapshot).
        Refused if anyone else changed the table first."""
        stamp = now()
        params = {"table_id": table.id, "based_on": based_on, "stamp": stamp, "after": after,
                  "max_entries": self.limits.max_entries, "chain": chain}  # fmt: skip
        with self._writing(table.code) as conn:
            moved = conn.execute(_NOTE if after is None else _ADVANCE, params).first()
            if moved is not None:
                entry = EntryRow(
                    table_id=table.id, seq=moved.log_length, based_on=based_on,
                    version=moved.version if after is not None else None, kind=kind,
                    author=_author(author), move=move, verdict=verdict,
                    state=after if keep else None, undoes=undoes, seat=seat, created_at=stamp,
                )  # fmt: skip
                conn.execute(_ENTRY, _columns(entry))
        if moved is None:  # someone else was first: say why, with the table as it is now
            self._writable(self.get(table.code), based_on)
            raise StaleVersion(N_("The state changed: here is the new state."))
        table.version, table.log_length, table.active_at = moved.version, moved.log_length, stamp
        if after is not None:
            table.state, table.chain = after, chain
        return Outcome(entry, table)

    def _bounded_state(self, state: Any) -> None:
        if _size(state, "/state") > self.limits.max_state_bytes:
            raise TooLarge(
                N_("The state is too large (at most {count} KB)."),
                count=self.limits.max_state_bytes // 1024,
            )

    # --- archiving ------------------------------------------------------------------------
    def archive_idle(self, at: datetime | None = None) -> int:
        """Archive every table idle for longer than the limit; returns how many."""
        cutoff = (at or now()) - self.limits.idle
        with self._writing() as conn:
            done = conn.execute(
                update(TableRow)
                .where(TableRow.archived_at.is_(None), TableRow.active_at < cutoff)
                .values(archived_at=now())
            )
        return int(done.rowcount or 0)

    def reopen(self, code: str) -> TableRow:
        """Bring an archived table back (nothing was deleted)."""
        with self._writing(code) as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.code == code)
                .values(archived_at=None, active_at=now())
            )
        return self.get(code)

    # --- logs -----------------------------------------------------------------------------
    def export(self, code: str) -> dict[str, Any]:
        """The table's log as a log file (see :class:`~adjudicator.table.log.LogFile`)."""
        data: dict[str, Any] = json.loads("".join(self.export_text(code)))
        return data

    def export_text(self, code: str) -> Iterator[str]:
        """The table's log file as JSON text (an entry a line), in pieces: the lines are
        read a batch at a time (a correction's state is the only state read), so a long log
        costs the server neither its memory nor a long stop (between two batches other
        requests run)."""
        table = self.get(code)
        with self.engine.connect() as conn:
            first = conn.execute(
                select(_E.c.state).where(_E.c.table_id == table.id, _E.c.seq == 1)
            ).scalar_one()
        head = {
            "format": FORMAT, "format_version": 1, "game": table.game,
            "variant": table.variant, "players": table.players, "initial_state": first,
        }  # fmt: skip
        return self._export_pieces(table, head)

    def _export_pieces(self, table: TableRow, head: dict[str, Any]) -> Iterator[str]:
        text = json.dumps({**head, "entries": []}, ensure_ascii=False, indent=1)
        if table.log_length <= 1:
            yield text
            return
        yield text[: text.rindex("[]")] + "["
        # the move and a correction's state as the stored JSON text: copied, not re-encoded
        state = case((_E.c.kind == "correct", sql_cast(_E.c.state, Text)), else_=null())
        move = sql_cast(_E.c.move, Text).label("move")
        columns = (_E.c.seq, _E.c.kind, _E.c.version, _E.c.author, move, state.label("state"))
        seq, sep, turn = 1, "\n", Turns()
        while seq < table.log_length:
            turn()  # under gevent: the other requests go on between two batches
            with self.engine.connect() as conn:
                rows = conn.execute(
                    select(*columns)
                    .where(_E.c.table_id == table.id, _E.c.seq > seq,
                           _E.c.seq <= table.log_length)
                    .order_by(_E.c.seq).limit(EXPORT_BATCH)
                ).all()  # fmt: skip
            if not rows:
                break
            seq = rows[-1].seq
            yield sep + ",\n".join("  " + _export_entry(row) for row in rows)
            sep = ",\n"
        yield "\n ]\n}"

    def replay(self, data: Any) -> tuple[LogFile, Replay]:
        """Replay a log file (raises :class:`MalformedInput` for a malformed one), within
        :attr:`Limits.replay_seconds`."""
        log = parse_log(data)
        game = _game(log.game)
        game.parse_state(log.initial_state)
        return log, replay(game, log, budget=self.limits.replay_seconds)

    def import_log(
        self, data: Any, author: str | None = None, opened_by: str | None = None
    ) -> tuple[TableRow | None, Replay]:
        """A new table holding the log, when its replay follows it to the end: the table
        and every line are written in one transaction."""
        log, result = self.replay(data)
        if result.flag is not None:
            return None, result
        game = _game(log.game)
        parsed = game.parse_state(log.initial_state)
        first = parsed.model_dump(mode="json")
        report = codec.encode_report(game.report(parsed))
        seats = [s.model_dump(exclude_none=True) for s in log.players]
        lines, chain = _imported_lines(game, log, result, author)
        version = 1 + sum(1 for line in lines if line["version"] is not None)
        last = result.states[-1]
        self._bounded_state(last)
        with self._writing() as conn:
            table_id = self._insert(
                conn, game.id, log.variant, seats, first, report, author, opened_by
            )
            if lines:
                conn.execute(_ENTRY, [{**line, "table_id": table_id} for line in lines])
            conn.execute(
                update(_T).where(_T.c.id == table_id)
                .values(version=version, log_length=len(lines) + 1, state=last, chain=chain)
            )  # fmt: skip
            found = conn.execute(select(_T).where(_T.c.id == table_id)).one()
        return TableRow(**found._mapping), result


def _imported_lines(
    game: Game, log: LogFile, result: Replay, author: str | None
) -> tuple[list[dict[str, Any]], int]:
    """The log lines of an imported log that followed to the end, as rows (from the second
    line: the first is the opening), with the versions and undo links they make, the
    snapshots they keep, and the table's chain after them (see :mod:`.compact`)."""
    lines: list[dict[str, Any]] = []
    version, live = 1, [1]
    chains = {1: 0}  # each line's chain: the moves that rebuild the state after it
    stamp = now()
    for index, entry in enumerate(log.entries):
        seq, before = index + 2, result.states[index]
        line: dict[str, Any] = {
            "seq": seq, "based_on": version, "version": None, "kind": entry.kind,
            "author": _author(entry.author or author), "move": None, "verdict": None,
            "state": None, "undoes": None, "seat": None, "created_at": stamp,
        }  # fmt: skip
        changed, chain = True, chains[seq - 1]
        if entry.kind == "undo":
            line["undoes"] = live.pop()
            chain = chains[line["undoes"] - 1]
        elif entry.kind == "correct":
            line["verdict"] = audit(game, before, entry.state).to_json()
            line["state"] = game.parse_state(entry.state).model_dump(mode="json")
            live.append(seq)
            chain = 0
        else:
            verdict = result.verdicts[index + 1] or {}
            line["move"], line["verdict"] = entry.move, verdict
            changed = bool(verdict.get("legal"))
            if changed:
                chain, keep = next_chain(chain)
                line["state"] = result.states[index + 1] if keep else None
                live.append(seq)
        if changed:
            version += 1
            line["version"] = version
        chains[seq] = chain
        lines.append(line)
    return lines, chains[len(log.entries) + 1]


def _export_entry(row: Any) -> str:
    """One entry of an exported log, on one line, from its stored JSON texts."""
    parts = [f'"kind": {json.dumps(row.kind)}']
    if row.kind == "move":
        parts += [
            f'"move": {row.move}',
            f'"legal": {"true" if row.version is not None else "false"}',
        ]
    elif row.kind == "correct":
        parts.append(f'"state": {row.state}')
    if row.author:
        parts.append(f'"author": {json.dumps(row.author, ensure_ascii=False)}')
    return "{" + ", ".join(parts) + "}"


def _columns(entry: EntryRow) -> dict[str, Any]:
    return {c.name: getattr(entry, c.key) for c in EntryRow.__table__.columns if c.name != "id"}


_VARIANT: TypeAdapter[str | None] = TypeAdapter(
    Annotated[StrictStr, Field(min_length=1, max_length=64)] | None
)


def _variant(variant: Any) -> str | None:
    """A variant's ID as a log file may hold it (so that the table's export imports)."""
    try:
        return _VARIANT.validate_python(variant or None)
    except ValidationError as exc:
        raise MalformedInput.from_pydantic(exc, variant, ("variant",)) from None


def _author(author: str | None) -> str | None:
    if author is None:
        return None
    author = " ".join(str(author).split())[:40]
    return author or None


def _game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except (UnknownGame, ModuleNotFoundError):
        raise NoSuchTable(N_("Unknown game {game}."), game=str(game_id)[:64]) from None


def _setup(game: Game, example: str | None, players: int) -> dict[str, Any]:
    names = game.example_names()
    if example is not None and example not in names:
        raise TableError(N_("The game has no example called {name}."), name=str(example)[:64])
    name = example or f"setup-{players}p"
    if name not in names:
        low, high = game.players
        text = N_(
            "The game has no setup for this many players ({count}); it takes {low} to {high}."
        )
        raise TableError(text, count=players, low=low, high=high)
    return game.example(name)


def rename_players(state: Any, names: Sequence[str]) -> Any:
    """The setup with its players' names replaced by the table's (by seat order), where
    the state lists its players by name."""
    old = state.get("players") if isinstance(state, dict) else None
    if not names or not isinstance(old, list) or len(old) != len(names):
        return state
    if not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in old):
        return state
    mapping = {p["name"]: n for p, n in zip(old, names, strict=True)}
    if len(set(names)) != len(names):
        return state

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return mapping.get(node, node) if isinstance(node, str) else node

    return walk(state)
