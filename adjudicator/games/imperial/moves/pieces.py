"""What several kinds share about pieces: the units rebuilt after a change, the pieces a
nation has left (IM-505), and what a treasury pays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....core.i18n import N_, Message, N_plural
from ....core.verdicts import Violation
from ..board import NATIONS
from ..logic import supply_left
from ..models import State, Units
from ..registry import checks
from ..vocab import nation_name, unit_name


def rebuild(units: dict[Any, int]) -> list[Units]:
    """The state's unit list from counts by (nation, kind, region, stance)."""
    order = {n: i for i, n in enumerate(NATIONS)}
    out = []
    for (nation, kind, region, stance), n in sorted(
        units.items(), key=lambda kv: (order[kv[0][0]], kv[0][1], kv[0][2], str(kv[0][3]))
    ):
        if n > 0:
            out.append(
                Units.model_construct(
                    nation=nation, kind=kind, region=region, count=n, stance=stance
                )
            )
    return out


def pieces_left(state: State, nation: str, wanted: list[str], path: str) -> Iterator[Violation]:
    """IM-505 for each unit kind of which ``wanted`` asks more than ``nation`` has left."""
    for kind in ("army", "fleet"):
        left = supply_left(state, nation, kind)
        if wanted.count(kind) <= left:
            continue
        if left == 0:
            yield checks.violation(
                "IM-505",
                N_("{nation} has no {kind} piece left."),
                path,
                nation=nation_name(nation),
                kind=unit_name(kind),
            )
        else:
            yield checks.violation(
                "IM-505",
                N_plural(
                    "{nation} has only {count} {kind} piece left.",
                    "{nation} has only {count} {kind} pieces left.",
                ),
                path,
                nation=nation_name(nation),
                count=left,
                kind=unit_name(kind),
            )


def paid(nation: str, amount: int) -> Message:
    """What a nation's treasury pays, said."""
    return checks.message(
        N_("{nation} pays {amount}M from its treasury."), nation=nation_name(nation), amount=amount
    )
