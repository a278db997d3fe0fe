"""Money (IM-9xx): a player may give money to a treasury, and nothing else."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..board import NATIONS
from ..logic import player
from ..models import State, TransferMove
from . import checks


@checks.move(
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
