"""The tables' storage: SQLAlchemy 2 models, the engine, and the Alembic migrations.

SQLite (a file, WAL mode) by default; ``ADJUDICATOR_DATABASE_URL`` names another database
(PostgreSQL, for several servers). The schema is made only by the migrations in
``adjudicator/table/migrations`` (:func:`migrate`), never by ``create_all``.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Protocol

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

URL_ENV = "ADJUDICATOR_DATABASE_URL"
#: SQLite's ``synchronous`` setting: NORMAL (the default) keeps every committed move
#: through a crash or a SIGKILL of the server, FULL also through a power cut of the machine
#: (an fsync at each commit, which stops a gevent worker for its duration).
SYNC_ENV = "ADJUDICATOR_SQLITE_SYNC"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The PostgreSQL channel a change to any table is announced on (no payload: the listener
#: asks the database for the versions it follows).
CHANNEL = "adj_tables"


def now() -> datetime:
    return datetime.now(UTC)


def aware(stamp: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class TableRow(Base):
    """One shared table: its game, players, current state and counters."""

    __tablename__ = "adj_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str | None] = mapped_column(String(64))
    players: Mapped[list[Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    """The state's version: +1 at every change (a legal move, an undo, a correction)."""
    log_length: Mapped[int] = mapped_column(Integer, default=0)
    chain: Mapped[int] = mapped_column(Integer, default=0)
    """How many moves rebuild the current state from the last log line that keeps its
    state (a snapshot: see :data:`adjudicator.table.log.SNAPSHOT_EVERY`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    active_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    archived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    opened_by: Mapped[str | None] = mapped_column(String(32))
    """Who opened it: a hash of the client's address (for the fair-use limits), if known."""
    short_code: Mapped[str | None] = mapped_column(String(16), unique=True)
    """The code one reads aloud and types (see :mod:`.codes`); the join ``code`` is the
    link's."""
    format_version: Mapped[int | None] = mapped_column(Integer)
    """The format version of the game its ``state`` is written in (``None``: written before
    states were stamped, read as format 1; see :mod:`.stamps`)."""


