"""The turn (MP-4xx): who acts, placing or retrieving, and the table after a retrieval."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, Message, Name
from ....core.verdicts import Violation
from ..models import GREY, SPACES, State
from ..moves import BOMB_MOVES, BombMove, CentralMove, EndTurn, Move, PlacingMove, Retrieve
from ..vocab import (
    bomb_place,
    building_place,
    space_name,
)
from . import checks


@checks.move("MP-406", "MP-407", title=N_("Only the active player acts"))
def whose_turn(state: State, move: Move) -> Iterator[Violation]:
    if move.player is not None and move.player != state.turn.active:
        rule = "MP-406" if move.type in BOMB_MOVES else "MP-407"
        yield checks.violation(
            rule,
            N_("It is {active} turn, not {player} turn."),
            "/move/player",
            active=checks.name("colour", state.turn.active, "gen"),
            player=checks.name("colour", move.player, "gen"),
        )


@checks.move("MP-401", title=N_("Place or retrieve, not both"))
def place_or_retrieve(state: State, move: Retrieve) -> Iterator[Violation]:
    if state.turn.placing:
        yield checks.violation(
            "MP-401",
            N_("{player} has already placed or taken a bomb action this turn and cannot retrieve."),
            "/move",
            player=checks.name("colour", state.turn.active),
        )


@checks.move(
    "MP-402",
    title=N_("No worker in supply: retrieve"),
)
def must_retrieve(state: State, move: PlacingMove | BombMove | EndTurn) -> Iterator[Violation]:
    p = state.active
    if not state.turn.placing and p.workers.total() + p.contractors.total() == 0:
        yield checks.violation(
            "MP-402",
            N_("{player} has no worker in the personal supply and must retrieve."),
            "/move",
            player=checks.name("colour", p.colour),
        )


@checks.move("MP-403", title=N_("A retrieval brings back an own worker"))
def retrieve_something(state: State, move: Retrieve) -> Iterator[Violation]:
    colour = state.turn.active
    if not any(pc.colour == colour for pc in state.all_pieces()):
        yield checks.violation(
            "MP-403",
            N_("None of {owner} own workers is out; {player} must place instead."),
            "/move",
            owner=checks.name("colour", colour, "gen"),
            player=checks.name("colour", colour),
        )


@checks.move("MP-404", title=N_("One central placement, first"))
def step_one(state: State, move: CentralMove) -> Iterator[Violation]:
    if state.turn.step != 1:
        yield checks.violation(
            "MP-404",
            N_("The central board is closed for this turn: step 1 is over."),
            "/move",
        )


@checks.move("MP-405", title=N_("A placing turn places a worker"))
def placed_one(state: State, move: EndTurn) -> Iterator[Violation]:
    if state.turn.placed == 0:
        yield checks.violation(
            "MP-405",
            N_("{player} has placed no worker this turn; place one or retrieve."),
            "/move",
            player=checks.name("colour", state.turn.active),
        )


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
