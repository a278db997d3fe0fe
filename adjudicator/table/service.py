"""Shared tables: open one, follow it move by move, undo, correct, export and import.

:class:`Tables` is the whole service; its parts live in their own modules: reading
(:mod:`.reading`), opening (:mod:`.opening`), changing (:mod:`.changes`: one transaction a
change, refused when the table moved on first) and the log as a file (:mod:`.transfer`).
The refusals and the bounds are in :mod:`.refusals`.
"""

from __future__ import annotations

from .changes import KEPT_TABLES, Changing, Outcome
from .opening import CODE_BYTES, address_key, new_code, rename_players
from .reading import Head
from .refusals import (
    Archived,
    Full,
    Limits,
    NoSuchTable,
    NotYourSeat,
    StaleVersion,
    TableError,
    TooLarge,
    TooMany,
)
from .transfer import EXPORT_BATCH, Transferring

__all__ = [
    "CODE_BYTES",
    "EXPORT_BATCH",
    "KEPT_TABLES",
    "Archived",
    "Full",
    "Head",
    "Limits",
    "NoSuchTable",
    "NotYourSeat",
    "Outcome",
    "StaleVersion",
    "TableError",
    "Tables",
    "TooLarge",
    "TooMany",
    "address_key",
    "new_code",
    "rename_players",
]


class Tables(Changing, Transferring):
    """The tables kept in one database: open, read, propose, undo, correct, export, import."""
