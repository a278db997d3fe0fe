"""Imperial's kinds of move, one module a kind, gathered in the book in the rondel's order
(the order of the options list): :mod:`.factory`, :mod:`.production`, :mod:`.maneuver`,
:mod:`.investor`, :mod:`.imports`, :mod:`.taxation`; the expert :mod:`.opening`; a gift
(:mod:`.transfer`). What a rondel turn adds around its action (the space, its cost, the
investing) is :mod:`.turn`'s, the book's frame. A new kind is one new module added here."""

from __future__ import annotations

from ....core.i18n import N_, Message
from ....core.moves import MoveBook
from ..logic import action_of, game_over
from ..models import State
from ..registry import checks
from ..vocab import space_name
from . import factory, imports, investor, maneuver, opening, production, taxation, transfer
from .maneuver import allowed_by
from .turn import frame, mover, player_to_move, reachable


def notes(state: State) -> list[Message]:
    """What the options list combines from its pieces, and what it leaves out."""
    if game_over(state) or state.opening is not None:
        return []
    said = [
        N_(
            "A maneuver is listed one unit at a time, each move with the battle it may call "
            "where it arrives. One maneuver moves any number of units, fleets first, each "
            "as listed, and fights any number of battles."
        ),
        N_(
            "Imports are listed one unit at a time; each entry says which units may be "
            "added to it: one import brings up to 3 units, 1M each."
        ),
        N_(
            "Bonds are listed one purchase at a time: in one round each investor may buy one, "
            "one after the other in seat order, with what is left."
        ),
        N_("Gifts from a player's cash to a treasury are not listed: any player may make one."),
    ]
    out = [checks.message(text) for text in said]
    nation = mover(state)
    spaces = (
        [s for s in reachable(state, nation) if action_of(s) == maneuver.KIND.type]
        if nation
        else []
    )
    if len(spaces) == 2:
        out.insert(
            1,
            checks.message(
                N_("The unit moves are listed at {space}; they are the same at {other}."),
                space=space_name(spaces[0]),
                other=space_name(spaces[1]),
            ),
        )
    return out


book = MoveBook(
    checks,
    (
        factory.KIND,
        production.KIND,
        maneuver.KIND,
        investor.KIND,
        imports.KIND,
        taxation.KIND,
        opening.KIND,
        transfer.KIND,
    ),
    frame=frame,
    notes=notes,
    over=game_over,
)

__all__ = ["allowed_by", "book", "mover", "player_to_move", "reachable"]
