"""Imperial's kinds of move, one module a kind, in the rondel's order (the order of the
options list): :mod:`.factory`, :mod:`.production`, :mod:`.maneuver`, :mod:`.investor`,
:mod:`.imports`, :mod:`.taxation`; the expert :mod:`.opening`; a gift (:mod:`.transfer`).
What a rondel turn adds around its action (the space, its cost, the investing) is
:mod:`.turn`'s, the frame of the book. A new kind is one new module imported here."""

from __future__ import annotations

from . import factory, imports, investor, maneuver, opening, production, taxation, transfer
from .maneuver import allowed_by
from .turn import book, mover, player_to_move, reachable

book.arrange(
    factory.kind,
    production.kind,
    maneuver.kind,
    investor.kind,
    imports.kind,
    taxation.kind,
    opening.kind,
    transfer.kind,
)

__all__ = [
    "allowed_by",
    "book",
    "factory",
    "imports",
    "investor",
    "maneuver",
    "mover",
    "opening",
    "player_to_move",
    "production",
    "reachable",
    "taxation",
    "transfer",
]
