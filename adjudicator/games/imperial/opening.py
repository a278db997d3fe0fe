"""The order of the expert variant's opening: nation by nation, each player may buy one
bond or pass.

The state's ``opening`` says whose bonds are on offer and who chooses next; an
``opening`` move is that player's choice (checked in :mod:`.rules.setup`, applied by
:mod:`.engine`). When Russia's bonds have been offered to every player, the players
without a government take a Swiss bank, the investor card is dealt and the first nation
with a government moves.
"""

from __future__ import annotations

from .board import NATIONS
from .models import Opening, State


def starter(state: State, first: str, nation: str) -> str:
    """Who is offered ``nation``'s bonds first: the drawn player for Austria-Hungary, and
    one seat further clockwise for each nation after it."""
    names = [p.name for p in state.players]
    return names[(names.index(first) + NATIONS.index(nation)) % len(names)]


def following(state: State, opening: Opening) -> Opening | None:
    """The offer after ``opening.player``'s choice, or ``None`` when the opening is over."""
    names = [p.name for p in state.players]
    after = names[(names.index(opening.player) + 1) % len(names)]
    if after != starter(state, opening.first, opening.nation):
        return opening.model_copy(update={"player": after})
    position = NATIONS.index(opening.nation)
    if position == len(NATIONS) - 1:
        return None
    nation = NATIONS[position + 1]
    return opening.model_copy(
        update={"nation": nation, "player": starter(state, opening.first, nation)}
    )
