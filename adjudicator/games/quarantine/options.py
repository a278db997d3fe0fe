"""What the options list ("What may I do?") says beside its moves: how the actions are
counted, and what it shows of the choices it does not spell out. The moves listed come
from each kind's module (:mod:`.moves`)."""

from __future__ import annotations

from ...core.i18n import N_, Message, N_plural
from . import vocab as words
from .models import State
from .rules.common import active


def notes(state: State) -> list[Message]:
    """How the actions are counted, and what the list shows of the choices it does not
    spell out."""
    r = state.round
    _, me = active(state)
    left = 4 + r.markers_spent - r.actions_used
    budget = (
        words.say(
            N_plural(
                "Each action uses one of the round's actions: {player} has {count} left, then "
                "the extra-action markers held.",
                "Each action uses one of the round's actions: {player} has {count} left, then "
                "the extra-action markers held.",
            ),
            player=me.name,
            count=left,
        )
        if left > 0
        else words.say(
            N_(
                "{player} has used the round's actions: each further action spends an "
                "extra-action marker."
            ),
            player=me.name,
        )
    )
    return [
        budget,
        words.say(
            N_(
                "A bought or claimed tile is listed kept beside the hospital, and an extra "
                "treatment room on the first square where it fits with doors on all sides: "
                "where a tile can go depends on the doors printed on it, so ask about a "
                "placement with the move editor."
            )
        ),
        words.say(
            N_(
                "A contract is listed at the lowest price, 2 cubes of the personal supply: any 2 "
                "or more patient cubes will do. The waiting line is listed with one patient moved "
                "(a working Triage allows any order), and a renovation with one tile lifted or "
                "turned (it may change up to 2 tiles)."
            )
        ),
    ]
