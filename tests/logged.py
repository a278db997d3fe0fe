"""What the fuzzing tests share: the page's application with its logged errors watched
(a 500 is logged with its cause, and a crash is what the fuzzing looks for)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest


class LoggedErrors(logging.Handler):
    """Every error the application logs: the API turns a game's crash into a 422 and
    logs its traceback, a page's crash is a 500 logged with its cause."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


LOGGED = LoggedErrors()


def watched_client() -> Iterator[Any]:
    """A test client of the real application (not in testing mode) whose logged errors
    land in :data:`LOGGED` (use it in a fixture with ``yield from``)."""
    web = pytest.importorskip("web")
    app = web.create_app({"TESTING": False})
    logger = logging.getLogger("web")
    logger.addHandler(LOGGED)
    yield app.test_client()
    logger.removeHandler(LOGGED)


def assert_no_crash_since(before: int) -> None:
    """No error was logged after the first ``before`` records."""
    crashes = LOGGED.records[before:]
    assert not crashes, "\n".join(logging.Formatter().format(r) for r in crashes)[-3000:]
