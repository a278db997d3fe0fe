"""Taxation (IM-8xx): the tax chart (the taxation itself is a kind of move:
:mod:`..moves.taxation`)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import State
from ..registry import checks
from ..vocab import nation_name


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
