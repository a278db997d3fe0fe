"""The turn (MP-4xx): who acts, placing or retrieving, and the table after a retrieval."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, Message, Name
from ....core.verdicts import Violation
from ..models import GREY, SPACES, State
from ..vocab import (
    bomb_place,
    building_place,
    space_name,
)
from . import checks


@checks.state("MP-408", "MP-409", title=N_("The table after a retrieval"))
def after_retrieval(state: State) -> Iterator[Violation]:
    if state.turn.previous != "retrieve" or state.turn.placing:
        return
    seat = state.seat(state.turn.active)
    i = (seat - 1) % len(state.players)
    prev = state.players[i]
    who = checks.name("colour", prev.colour, "gen")
    for name in SPACES:
        for piece in state.board.space(name):
            if piece.colour in (prev.colour, GREY):
                yield still_out(who, piece.colour, space_name(name), f"/board/{name}")
                break
    for k, other in enumerate(state.players):
        for j, b in enumerate(other.buildings):
            if k == i and b.occupants:
                yield checks.violation(
                    "MP-409",
                    N_("After {owner} retrieval, workers are still on {where}."),
                    f"/players/{i}/buildings/{j}/occupants",
                    owner=who,
                    where=building_place(other.colour, j, b.kind),
                )
            elif k != i and any(pc.colour == prev.colour for pc in b.occupants):
                yield still_out(
                    who,
                    prev.colour,
                    building_place(other.colour, j, b.kind),
                    f"/players/{k}/buildings/{j}/occupants",
                )
    if prev.contractors.total():
        yield checks.violation(
            "MP-408",
            N_("After {owner} retrieval, contractors are still in that player's personal supply."),
            f"/players/{i}/contractors",
            owner=who,
        )
    for j, bomb in enumerate(prev.bombs):
        if bomb.occupants:
            yield checks.violation(
                "MP-409",
                N_("After {owner} retrieval, workers are still on {where}."),
                f"/players/{i}/bombs/{j}/occupants",
                owner=who,
                where=bomb_place(prev.colour, j, bomb.card.kind),
            )
    if prev.test is not None and prev.test.occupants:
        yield checks.violation(
            "MP-409",
            N_("After {owner} retrieval, workers are still on that player's test marker."),
            f"/players/{i}/test/occupants",
            owner=who,
        )


def still_out(who: Message | Name, colour: str, where: Message | Name, path: str) -> Violation:
    """MP-408: a worker of the retrieving player, or a contractor, left somewhere."""
    if colour == GREY:
        return checks.violation(
            "MP-408",
            N_("After {owner} retrieval, a contractor is still on {where}."),
            path,
            owner=who,
            where=where,
        )
    return checks.violation(
        "MP-408",
        N_("After {owner} retrieval, one of that player's workers is still on {where}."),
        path,
        owner=who,
        where=where,
    )
