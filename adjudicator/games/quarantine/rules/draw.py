"""Section ``draw`` of rules.toml (QU-5xx): drawing cubes and placing them."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..models import State
from . import checks


@checks.state("QU-501", title=N_("Four cubes a round"))
def draw_count(state: State) -> Iterator[Violation]:
    if state.round.draws > 4:
        yield checks.violation(
            "QU-501",
            N_("{count} cubes were drawn this round; the limit is 4."),
            "/round/draws",
            count=state.round.draws,
        )


@checks.state("QU-504", title=N_("No grey cube in a waiting line"))
def grey_in_line(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for k, cube in enumerate(p.line):
            if cube == "grey":
                yield checks.violation(
                    "QU-504",
                    N_("{player}'s waiting line holds a grey cube."),
                    f"/players/{i}/line/{k}",
                    player=p.name,
                )
