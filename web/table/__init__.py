"""The shared table on the page and in the JSON API (``/api/v1/tables/...``).

``init_app(app)`` registers both blueprints. The database is opened once per process
(gunicorn forks its workers after loading the app). The server migrates it to the newest
schema at start, once, before the workers fork (:func:`migrate_at_start`, called by the
gunicorn settings of ``adjudicator serve``); ``python -m adjudicator.table migrate`` does
the same by hand. A process that finds the schema behind all the same (an app served some
other way, a test) migrates it at its first use.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import URL_ENV, default_url, is_current, make_engine, migrate

from .fairuse import Misses
from .live import Watcher
from .shared import Held
from .streams import StreamGate, StreamLimits

IDLE_ENV = "ADJUDICATOR_TABLE_IDLE_DAYS"


class Store:
    """The :class:`Tables` of one application, made anew in each (forked) process."""

    def __init__(self, url: str, limits: Limits, streams: StreamLimits) -> None:
        self.url = url
        self.limits = limits
        self.streams = streams
        self._gate: StreamGate | None = None
        # counted over all the workers: made here, in the master, before they fork
        self._held = Held()
        self._misses = Misses()
        self._pid = 0
        self._tables: Tables | None = None
        self._watcher: Watcher | None = None
        self._lock = threading.Lock()

    def tables(self) -> Tables:
        if self._tables is None or self._pid != os.getpid():
            with self._lock:
                if self._tables is None or self._pid != os.getpid():
                    engine = make_engine(self.url, **_pool(self.url))
                    if not is_current(engine):
                        migrate(engine)
                    self._tables, self._pid = Tables(engine, self.limits), os.getpid()
                    self._watcher = Watcher(self._tables)
                    self._gate = StreamGate(self.streams, self._held)
        return self._tables

    def stop(self) -> None:
        """The server is stopping: end this process's live streams, and close the database
        (SQLite folds its write-ahead log back into the file when the last one closes)."""
        if self._watcher is not None:
            self._watcher.stop()

    def close(self) -> None:
        """Close this process's connections (after :meth:`stop`, which ended the watcher's
        own connection)."""
        if self._tables is not None and self._pid == os.getpid():
            self._tables.engine.dispose()

    def watcher(self) -> Watcher:
        """This process's poller of the followed tables' versions."""
        self.tables()
        assert self._watcher is not None
        return self._watcher

    def gate(self) -> StreamGate:
        """This process's count of live-update streams (see :mod:`.streams`)."""
        self.tables()
        assert self._gate is not None
        return self._gate

    def misses(self) -> Misses:
        """The server's count of wrong join codes (see :mod:`.fairuse`)."""
        return self._misses


def _pool(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"pool_size": 20, "max_overflow": 40}
    return {"pool_size": 10, "max_overflow": 40, "pool_timeout": 10}


def _store() -> Store:
    """The table store of the current application."""
    store: Store = current_app.extensions["adjudicator.tables"]
    return store


def tables() -> Tables:
    """The tables of the current application."""
    return _store().tables()


def watcher() -> Watcher:
    return _store().watcher()


def stream_gate() -> StreamGate:
    return _store().gate()


def misses() -> Misses:
    return _store().misses()


def check_misses() -> None:
    """Before a request naming a join code: refuse an address that tried too many wrong
    ones (429, see :mod:`.fairuse`)."""
    from flask import request

    from adjudicator.table.service import TooMany

    from ..clients import client_address

    named = request.view_args and "code" in request.view_args
    if named and request.blueprint in ("table_api", "table_pages"):
        wait = misses().wait(client_address())
        if wait:
            raise TooMany(wait)


def record_miss(error: Exception) -> None:
    """After a request: count a join code that named no table."""
    from flask import request

    from adjudicator.table.service import NoSuchTable

    from ..clients import client_address

    if isinstance(error, NoSuchTable) and request.view_args and "code" in request.view_args:
        misses().record(client_address())


def migrate_at_start(app: Flask, timeout: float = 300.0) -> None:
    """Bring the app's tables database to the newest schema, before the workers start.

    It runs ``python -m adjudicator.table migrate`` in a child process, so that the server
    process (which the workers are forked from) never opens the database nor imports its
    driver: psycopg chooses at import whether its waits cooperate with gevent, which only
    the workers patch in. Several servers starting at once are safe (an advisory lock)."""
    finish_migration(start_migration(app), timeout)


def start_migration(app: Flask) -> subprocess.Popen[str]:
    """:func:`migrate_at_start`'s child process, started: the server does its own work
    meanwhile (see :func:`finish_migration`)."""
    store: Store = app.extensions["adjudicator.tables"]
    command = [sys.executable, "-m", "adjudicator.table", "migrate", "--url", store.url]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_migration(process: subprocess.Popen[str], timeout: float = 300.0) -> None:
    """Wait for a migration started by :func:`start_migration`; raises if it failed."""
    try:
        _out, errors = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    if process.returncode != 0:
        raise RuntimeError(f"the tables database could not be migrated:\n{errors[-2000:]}")


def init_app(app: Flask) -> None:
    from . import api, pages

    url = app.config.get("ADJ_DATABASE_URL") or os.environ.get(URL_ENV)
    if not url:
        url = default_url(Path(app.instance_path))
    days = float(app.config.get("ADJ_TABLE_IDLE_DAYS") or os.environ.get(IDLE_ENV) or 30)
    limits = app.config.get("ADJ_TABLE_LIMITS") or Limits(idle=timedelta(days=days))
    streams = app.config.get("ADJ_STREAM_LIMITS") or StreamLimits.from_env()
    app.extensions["adjudicator.tables"] = Store(url, limits, streams)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.before_request(check_misses)
