"""Money (IM-901, IM-902): a player may give money from their own cash to a nation's
treasury, and nothing else moves money between the players and the nations."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import NATIONS
from ..logic import player
from ..models import State, TransferMove
from ..registry import checks
from ..vocab import nation_name
from .turn import Data

KIND = MoveKind(
    TransferMove, checks, section="money", label=N_("Transfer money"), rule="IM-901", listed=False
)


@KIND.check(
    "IM-901",
    "IM-902",
    title=N_("Money moves only from a player to a treasury"),
)
def transfer(state: State, move: TransferMove) -> Iterator[Violation]:
    giver = player(state, move.source)
    if giver is None or move.target not in NATIONS:
        yield checks.violation(
            "IM-901",
            N_(
                "Only a gift from a player's own cash to a nation's "
                "treasury is allowed; no loans or other gifts."
            ),
            "/move",
        )
        return
    if move.amount > giver.cash:
        yield checks.violation(
            "IM-902",
            N_("{player} has only {cash}M to give."),
            "/move/amount",
            player=giver.name,
            cash=giver.cash,
        )


@KIND.apply
def give(before: State, after: State, move: TransferMove) -> list[Message]:
    giver = player(after, move.source)
    giver.cash -= move.amount
    after.nations[move.target].treasury += move.amount
    return [
        checks.message(
            N_("{player} gives {amount}M to {nation}."),
            player=giver.name,
            amount=move.amount,
            nation=nation_name(move.target),
        )
    ]


@KIND.sample
def _sample(state: State, rng: random.Random) -> list[Data]:
    """A small gift from a random player with cash to a random nation."""
    p = rng.choice(state.players)
    if not p.cash or state.opening is not None:
        return []
    amount = rng.randint(1, min(3, p.cash))
    target = rng.choice(NATIONS)
    return [{"type": KIND.type, "source": p.name, "target": target, "amount": amount}]


@KIND.words
def _words(state: State, data: Data) -> Message:
    return checks.message(
        N_("{player} gives {amount}M to {nation}."),
        player=data["source"],
        amount=data["amount"],
        nation=nation_name(data["target"]),
    )
