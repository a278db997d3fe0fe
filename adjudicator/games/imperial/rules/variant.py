"""The variant without the investor card (IM-95x). Its investing after every turn is
judged with the round of investments, in :mod:`.investor` (IM-952)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import State
from ..registry import checks


@checks.state("IM-951", title=N_("The variant without the investor card has none"))
def no_investor_card(state: State) -> Iterator[Violation]:
    if state.variant == "no_investor_card" and state.investor_card is not None:
        yield checks.violation(
            "IM-951",
            N_("In the variant without the investor card, nobody holds the investor card."),
            "/investor_card",
        )
