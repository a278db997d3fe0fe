"""Section ``scoring`` of rules.toml (QU-8xx): the score checks (the scorer is ``scoring.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import State
from ..scoring import details, player_list, rank_key
from . import checks


@checks.score("QU-801", title=N_("Scoring"))
def not_over(state: State) -> Iterator[Violation]:
    if not state.end.over:
        yield checks.violation(
            "QU-801", N_("The game is not over yet: these scores are provisional."), "/end/over"
        )


@checks.score("QU-802", title=N_("Tie-breaks"))
def unbroken_tie(state: State) -> Iterator[Violation]:
    table = {p.name: details(state, i) for i, p in enumerate(state.players)}
    best = min(rank_key(row) for row in table.values())
    tied = [n for n in table if rank_key(table[n]) == best]
    if len(tied) > 1:
        yield checks.violation(
            "QU-802",
            N_("{players} are still tied after both tie-breaks: they share the victory."),
            "/players",
            players=player_list(tied),
        )
