"""Taxation (IM-8xx): the tax chart, the taxation figures, and the end of the game at a
taxation."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..logic import game_over, tax_result
from ..models import State, TaxationMove
from ..vocab import nation_name
from . import checks

#: Words put into messages (the taxation figures), translated in the message's language.
WORDS = {
    "revenue": N_("revenue"),
    "tax": N_("tax chart space"),
    "bonus": N_("success bonus"),
    "power_points": N_("power points added"),
    "income": N_("income to the treasury"),
}


def word(value: object) -> object:
    """``value`` as a translatable word when it is one of :data:`WORDS`."""
    text = WORDS.get(str(value))
    return checks.message(text) if text else value


@checks.state("IM-802", title=N_("The tax marker is on the chart"))
def tax_chart(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if not 5 <= n.tax <= 15:
            yield checks.violation(
                "IM-802",
                N_("{nation}'s tax marker is at {tax}; the chart runs from 5 to 15."),
                f"/nations/{nid}/tax",
                nation=nation_name(nid),
                tax=n.tax,
            )


_CLAIMS = (
    ("revenue", "IM-801"),
    ("tax", "IM-802"),
    ("bonus", "IM-803"),
    ("power_points", "IM-804"),
    ("income", "IM-805"),
)


@checks.move(
    "IM-801",
    "IM-802",
    "IM-803",
    "IM-804",
    "IM-805",
    title=N_("The taxation figures"),
)
def taxation(state: State, move: TaxationMove) -> Iterator[Violation]:
    if move.claim is None:
        return
    result = tax_result(state, move.nation)
    for key, rule in _CLAIMS:
        claimed = getattr(move.claim, key)
        if claimed is not None and claimed != result[key]:
            yield checks.violation(
                rule,
                N_("The {what} is {actual}, not {claimed}."),
                f"/move/claim/{key}",
                what=word(key),
                actual=result[key],
                claimed=claimed,
            )


@checks.effect("IM-806", title=N_("No investing after the game has ended"))
def ended(before: State, move: TaxationMove, after: State) -> Iterator[Violation]:
    if game_over(after) and move.investments and before.variant == "standard":
        yield checks.violation(
            "IM-806",
            N_(
                "The game ended at this taxation, so passing the "
                "Investor space brings no investing."
            ),
            "/move/investments",
        )
