"""The legal alternatives to an illegal move: the listed legal moves (:mod:`.moves`) nearest
to it first (the same kind, on the same kind of space, against the same target; for a strike
that names attacks, strikes that name some), one for each offer whatever worker makes it."""

from __future__ import annotations

from typing import Any

from ...core.verdicts import Alternative
from .models import State
from .moves import book

#: At most this many alternatives.
MOST = 8


def _same_offer(data: dict[str, Any]) -> tuple[Any, ...]:
    """What an alternative offers, whatever worker does it (one offer per place)."""
    attacks = tuple(
        (a.get("kind"), a.get("target"), a.get("aircraft"), a.get("building"))
        for a in data.get("attacks") or ()
    )
    return (
        data["type"],
        data.get("space"),
        data.get("slot"),
        data.get("owner"),
        data.get("building"),
        data.get("card"),
        data.get("bomb"),
        attacks,
    )


def alternatives(state: State, move: Any) -> list[Alternative]:
    every = list(book.candidates(state))
    prefix = str(getattr(move, "space", "")).split("_")[0]
    attacks = getattr(move, "attacks", None) or []
    target = attacks[0].target if attacks else None

    def closeness(c: dict[str, Any]) -> tuple[bool, bool]:
        hits = [a.get("target") for a in c.get("attacks") or ()]
        same_space = bool(prefix) and str(c.get("space", "")).startswith(prefix)
        return (not same_space, target not in hits)

    # an alternative to a strike that names attacks names attacks too
    same = sorted(
        (c for c in every if c["type"] == move.type and (c.get("attacks") or not attacks)),
        key=closeness,
    )
    others = [c for c in every if c["type"] != move.type]
    found: list[Alternative] = []
    shown: set[tuple[Any, ...]] = set()
    for data in same + others:
        data = {k: v for k, v in data.items() if v is not None}
        key = _same_offer(data)
        if key in shown or not book.is_legal(state, data):
            continue
        shown.add(key)
        found.append(Alternative(data, book.describe(state, data)))
        if len(found) >= MOST:
            break
    return found
