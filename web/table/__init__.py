"""The shared table on the page and in the JSON API (``/api/v1/tables/...``).

``init_app(app)`` registers both blueprints. The database is opened once per process
(gunicorn forks its workers after loading the app) and migrated to the newest schema the
first time a process uses it; ``python -m adjudicator.table migrate`` does the same by hand.
"""

from __future__ import annotations

import os
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import URL_ENV, default_url, make_engine, migrate

from .live import Watcher

IDLE_ENV = "ADJUDICATOR_TABLE_IDLE_DAYS"


class Store:
    """The :class:`Tables` of one application, made anew in each (forked) process."""

    def __init__(self, url: str, limits: Limits) -> None:
        self.url = url
        self.limits = limits
        self._pid = 0
        self._tables: Tables | None = None
        self._watcher: Watcher | None = None
        self._lock = threading.Lock()

    def tables(self) -> Tables:
        if self._tables is None or self._pid != os.getpid():
            with self._lock:
                if self._tables is None or self._pid != os.getpid():
                    engine = make_engine(self.url, **_pool(self.url))
                    migrate(engine)
                    self._tables, self._pid = Tables(engine, self.limits), os.getpid()
                    self._watcher = Watcher(self._tables)
        return self._tables

    def watcher(self) -> Watcher:
        """This process's poller of the followed tables' versions."""
        self.tables()
        assert self._watcher is not None
        return self._watcher


def _pool(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"pool_size": 20, "max_overflow": 40}
    return {"pool_size": 10, "max_overflow": 40, "pool_timeout": 10}


def tables() -> Tables:
    """The tables of the current application."""
    store: Store = current_app.extensions["adjudicator.tables"]
    return store.tables()


def watcher() -> Watcher:
    store: Store = current_app.extensions["adjudicator.tables"]
    return store.watcher()


def init_app(app: Flask) -> None:
    from . import api, pages

    url = app.config.get("ADJ_DATABASE_URL") or os.environ.get(URL_ENV)
    if not url:
        url = default_url(Path(app.instance_path))
    days = float(app.config.get("ADJ_TABLE_IDLE_DAYS") or os.environ.get(IDLE_ENV) or 30)
    limits = app.config.get("ADJ_TABLE_LIMITS") or Limits(idle=timedelta(days=days))
    app.extensions["adjudicator.tables"] = Store(url, limits)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
