"""The central board (MP-5xx): occupancy, worker types, costs and outputs, Construction."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import (
    SPACE_ALLOWED,
    SPACE_SPECS,
)
from ..logic import (
    fits,
    general_supply,
    lacking_worker,
    short_of,
    slot_price,
    target_building,
)
from ..models import GREY, SPACES, Amounts, State
from ..moves import (
    AirStrike,
    BuildBomb,
    CentralMove,
    Construct,
    DesignBomb,
    PlaceBuilding,
    PlaceCentral,
    PlacingMove,
    Repair,
    WorkerRef,
)
from ..vocab import (
    allowed_name,
    amounts,
    slot_place,
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
    return {"construct": "construction", "repair": "repair", "design_bomb": "design_bomb"}[
        move.type
    ]


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


@checks.move("MP-502", title=N_("Worker type of a space"))
def space_worker_type(state: State, move: PlaceCentral) -> Iterator[Violation]:
    allowed = SPACE_SPECS[move.space].allowed
    if allowed is not None and move.worker.kind not in allowed:
        yield checks.violation(
            "MP-502",
            N_("{space} takes only {allowed}."),
            "/move/worker/kind",
            space=space_name(move.space),
            allowed=allowed_name(allowed, "pl_acc"),
        )


@checks.move(
    "MP-504",
    "MP-512",
    "MP-513",
    "MP-514",
    "MP-515",
    "MP-517",
    "MP-518",
    "MP-519",
    title=N_("Cost and output of a central space"),
)
def space_cost(state: State, move: PlaceCentral) -> Iterator[Violation]:
    spec = SPACE_SPECS[move.space]
    lacking = short_of(state.active, spec.cost)
    if lacking is not None:
        yield checks.violation(
            "MP-504" if move.skip else spec.rule,
            N_("{space} costs {cost}; {player} does not have enough {what}."),
            "/move/space",
            space=space_name(move.space),
            cost=amounts(spec.cost),
            player=checks.name("colour", state.turn.active),
            what=checks.name("resource", lacking),
        )
    n = len(spec.outputs)
    if (move.output is not None and move.output >= n) or (move.output is None and n > 1):
        yield checks.violation(
            spec.rule,
            N_plural(
                "{space} offers {count} output option; choose it.",
                "{space} offers {count} output options; choose one of them.",
            ),
            "/move/output",
            space=space_name(move.space),
            count=n,
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


@checks.move("MP-505", "MP-510", "MP-511", title=N_("Building from the market"))
def construct_check(state: State, move: Construct) -> Iterator[Violation]:
    p = state.active
    if move.slot is None:
        if move.drawn is not None:
            yield checks.violation(
                "MP-511", N_("No building is taken, so no card is drawn."), "/move/drawn"
            )
        return
    if move.slot >= len(state.market) or state.market[move.slot] is None:
        yield checks.violation(
            "MP-510",
            N_("The market slot {slot} holds no building."),
            "/move/slot",
            slot=move.slot + 1,
        )
        return
    price = slot_price(state, move.slot, move.worker.kind)
    if p.money < price:
        rule = "MP-505" if move.slot == 0 and p.money + state.bribe >= price else "MP-510"
        yield checks.violation(
            rule,
            N_("The building in {slot} costs ${price}; {player} has ${money}."),
            "/move/slot",
            slot=slot_place(move.slot, slot_price(state, move.slot)),
            price=price,
            player=checks.name("colour", p.colour),
            money=p.money,
        )
    if not state.building_deck and move.drawn is not None:
        yield checks.violation(
            "MP-511",
            N_("The building deck is empty, so no card is revealed for the $20 slot."),
            "/move/drawn",
        )
    elif state.building_deck and move.drawn is None:
        yield checks.violation(
            "MP-511",
            N_plural(
                "The deck has {count} building card: the move must name the card revealed "
                "for the $20 slot.",
                "The deck has {count} building cards: the move must name the card revealed "
                "for the $20 slot.",
            ),
            "/move/drawn",
            count=state.building_deck,
        )