class SeatRow(Base):
    """A seat taken by a phone: that phone enters the seat's moves (one phone a seat)."""

    __tablename__ = "adj_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("adj_tables.id", ondelete="RESTRICT"))
    seat: Mapped[str] = mapped_column(String(64))
    phone: Mapped[str] = mapped_column(String(32))
    taken_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class EntryRow(Base):
    """One line of a table's log (append-only): a move with its verdict, an undo, a
    correction, or the opening of the table."""

    __tablename__ = "adj_entries"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_entry_seq"),
        UniqueConstraint("table_id", "version", name="uq_entry_version"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("adj_tables.id", ondelete="RESTRICT"))
    seq: Mapped[int] = mapped_column(Integer)
    """Its place in the log, from 1, with no gap."""
    based_on: Mapped[int] = mapped_column(Integer)
    """The state version it was entered against."""
    version: Mapped[int | None] = mapped_column(Integer)
    """The state version it made (``None``: the state did not change)."""
    kind: Mapped[str] = mapped_column(String(16))
    author: Mapped[str | None] = mapped_column(String(64))
    """Who entered it: the seat of the phone it came from (``None``: a phone without one)."""
    seat: Mapped[str | None] = mapped_column(String(64))
    """The seat it was entered for (whose move it was), when known."""
    move: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    verdict: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """The state after it (SQL ``NULL`` when not kept), kept only on a snapshot: the
    opening, a correction, and a legal move that ends a chain of
    :data:`~adjudicator.table.compact.SNAPSHOT_EVERY` moves since the last snapshot. Any
    other state is rebuilt from the snapshot before it (see :mod:`adjudicator.table.compact`)."""
    undoes: Mapped[int | None] = mapped_column(Integer)
    format_version: Mapped[int | None] = mapped_column(Integer)
    """The format version of the game its ``move`` and ``state`` are written in (``None``:
    written before they were stamped, read as format 1; see :mod:`.stamps`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def default_url(instance: Path) -> str:
    """The database URL: ``$ADJUDICATOR_DATABASE_URL`` or a SQLite file in ``instance``."""
    url = os.environ.get(URL_ENV)
    if url:
        return url
    instance.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{instance / 'tables.sqlite3'}"


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, a busy timeout and its sync setting."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    if not url.startswith("sqlite"):
        engine = create_engine(url, **kwargs)
        if not kwargs.get("pool_pre_ping"):
            event.listen(engine, "checkout", _ping_if_idle(engine))
            event.listen(engine, "checkin", _note_use)
        return engine
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, **kwargs)
    sync = os.environ.get(SYNC_ENV, "NORMAL").upper()
    if sync not in ("NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"{SYNC_ENV} must be NORMAL, FULL or EXTRA, not {sync!r}")

    def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event emit BEGIN itself (pysqlite's own is unreliable).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sync}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


#: A pooled connection idle for longer than this is tried before it is lent (the database
#: may have restarted meanwhile); one in use more recently is lent at once. (SQLAlchemy's
#: ``pool_pre_ping`` tries every one: a round trip before each statement of a busy server.)
PING_AFTER_SECONDS = 10.0


def _note_use(_dbapi_connection: Any, record: Any) -> None:
    record.info["used_at"] = time.monotonic()


def _ping_if_idle(engine: Engine) -> Any:
    """Before lending a connection that has been idle a while: try it (the dialect's own
    ping, as ``pool_pre_ping`` does), and let the pool take a new one if the database
    dropped it (SQLAlchemy's documented way: raising ``DisconnectionError`` at checkout)."""

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("used_at", 0.0) < PING_AFTER_SECONDS:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:
            raise DisconnectionError("the pooled connection was dropped") from exc
        if not alive:
            raise DisconnectionError("the pooled connection was dropped")

    return checkout


def _sqlite_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN")


def _alembic_config() -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def is_current(engine: Engine) -> bool:
    """Whether the schema is at the newest revision (one query; nothing is changed)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    with engine.connect() as connection:
        return bool(MigrationContext.configure(connection).get_current_revision() == head)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` through the Alembic migrations."""
    from alembic import command

    config = _alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several servers may start at once: one migrates, the others wait.
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(718281828)")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


# --- one writer at a time (SQLite) ---------------------------------------------------------


class SqliteWriter:
    """SQLite's single writer, taken in turn by the writers of every process on the file.

    The threads (greenlets) of a process queue on a lock; the processes on an ``flock`` of
    a file beside the database, asked for without blocking and tried again after a short
    sleep. Under gevent both waits let the other greenlets run, whereas SQLite's own busy
    wait (a C sleep) would stop every request of the worker."""

    def __init__(self, database: str) -> None:
        self.path = database + ".writer"
        self.lock = threading.Lock()
        self._fd = -1
        self._pid = 0

    def _file(self) -> int:
        if self._pid != os.getpid():  # a forked worker needs its own open file
            self._fd, self._pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        return self._fd

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self.lock:
            fd, pause = self._file(), 0.0005
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    time.sleep(pause)
                    pause = min(pause * 2, 0.004)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)


def sqlite_file(engine: Engine) -> str | None:
    """The database file of a SQLite engine (``None``: not SQLite, or in memory)."""
    name = engine.url.database
    if engine.dialect.name != "sqlite" or not name or name == ":memory:":
        return None
    return str(Path(name).resolve())


# --- has anything changed? ------------------------------------------------------------------


class ChangeSignal(Protocol):
    """Whether some table may have changed since the last call, asked cheaply, so that a
    server's watcher asks the database for the versions only then. It is the database
    that answers, so a change made by any process or server is seen."""

    #: The longest the watcher goes without asking for the versions anyway.
    fallback_seconds: float
    #: After :meth:`changed` said yes: the codes of the tables that changed, when the
    #: database names them (``None``: any table may have).
    codes: set[str] | None
    #: After :meth:`changed` said yes: the heads (version, log length, archived) of the
    #: tables that changed, when the signal read them itself (``None``: it did not).
    heads: dict[str, tuple[int, int, bool]] | None

    def changed(self, timeout: float) -> bool: ...

    def close(self) -> None: ...


