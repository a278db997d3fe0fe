"""What the options list ("What may I do?") says beside its moves: what it leaves out and
why. The moves listed come from each kind's module (:mod:`.moves`): air strikes one attack
at a time and repairs one damage point at a time (a strike or a repair of several is those
steps together); Design Bomb is not listed, nor building from the market while the deck
refills it, since their moves name the cards the refill reveals, which only the table
knows. A worker placed only to block a space, paying its cost, is listed: on Construction
and Repair always (building or repairing nothing), on a simple space where its action cannot
be taken (``skip``); where it can, declining the action is a choice inside that placement.
"""

from __future__ import annotations

from ...core.i18n import N_, Message
from .models import State
from .vocab import DOMAIN


def notes(state: State) -> list[Message]:
    """What the list leaves out: designing a bomb, whose move needs the refill's cards, and
    building from the market while the deck still refills it."""
    said = []
    if state.building_deck > 0 and any(card is not None for card in state.market):
        said.append(
            Message(
                DOMAIN,
                N_(
                    "Building from the market is not listed: the move names the card drawn "
                    "to refill the market, which only the table can see."
                ),
            )
        )
    bomb = N_(
        "Designing a bomb is not listed: the move names the bomb cards the refill "
        "reveals, which only the table can see."
    )
    block = N_(
        "A worker may be placed only to block a space, paying its cost and declining its "
        "action; such a placement is listed apart only where the action cannot be taken."
    )
    return [*said, Message(DOMAIN, bomb), Message(DOMAIN, block)]
