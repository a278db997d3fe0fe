"""Quarantine's kinds of move, one module a kind (its class, checks, effect, listing and
words), and the book that gathers them in the order a round offers them: the move union,
``apply``, the options list and the sampler's moves are derived from it
(:mod:`adjudicator.core.moves`). The checks that concern several kinds are in
:mod:`.several_kinds` and :mod:`.tile_placement`."""

from __future__ import annotations

from typing import Any

from ....core.checks import move_types
from ....core.i18n import Message
from ....core.moves import MoveBook
from .. import engine
from .. import vocab as words
from ..models import State
from ..options import notes
from ..rules import checks
from . import (
    admit,
    buy_special,
    buy_treatment,
    cafeteria,
    claim_contract,
    contract,
    disinfect,
    end_round,
    gift_shop,
    move_patients,
    pathology,
    pharmacy,
    place_grey,
    place_patient,
    place_set_aside,
    renovate,
    take_marker,
    treat,
)
from .several_kinds import ACTION_MOVES, Move
from .tile_placement import NewTile, TilePlacement

#: The types of the moves after which every player may have changed.
EVERYONE = move_types(end_round.EndRound)


def _frame(state: State, move: Any, effect: engine.Effect) -> tuple[State, list[Message]]:
    return engine.frame(state, move, effect, actions=ACTION_MOVES, everyone=EVERYONE)


book = MoveBook(
    checks,
    (
        place_patient.KIND,
        place_grey.KIND,
        admit.KIND,
        treat.KIND,
        contract.KIND,
        buy_special.KIND,
        buy_treatment.KIND,
        claim_contract.KIND,
        move_patients.KIND,
        take_marker.KIND,
        disinfect.KIND,
        renovate.KIND,
        pathology.KIND,
        pharmacy.KIND,
        gift_shop.KIND,
        cafeteria.KIND,
        place_set_aside.KIND,
        end_round.KIND,
    ),
    frame=_frame,
    notes=notes,
    over=lambda state: bool(state.end.over),
    name=words.move_name,
)

__all__ = ["ACTION_MOVES", "Move", "NewTile", "TilePlacement", "book"]
