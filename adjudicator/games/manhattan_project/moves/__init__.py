"""The Manhattan Project's kinds of move, one module a kind (its class, checks, effect,
listing, sampling and words), and the book that gathers them in the order a turn offers
them: the move union, ``apply``, the options list and the sampler's moves are derived from
it (:mod:`adjudicator.core.moves`). The checks that concern several kinds are in
:mod:`.several_kinds`."""

from __future__ import annotations

from ....core.i18n import Name
from ....core.moves import MoveBook
from .. import engine
from ..options import notes
from ..rules import checks
from ..vocab import DOMAIN
from . import (
    air_strike,
    build_bomb,
    construct,
    design_bomb,
    end_turn,
    load_bomb,
    negotiate,
    place_building,
    place_central,
    repair,
    retrieve,
    test_bomb,
)
from .several_kinds import BOMB_MOVES, CENTRAL_MOVES, MOVE_TYPES, PLACING_MOVES, Move

book = MoveBook(
    checks,
    (
        place_central.KIND,
        construct.KIND,
        air_strike.KIND,
        repair.KIND,
        design_bomb.KIND,
        place_building.KIND,
        build_bomb.KIND,
        test_bomb.KIND,
        load_bomb.KIND,
        negotiate.KIND,
        end_turn.KIND,
        retrieve.KIND,
    ),
    frame=engine.frame,
    notes=notes,
    name=lambda move_type: Name(DOMAIN, "move", move_type),
)

__all__ = ["BOMB_MOVES", "CENTRAL_MOVES", "MOVE_TYPES", "PLACING_MOVES", "Move", "book"]
