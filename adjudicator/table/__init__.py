"""The shared table: one game followed move by move, every phone in its own language.

- :mod:`.store`: the database (SQLAlchemy models, engine, Alembic migrations);
- :mod:`.service`: :class:`Tables`: open, propose, undo, correct, export, import; its
  parts: :mod:`.reading`, :mod:`.opening`, :mod:`.changes`, :mod:`.transfer`,
  :mod:`.refusals`;
- :mod:`.log`: the log file format, replay, undo stack and audit (no database);
- :mod:`.codec`: verdicts stored language-neutral and rendered per reader.

Game-independent: a game is looked up by its ID and used through its public API.
"""

from __future__ import annotations

from .service import Limits, Outcome, TableError, Tables
from .store import make_engine, migrate

__all__ = ["Limits", "Outcome", "TableError", "Tables", "make_engine", "migrate"]
