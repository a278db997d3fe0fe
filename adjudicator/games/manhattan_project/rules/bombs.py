"""Bomb actions (MP-9xx): building, testing and loading bombs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import State
from ..vocab import (
    bomb_place,
)
from . import checks


@checks.state("MP-901", title=N_("Workers on built bombs"))
def built_bombs(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, bomb in enumerate(p.bombs):
            kinds = Counter(pc.kind for pc in bomb.occupants)
            if bomb.occupants and (
                kinds["engineer"] != bomb.card.engineers
                or kinds["scientist"] != bomb.card.scientists
                or kinds["laborer"]
            ):
                yield checks.violation(
                    "MP-901",
                    N_("The workers on {where} do not match the card."),
                    f"/players/{i}/bombs/{j}/occupants",
                    where=bomb_place(p.colour, j, bomb.card.kind),
                )
