"""The checks that concern several kinds of move (the end of the game, whose turn it is,
the order of a turn, the workers placed) and the unions of move classes they are typed by."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import Field

from ....core.checks import move_types
from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import SPACE_SPECS
from ..logic import (
    general_supply,
    lacking_worker,
    points,
    target,
)
from ..models import (
    Amounts,
    State,
    WorkerRef,
)
from ..rules import checks
from ..vocab import (
    space_name,
    worker_name,
)
from .air_strike import AirStrike
from .build_bomb import BuildBomb
from .construct import Construct
from .design_bomb import DesignBomb
from .end_turn import EndTurn
from .load_bomb import LoadBomb
from .negotiate import Negotiate
from .place_building import PlaceBuilding, target_building
from .place_central import PlaceCentral
from .repair import Repair
from .retrieve import Retrieve
from .test_bomb import TestBomb

CentralMove = PlaceCentral | Construct | AirStrike | Repair | DesignBomb
"""The moves of step 1, each taking a space of the central board."""


PlacingMove = CentralMove | PlaceBuilding
"""The moves that place workers from the personal supply."""


BombMove = BuildBomb | TestBomb | LoadBomb


AnyMove = PlacingMove | BombMove | Negotiate | EndTurn | Retrieve


Move = Annotated[AnyMove, Field(discriminator="type")]


MOVE_TYPES = move_types(AnyMove)


CENTRAL_MOVES = move_types(CentralMove)


PLACING_MOVES = move_types(PlacingMove)


BOMB_MOVES = move_types(BombMove)


@checks.move("MP-103", title=N_("No move after the game has ended"))
def game_over(state: State, move: Move) -> Iterator[Violation]:
    goal = target(state)
    for p in state.players:
        if points(p) >= goal:
            yield checks.violation(
                "MP-103",
                N_("The game is over: {player} has reached {target} points."),
                "/move",
                player=checks.name("colour", p.colour),
                target=goal,
            )
            return
    if state.game_over:
        yield checks.violation("MP-103", N_("The game is over: no move can follow."), "/move")


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


@checks.move("MP-404", title=N_("One central placement, first"))
def step_one(state: State, move: CentralMove) -> Iterator[Violation]:
    if state.turn.step != 1:
        yield checks.violation(
            "MP-404",
            N_("The central board is closed for this turn: step 1 is over."),
            "/move",
        )


def _workers_of(move: Any) -> list[WorkerRef]:
    if isinstance(move, PlaceCentral | Construct | AirStrike | Repair):
        return [move.worker]
    if isinstance(move, DesignBomb | PlaceBuilding | BuildBomb):
        return list(move.workers)
    return []


@checks.move("MP-503", title=N_("Workers come from the personal supply"))
def from_supply(state: State, move: PlacingMove) -> Iterator[Violation]:
    lacking = lacking_worker(state.active, _workers_of(move))
    if lacking is not None:
        yield checks.violation(
            "MP-503",
            N_("{player} has not enough {kind} in the personal supply."),
            "/move",
            player=checks.name("colour", state.turn.active),
            kind=worker_name(lacking, "pl"),
        )


def _space_of(move: Any) -> str:
    if isinstance(move, PlaceCentral | AirStrike):
        return move.space
    return move.SPACE


@checks.move("MP-501", title=N_("One worker per space"))
def space_free(state: State, move: CentralMove) -> Iterator[Violation]:
    space = _space_of(move)
    if space != "construction" and state.board.space(space):
        yield checks.violation(
            "MP-501",
            N_("{space} is already occupied."),
            "/move/space" if hasattr(move, "space") else "/move",
            space=space_name(space),
        )


def _gained_workers(output: Amounts | dict[str, int]) -> tuple[str, int] | None:
    items = output.items()
    for what, amount in items:
        if what in ("laborers", "engineers", "scientists"):
            return what[:-1], amount
    return None


def _contractor_problem(state: State, output: Any, contractors: int | None) -> str | None:
    gained = _gained_workers(output)
    if contractors is None:
        return None
    if gained is None:
        return "none" if contractors else None
    kind, n = gained
    own, grey = general_supply(state, state.turn.active, kind)
    if contractors > n or contractors > grey or n - contractors > own:
        return kind
    return None


@checks.move(
    "MP-516",
    title=N_("Workers gained come from the general supply"),
)
def gained_workers(state: State, move: PlaceCentral | PlaceBuilding) -> Iterator[Violation]:
    if move.skip:
        return
    if isinstance(move, PlaceCentral):
        outputs = SPACE_SPECS[move.space].outputs
        output: Any = outputs[min(move.output or 0, len(outputs) - 1)]
    else:
        b = target_building(state, move)
        if b is None or move.output >= len(b.outputs):
            return
        output = b.outputs[move.output]
    bad = _contractor_problem(state, output, move.contractors)
    if bad is not None and not move.contractors:
        yield checks.violation(
            "MP-516",
            N_(
                "The general supply has not enough workers in {owner} colour for this gain, "
                "and the move takes no contractor."
            ),
            "/move/contractors",
            owner=checks.name("colour", state.turn.active, "gen"),
        )
    elif bad is not None:
        yield checks.violation(
            "MP-516",
            N_plural(
                "The general supply cannot give {count} contractor with the rest in {owner} "
                "colour.",
                "The general supply cannot give {count} contractors with the rest in {owner} "
                "colour.",
            ),
            "/move/contractors",
            count=move.contractors,
            owner=checks.name("colour", state.turn.active, "gen"),
        )
