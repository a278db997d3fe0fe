"""Repair: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural, Name
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..data import (
    REPAIR_LIMIT,
    REPAIR_OTHER_COSTS,
    REPAIR_OWN_COST,
)
from ..engine import mark_placed
from ..models import (
    Colour,
    MoveBase,
    Player,
    Small,
    State,
    Strict,
    WorkerRef,
)
from ..rules import checks
from ..snapshot import own_building
from ..staffing import central_workers, worker_options
from ..supply import take
from ..vocab import DOMAIN, message, space_name
from ..wording import (
    said_building,
    said_worker,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class OtherRepair(Strict):
    player: Colour
    buildings: list[Small] = Field(max_length=10, description="one entry per damage point")


class Repair(MoveBase):
    SPACE: ClassVar[str] = "repair"
    """The space of the central board it takes."""

    type: Literal["repair"]
    worker: WorkerRef
    own: list[Small] = Field(
        default_factory=list, max_length=10, description="one building index per damage point"
    )
    others: list[OtherRepair] = Field(default_factory=list, max_length=8)


def _repair_problem(p: Player, entries: Sequence[int]) -> str | None:
    if len(entries) > REPAIR_LIMIT:
        return "limit"
    for index, n in Counter(entries).items():
        if index >= len(p.buildings) or p.buildings[index].damage < n:
            return "damage"
    return None


KIND = MoveKind(Repair, checks, section="air", label=N_("Repair"), weight=1.0)


@KIND.check("MP-606", "MP-607", "MP-520", title=N_("Repairs"))
def repair_check(state: State, move: Repair) -> Iterator[Violation]:
    me = state.active
    if me.money < REPAIR_OWN_COST:
        yield checks.violation(
            "MP-520",
            N_("Repair costs $5; {player} has ${money}."),
            "/move",
            player=checks.name("colour", me.colour),
            money=me.money,
        )
    if _repair_problem(me, move.own) is not None:
        yield checks.violation(
            "MP-606",
            N_("{player} may remove at most 3 damage points, and only where there is damage."),
            "/move/own",
            player=checks.name("colour", me.colour),
        )
    seen: set[str] = set()
    for k, other in enumerate(move.others):
        p = state.player(other.player)
        if p is None or p.colour == me.colour or p.colour in seen:
            problem: str | None = "who"
        else:
            problem = _repair_problem(p, other.buildings)
            if problem is None and p.money < sum(REPAIR_OTHER_COSTS[: len(other.buildings)]):
                problem = "money"
        seen.add(other.player)
        if problem is not None:
            yield checks.violation(
                "MP-607",
                N_(
                    "{player} cannot repair that: each other player removes at most 3 damage "
                    "points of their own, paying $2, $3 and $5."
                ),
                f"/move/others/{k}",
                player=checks.name("colour", other.player),
            )


@KIND.apply
def effect(new: State, p: Player, move: Repair, out: list[Message]) -> None:
    new.board.repair.extend(take(p, [move.worker]))
    mark_placed(new, 1)
    p.money -= REPAIR_OWN_COST
    for index in move.own:
        own_building(p, index).damage -= 1
    for other in move.others:
        q = new.player(other.player)
        assert q is not None
        for k, index in enumerate(other.buildings):
            own_building(q, index).damage -= 1
            q.money -= REPAIR_OTHER_COSTS[k]
    repaired = len(move.own) + sum(len(o.buildings) for o in move.others)
    out.append(
        checks.message(
            N_plural(
                "{player} pays $5 for the Repair space; {count} damage point is removed.",
                "{player} pays $5 for the Repair space; {count} damage points are removed.",
            ),
            player=checks.name("colour", p.colour),
            count=repaired,
        )
    )


def _repair(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """The space taken repairing nothing (to block it, paying $5), then each damage point
    of one's own or (its owner paying) another player's buildings."""
    me = state.active
    for worker in workers:
        yield {"type": "repair", "worker": worker}
        for j, building in enumerate(me.buildings):
            if building.damage:
                yield {"type": "repair", "worker": worker, "own": [j]}
        for other in state.players:
            if other.colour == me.colour:
                continue
            for j, building in enumerate(other.buildings):
                if building.damage:
                    others = [{"player": other.colour, "buildings": [j]}]
                    yield {"type": "repair", "worker": worker, "others": others}


def _repair_candidate(
    state: State, rng: random.Random, workers: list[dict[str, Any]], opponents: list[Player]
) -> dict[str, Any]:
    p = state.active
    own = [j for j, b in enumerate(p.buildings) for _ in range(b.damage)][:REPAIR_LIMIT]
    others = []
    for q in opponents:
        damaged = [j for j, b in enumerate(q.buildings) for _ in range(b.damage)][:1]
        if damaged and q.money >= 2:
            others.append({"player": q.colour, "buildings": damaged})
    return {"type": "repair", "worker": rng.choice(workers), "own": own, "others": others}


@KIND.words
def said(state: State, data: Data) -> Message:
    places = [said_building(state, state.turn.active, j) for j in data.get("own") or ()]
    others = data.get("others") or ()
    for other in others:
        places += [said_building(state, other["player"], j) for j in other["buildings"]]
    worker = said_worker(data, instrument=True)
    if not places:
        return message(
            N_("Take {space} {worker}, pay $5 and repair nothing."),
            space=space_name("repair"),
            worker=worker,
        )
    if len(places) == 1 and places[0] is not None and others:
        return message(
            N_("Repair 1 damage point of {building} {worker}; {owner} pays ${cost} for it."),
            building=places[0],
            worker=worker,
            owner=Name(DOMAIN, "colour", others[0]["player"]),
            cost=REPAIR_OTHER_COSTS[0],
        )
    if len(places) == 1 and places[0] is not None:
        return message(
            N_("Repair 1 damage point of {building} {worker}."), building=places[0], worker=worker
        )
    return message(
        N_plural("Repair {count} damage point {worker}.", "Repair {count} damage points {worker}."),
        count=len(places),
        worker=worker,
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    yield from _repair(state, worker_options(state.active))


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    workers = central_workers(state)
    if not workers:
        return []
    opponents = state.opponents
    return [_repair_candidate(state, rng, workers, opponents)]


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The buildings repaired, one's own and others'."""
    found = [f"building:{state.turn.active}:{j}" for j in data.get("own") or []]
    for other in data.get("others") or []:
        if isinstance(other, dict):
            found += [f"building:{other.get('player')}:{j}" for j in other.get("buildings") or []]
    return found
