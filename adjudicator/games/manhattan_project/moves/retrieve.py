"""Retrieve workers: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..engine import next_turn
from ..models import (
    GREY,
    SPACES,
    MoveBase,
    Piece,
    Player,
    State,
)
from ..rules import checks
from ..snapshot import own_pieces
from ..supply import PLURAL
from ..vocab import message

Candidate = dict[str, Any]
Data = dict[str, Any]


class Retrieve(MoveBase):
    type: Literal["retrieve"]


KIND = MoveKind(Retrieve, checks, section="turn", label=N_("Retrieve workers"), weight=0.3)


@KIND.check("MP-401", title=N_("Place or retrieve, not both"))
def place_or_retrieve(state: State, move: Retrieve) -> Iterator[Violation]:
    if state.turn.placing:
        yield checks.violation(
            "MP-401",
            N_("{player} has already placed or taken a bomb action this turn and cannot retrieve."),
            "/move",
            player=checks.name("colour", state.turn.active),
        )


@KIND.check("MP-403", title=N_("A retrieval brings back an own worker"))
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


@KIND.apply
def effect(new: State, p: Player, move: Retrieve, out: list[Message]) -> None:
    own_pieces(new)

    def home(pieces: list[Piece], *, keep_others: bool) -> list[Piece]:
        kept = []
        for pc in pieces:
            if pc.colour == GREY:
                if keep_others:
                    kept.append(pc)
                continue
            owner = new.player(pc.colour)
            if pc.colour == p.colour or not keep_others:
                assert owner is not None
                setattr(owner.workers, PLURAL[pc.kind], owner.workers.get(pc.kind) + 1)
            else:
                kept.append(pc)
        return kept

    # step 1 and 3: the central board
    for name in SPACES:
        space = new.board.space(name)
        space[:] = [pc for pc in home(space, keep_others=True) if pc.colour != GREY]
    # step 1: own workers on opponents' buildings; step 2: everything on own cards
    for q in new.players:
        for b in q.buildings:
            b.occupants = home(b.occupants, keep_others=q is not p)
    for bomb in p.bombs:
        bomb.occupants = home(bomb.occupants, keep_others=False)
    if p.test is not None:
        p.test.occupants = home(p.test.occupants, keep_others=False)
    p.contractors.laborers = p.contractors.engineers = p.contractors.scientists = 0
    out.append(
        checks.message(N_("{player} retrieves workers."), player=checks.name("colour", p.colour))
    )
    next_turn(new, "retrieve")


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return message(N_("Retrieve your workers."))
