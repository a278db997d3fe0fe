"""The central board (MP-5xx): occupancy, worker types, costs and outputs, Construction."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import (
    SPACE_ALLOWED,
)
from ..logic import (
    fits,
)
from ..models import GREY, SPACES, State
from ..vocab import (
    allowed_name,
    space_name,
    worker_name,
)
from . import checks


@checks.state("MP-501", "MP-502", "MP-521", title=N_("Occupancy of the central board"))
def board_occupancy(state: State) -> Iterator[Violation]:
    for name in SPACES:
        pieces = state.board.space(name)
        if name == "construction" or not pieces:
            continue
        if name == "design_bomb":
            if len(pieces) > 2:
                yield crowded(name, len(pieces))
            elif not fits([pc.kind for pc in pieces], ["engineer", "scientist"], partial=True):
                yield checks.violation(
                    "MP-521",
                    N_("Design Bomb holds exactly one engineer and one scientist."),
                    f"/board/{name}",
                )
            elif len(pieces) == 1 and pieces[0].colour == GREY:
                yield checks.violation(
                    "MP-521",
                    N_(
                        "A contractor stands alone on Design Bomb; a worker stays there alone "
                        "only when its partner was a contractor sent back by a retrieval."
                    ),
                    f"/board/{name}/0",
                )
            continue
        if len(pieces) > 1:
            yield crowded(name, len(pieces))
        allowed = SPACE_ALLOWED.get(name)
        if allowed is not None:
            for j, pc in enumerate(pieces):
                if pc.kind not in allowed:
                    yield checks.violation(
                        "MP-502",
                        N_("One {kind} is on {space}, which takes only {allowed}."),
                        f"/board/{name}/{j}",
                        kind=worker_name(pc.kind),
                        space=space_name(name),
                        allowed=allowed_name(allowed, "pl_acc"),
                    )


def crowded(name: str, n: int) -> Violation:
    """MP-501: more workers on a space than it holds."""
    return checks.violation(
        "MP-501",
        N_plural(
            "{count} worker is on {space}; it holds one at a time.",
            "{count} workers are on {space}; it holds one at a time.",
        )
        if name != "design_bomb"
        else N_plural(
            "{count} worker is on {space}; it holds one engineer and one scientist.",
            "{count} workers are on {space}; it holds one engineer and one scientist.",
        ),
        f"/board/{name}",
        count=n,
        space=space_name(name),
    )
