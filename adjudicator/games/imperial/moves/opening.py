"""The expert opening (IM-308, IM-703, IM-704): nation by nation, each player in turn buys
one bond of the nation on offer, or none (the order is :mod:`..opening`'s; the check that no
turn comes before it is in :mod:`..rules.setup`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ..bonds import opening_choice
from ..logic import bond_supply, game_over, player
from ..models import OpeningMove, State
from ..registry import checks
from ..vocab import nation_name
from .turn import Data

KIND = MoveKind(
    OpeningMove, checks, section="setup", label=N_("Opening bond purchase"), rule="IM-308"
)


@KIND.apply
def choose(before: State, after: State, move: OpeningMove) -> list[Message]:
    msgs: list[Message] = []
    opening_choice(after, move, msgs)
    return msgs


@KIND.enumerate
def offers(state: State) -> Iterator[Data]:
    """No bond, then each bond of the nation on offer."""
    if state.opening is None or game_over(state):
        return
    who, nation = state.opening.player, state.opening.nation
    yield {"type": KIND.type, "player": who, "nation": nation}
    for bond in bond_supply(state, nation):
        yield {"type": KIND.type, "player": who, "nation": nation, "bond": bond}


@KIND.sample
def _sample(state: State, rng: random.Random) -> list[Data]:
    """The chooser's choices: no bond, and up to two bonds it can pay for."""
    if state.opening is None:
        return []
    who, nation = state.opening.player, state.opening.nation
    cash = player(state, who).cash
    base: Data = {"type": KIND.type, "player": who, "nation": nation}
    bonds = [c for c in bond_supply(state, nation) if c <= cash]
    rng.shuffle(bonds)
    out = [{**base, "bond": c} for c in bonds[:2]]
    out.insert(rng.randrange(len(out) + 1), base)
    return out


@KIND.words
def _words(state: State, data: Data) -> Message:
    """An opening purchase, said as its effect says it."""
    if data.get("bond") is None:
        return checks.message(
            N_("{player} buys no bond of {nation}."),
            player=data["player"],
            nation=nation_name(data["nation"]),
        )
    return checks.message(
        N_("{player} buys the {cost}M bond of {nation} for {price}M."),
        player=data["player"],
        cost=data["bond"],
        price=data["bond"],
        nation=nation_name(data["nation"]),
    )
