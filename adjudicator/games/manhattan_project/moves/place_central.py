"""Place a worker on the central board: the move, its checks, effect, listing and words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, StrictBool

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..data import (
    SPACE_SPECS,
)
from ..engine import mark_placed
from ..logic import (
    WORKER_KEYS,
    short_of,
)
from ..models import (
    MoveBase,
    Player,
    SimpleSpace,
    Small,
    State,
    WorkerRef,
)
from ..rules import checks
from ..staffing import central_workers, worker_options
from ..supply import gain, pay, take
from ..vocab import allowed_name, amounts, message, space_name
from ..wording import (
    said_gain,
    said_worker,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class PlaceCentral(MoveBase):
    """Step 1: one worker on a central-board space that produces something."""

    type: Literal["place_central"]
    space: SimpleSpace
    worker: WorkerRef
    skip: StrictBool = Field(False, description="place and pay, but decline the action")
    output: Small | None = Field(None, description="which '/' output option")
    contractors: Small | None = Field(None, description="universities: how many gained are grey")


KIND = MoveKind(
    PlaceCentral,
    checks,
    section="central",
    label=N_("Place a worker on the central board"),
    weight=1.0,
)


@KIND.check("MP-502", title=N_("Worker type of a space"))
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


@KIND.check(
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


@KIND.apply
def effect(new: State, p: Player, move: PlaceCentral, out: list[Message]) -> None:
    spec = SPACE_SPECS[move.space]
    new.board.space(move.space).extend(take(p, [move.worker]))
    pay(p, spec.cost)
    if not move.skip:
        gain(new, p, spec.outputs[move.output or 0], move.contractors, out)
        if move.space == "espionage":
            new.turn.espionage = True
    for q in new.players:
        if q is not p:
            gain(new, q, spec.group, None, out)
    if spec.bribe:
        new.bribe += 1
    mark_placed(new, 1)
    out.append(
        checks.message(
            N_("{player} places a worker on {space}."),
            player=checks.name("colour", p.colour),
            space=space_name(move.space),
        )
    )


def _place_central(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """A worker on each free simple space that takes its type (MP-501, MP-502), for each
    output option; a university's gain may come partly as contractors (grey)."""
    for space in SimpleSpace.__args__:  # type: ignore[attr-defined]
        spec = SPACE_SPECS[space]
        if state.board.space(space):
            continue
        outputs = range(len(spec.outputs)) if len(spec.outputs) > 1 else [None]
        for worker in workers:
            if spec.allowed is not None and worker["kind"] not in spec.allowed:
                continue
            for output in outputs:
                gained = sum(n for k, n in spec.outputs[output or 0].items() if k in WORKER_KEYS)
                for grey in (None, *range(1, gained + 1)):
                    yield {
                        "type": "place_central",
                        "space": space,
                        "worker": worker,
                        "output": output,
                        "contractors": grey,
                    }


def _blocking(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """A worker on each free simple space only to block it, paying its cost, where the
    space's action itself cannot be taken (e.g. a factory when the aircraft are at 10)."""
    for space in SimpleSpace.__args__:  # type: ignore[attr-defined]
        if state.board.space(space):
            continue
        for worker in workers:
            taking = [m for m in _place_central(state, [worker]) if m["space"] == space]
            if taking and not any(KIND.is_legal(state, m) for m in taking):  # the checks decide
                yield {"type": "place_central", "space": space, "worker": worker, "skip": True}


@KIND.words
def said(state: State, data: Data) -> Message:
    gain = said_gain(data)
    worker = said_worker(data, instrument=False)
    space = space_name(data["space"])
    if gain is None:
        return message(N_("Place {worker} on {space}."), worker=worker, space=space)
    return message(
        N_("Place {worker} on {space} and take {gain}."), worker=worker, space=space, gain=gain
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    workers = worker_options(state.active)
    yield from _place_central(state, workers)
    yield from _blocking(state, workers)


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """A worker on each simple space, now and then declining its action or taking a
    university's gain as contractors."""
    workers = central_workers(state)
    if not workers:
        return []
    found: list[Candidate] = []
    for space in SimpleSpace.__args__:  # type: ignore[attr-defined]
        w = rng.choice(workers)
        spec = SPACE_SPECS[space]
        move: Candidate = {"type": "place_central", "space": space, "worker": w}
        if len(spec.outputs) > 1:
            move["output"] = rng.randrange(len(spec.outputs))
        if rng.random() < 0.1:
            move["skip"] = True
        if space.startswith("university") and rng.random() < 0.3:
            move["contractors"] = rng.randint(0, 1)
        found.append(move)
    return found


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The space taken."""
    return [f"space:{data['space']}"] if data.get("space") else []
