"""What a shared table refuses, and the bounds it keeps (:class:`Limits`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from adjudicator.core.errors import CORE
from adjudicator.core.exceptions import AdjudicatorError
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message
from adjudicator.games import UnknownGame, get_game

from .log import MAX_ENTRIES


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


def no_such_table() -> NoSuchTable:
    return NoSuchTable(N_("There is no table with this code."))


def game_of(game_id: str) -> Game:
    """The table's game (a table of a game no longer present is no table)."""
    try:
        return get_game(game_id)
    except (UnknownGame, ModuleNotFoundError):
        raise NoSuchTable(N_("Unknown game {game}."), game=str(game_id)[:64]) from None


def author_name(author: str | None) -> str | None:
    """An author's name as the log keeps it: one line, at most 40 characters."""
    if author is None:
        return None
    author = " ".join(str(author).split())[:40]
    return author or None
