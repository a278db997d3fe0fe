# ruff: noqa: E501
"""Section ``market`` of rules.toml (QU-610 to QU-620): contracts, claiming and buying."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import COLOURS, State
from ..vocab import colour, cube_list, room
from . import checks


@checks.state("QU-610", title=N_("A contract price is two or more patient cubes"))
def prices(state: State) -> Iterator[Violation]:
    heaps = [(f"/market/{j}/price", s.price, False) for j, s in enumerate(state.market)]
    for i, p in enumerate(state.players):
        heaps += [
            (f"/players/{i}/contracts/{k}/price", c.price, True) for k, c in enumerate(p.contracts)
        ]
    for path, price, required in heaps:
        total = price.total()
        if price.grey or (total < 2 and (required or total)):
            yield checks.violation(
                "QU-610",
                N_(
                    "A contract price of {cubes} is not allowed: it takes 2 or more patient cubes and no grey cube."
                ),
                path,
                cubes=cube_list(price, (*COLOURS, "grey")),
            )


@checks.state("QU-614", title=N_("Claiming a contract on the next round"))
def claimable(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.name == state.round.active:
            continue
        for k, c in enumerate(p.contracts):
            if c.claimable:
                yield checks.violation(
                    "QU-614",
                    N_(
                        "{player}'s contract for {kind} is claimable, but it is not {player}'s round."
                    ),
                    f"/players/{i}/contracts/{k}/claimable",
                    player=p.name,
                    kind=room(c.kind, "gen"),
                )


@checks.state("QU-618", title=N_("Not the same special room twice in a round"))
def bought_twice(state: State) -> Iterator[Violation]:
    for kind, n in Counter(state.round.bought_special).items():
        if n > 1:
            yield checks.violation(
                "QU-618",
                N_("{kind} was bought {count} times this round; once is the limit."),
                "/round/bought_special",
                kind=room(kind, "gen"),
                count=n,
            )


@checks.state("QU-620", title=N_("Not two extra rooms of one colour in a round"))
def treatment_twice(state: State) -> Iterator[Violation]:
    for c, n in Counter(state.round.bought_treatment).items():
        if n > 1:
            yield checks.violation(
                "QU-620",
                N_(
                    "{count} extra {colour} treatment rooms were bought this round; one is the limit."
                ),
                "/round/bought_treatment",
                colour=colour(c, "rooms"),
                count=n,
            )