class Polling:
    """No cheap signal: the watcher asks for the versions every ``fallback_seconds``."""

    fallback_seconds = 0.2
    codes: set[str] | None = None
    heads: dict[str, tuple[int, int, bool]] | None = None

    def changed(self, timeout: float) -> bool:
        time.sleep(timeout)
        return False

    def close(self) -> None:
        pass


class DataVersion:
    """SQLite: ``PRAGMA data_version`` on a connection of its own changes whenever another
    connection (of any process) commits a change to the file; reading it costs microseconds.

    When it changed, the same connection reads the heads of the tables that have new log
    lines since it last looked (one statement): SQLite has one writer at a time, so the
    lines' ids grow in the order they were committed, and none is missed. A change with no
    new line (archiving, reopening, a seat) names no table: the watcher then asks for all."""

    fallback_seconds = 1.0

    def __init__(self, engine: Engine) -> None:
        self.codes: set[str] | None = None
        self.heads: dict[str, tuple[int, int, bool]] | None = None
        self.conn = _own_connection(engine)
        self.seen = self._read()
        self.last_line = int(self.conn.execute(_LAST_LINE).fetchone()[0])

    def _read(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def changed(self, timeout: float) -> bool:
        time.sleep(timeout)
        now_at = self._read()
        moved, self.seen = now_at != self.seen, now_at
        if moved:
            rows = self.conn.execute(_NEW_LINES, (self.last_line,)).fetchall()
            self.heads = {code: (version, length, bool(gone)) for code, version, length, gone,
                          _line in rows} or None  # fmt: skip
            self.codes = set(self.heads) if self.heads else None
            self.last_line = max((row[4] for row in rows), default=self.last_line)
        return moved

    def close(self) -> None:
        self.conn.close()


_LAST_LINE = "SELECT coalesce(max(id), 0) FROM adj_entries"
#: The heads of the tables with log lines after a given one, and their last line's id.
_NEW_LINES = (
    "SELECT t.code, t.version, t.log_length, t.archived_at IS NOT NULL, n.last_line "
    "FROM adj_tables AS t JOIN (SELECT table_id, max(id) AS last_line FROM adj_entries "
    "WHERE id > ? GROUP BY table_id) AS n ON n.table_id = t.id"
)


class Notifications:
    """PostgreSQL: ``LISTEN`` on :data:`CHANNEL`; every write transaction of the tables
    sends ``NOTIFY`` with the table's code (delivered when it commits, to every server).
    A change of state or log also sends the table's new head (``code version length``:
    see :mod:`.changes`), so that the watcher need not ask for it."""

    fallback_seconds = 1.0

    def __init__(self, engine: Engine) -> None:
        self.codes: set[str] | None = None
        self.heads: dict[str, tuple[int, int, bool]] | None = None
        self.conn = _own_connection(engine)
        self.conn.rollback()
        self.conn.autocommit = True
        self.conn.execute(f"LISTEN {CHANNEL}")

    def changed(self, timeout: float) -> bool:
        came = list(self.conn.notifies(timeout=timeout, stop_after=1))
        if not came:
            return False
        came += self.conn.notifies(timeout=0)  # those that came with it: one look for all
        heads: dict[str, tuple[int, int, bool]] = {}
        bare: set[str] = set()  # named without a head: the watcher asks for those
        for note in came:  # in the order the changes were committed
            code, *head = note.payload.split(" ")
            if len(head) == 2 and all(part.isdigit() for part in head):
                heads[code] = (int(head[0]), int(head[1]), False)
            else:
                bare.add(code)
        named = bare | set(heads)
        self.codes = None if "" in named else named
        self.heads = heads if heads and not bare else None
        return True

    def close(self) -> None:
        self.conn.close()


def _own_connection(engine: Engine) -> Any:
    """A DBAPI connection of the engine's, taken out of its pool for good."""
    raw = engine.raw_connection()
    connection = raw.driver_connection
    raw.detach()
    return connection


def change_signal(engine: Engine) -> ChangeSignal:
    """The cheapest way this database has to tell that something changed."""
    if engine.dialect.name == "postgresql":
        return Notifications(engine)
    if sqlite_file(engine) is not None:
        return DataVersion(engine)
    return Polling()
