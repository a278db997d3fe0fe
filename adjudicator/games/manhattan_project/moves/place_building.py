"""Place a worker on a building: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, StrictBool

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..engine import mark_placed
from ..logic import (
    fits,
    short_of,
)
from ..models import (
    Building,
    BuildingCard,
    BuildingRef,
    Colour,
    MoveBase,
    Player,
    Small,
    State,
    WorkerRef,
)
from ..rules import checks
from ..rules.buildings import needed
from ..snapshot import own_building
from ..staffing import fillings, sampled_fill
from ..supply import gain, pay, take
from ..vocab import building_place, message
from ..wording import (
    said_building_choice,
    said_staff,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class PlaceBuilding(MoveBase):
    """Step 2: workers on one building (own, or an opponent's after espionage)."""

    type: Literal["place_building"]
    owner: Colour | None = Field(None, description="the building's owner (default: oneself)")
    building: Small
    workers: list[WorkerRef] = Field(max_length=6)
    cost: Small = Field(0, description="which '/' cost option")
    output: Small = Field(0, description="which '/' output option")
    contractors: Small | None = Field(None, description="universities: how many gained are grey")
    skip: StrictBool = False


def target_building(state: State, move: PlaceBuilding) -> Building | None:
    """The building a placement names (own, or an opponent's), if it exists."""
    owner = state.player(move.owner or state.turn.active)
    if owner is None or move.building >= len(owner.buildings):
        return None
    return owner.buildings[move.building]


KIND = MoveKind(
    PlaceBuilding, checks, section="buildings", label=N_("Place a worker on a building"), weight=1.0
)


@KIND.check("MP-701", title=N_("Using an opponent's building"))
def espionage_check(state: State, move: PlaceBuilding) -> Iterator[Violation]:
    owner = move.owner or state.turn.active
    if owner == state.turn.active or state.player(owner) is None:
        return
    used = {(r.owner, r.building) for r in state.turn.spied}
    used.add((owner, move.building))
    if not state.turn.espionage or not state.active.spies:
        yield checks.violation(
            "MP-701",
            N_(
                "{player} may not use opponents' buildings this turn: Espionage was not taken "
                "in step 1."
            )
            if not state.turn.espionage
            else N_("{player} has no spy, so no opponent's building can be used."),
            "/move/owner",
            player=checks.name("colour", state.turn.active),
        )
    elif len(used) > state.active.spies:
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} may use only {count} opponent's building this turn (one per spy).",
                "{player} may use only {count} opponents' buildings this turn (one per spy).",
            ),
            "/move/owner",
            player=checks.name("colour", state.turn.active),
            count=state.active.spies,
        )


@KIND.check(
    "MP-604",
    "MP-711",
    "MP-712",
    "MP-713",
    "MP-714",
    title=N_("Placing workers on a building"),
)
def building_check(state: State, move: PlaceBuilding) -> Iterator[Violation]:
    b = target_building(state, move)
    if b is None:
        yield checks.violation("MP-711", N_("There is no such building."), "/move/building")
        return
    if b.damage:
        yield checks.violation(
            "MP-604",
            N_plural(
                "That building has {count} damage point and cannot be used.",
                "That building has {count} damage points and cannot be used.",
            ),
            "/move/building",
            count=b.damage,
        )
    if b.occupants:
        yield checks.violation("MP-712", N_("That building is already occupied."), "/move/building")
    if not fits([w.kind for w in move.workers], list(b.workers)):
        yield checks.violation(
            "MP-711",
            N_("That building takes exactly {needs}."),
            "/move/workers",
            needs=needed(b.workers),
        )
    if b.costs:
        if move.cost >= len(b.costs):
            yield checks.violation(
                "MP-713",
                N_plural(
                    "That building has {count} cost option.",
                    "That building has {count} cost options.",
                ),
                "/move/cost",
                count=len(b.costs),
            )
        else:
            lacking = short_of(state.active, b.costs[move.cost])
            if lacking is not None:
                yield checks.violation(
                    "MP-713",
                    N_("{player} cannot pay the building's cost: not enough {what}."),
                    "/move/cost",
                    player=checks.name("colour", state.turn.active),
                    what=checks.name("resource", lacking),
                )
    elif move.cost:
        yield checks.violation(
            "MP-713", N_("That building costs nothing, so it has no cost option."), "/move/cost"
        )
    if move.output >= len(b.outputs):
        yield checks.violation(
            "MP-714",
            N_plural(
                "That building has {count} output option; choose it.",
                "That building has {count} output options; choose one.",
            ),
            "/move/output",
            count=len(b.outputs),
        )


@KIND.apply
def effect(new: State, p: Player, move: PlaceBuilding, out: list[Message]) -> None:
    owner = new.player(move.owner or p.colour)
    assert owner is not None
    b = own_building(owner, move.building)
    b.occupants.extend(take(p, move.workers))
    mark_placed(new, len(move.workers))
    if b.costs:
        pay(p, b.costs[move.cost])
    if not move.skip:
        gain(new, p, b.outputs[move.output], move.contractors, out)
    if owner is not p:
        new.turn.spied.append(BuildingRef(owner=owner.colour, building=move.building))
    out.append(
        checks.message(
            N_plural(
                "{player} places {count} worker on {building}.",
                "{player} places {count} workers on {building}.",
            ),
            player=checks.name("colour", p.colour),
            count=len(move.workers),
            building=building_place(owner.colour, move.building, b.kind),
        )
    )


def _place_building(state: State, me: Player) -> Iterator[Candidate]:
    owned: list[tuple[str | None, int, BuildingCard]] = [
        (None, j, b) for j, b in enumerate(me.buildings)
    ]
    by_colour = {p.colour: p for p in state.players}
    spied = {(ref.owner, ref.building) for ref in state.turn.spied}
    for colour, j in sorted(spied):
        other = by_colour.get(colour)
        if other is not None and j < len(other.buildings):
            owned.append((colour, j, other.buildings[j]))
    if state.turn.espionage and len(spied) < me.spies:
        # Espionage taken: each opponent's building not yet used, while spies are left.
        for other in state.players:
            if other.colour == me.colour:
                continue
            for j, building in enumerate(other.buildings):
                if (other.colour, j) not in spied:
                    owned.append((other.colour, j, building))
    for (owner, j, card), refs in (
        (place, refs) for place in owned for refs in fillings(me, place[2].workers)
    ):
        for cost in range(max(1, len(card.costs))):
            for output in range(max(1, len(card.outputs))):
                move: Candidate = {
                    "type": "place_building",
                    "building": j,
                    "workers": refs,
                    "cost": cost,
                    "output": output,
                }
                if owner is not None:
                    move["owner"] = owner
                yield move


@KIND.words
def said(state: State, data: Data) -> Message | None:
    owner = state.player(data.get("owner") or state.turn.active)
    index = data["building"]
    if owner is None or index >= len(owner.buildings):
        return None
    building = building_place(owner.colour, index, owner.buildings[index].kind)
    gain, cost = said_building_choice(state, data)
    params = {"workers": said_staff(data.get("workers") or ()), "building": building}
    if gain is None:
        return message(N_("Place {workers} on {building}."), **params)
    if cost is None:
        return message(N_("Place {workers} on {building} and take {gain}."), **params, gain=gain)
    return message(
        N_("Place {workers} on {building} and take {gain} for {cost}."),
        **params,
        gain=gain,
        cost=cost,
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    yield from _place_building(state, state.active)


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Each building of one's own (and an opponent's after Espionage) staffed at random,
    with a random cost and output."""
    p = state.active
    opponents = [q for q in state.players if q.colour != p.colour]
    found: list[Candidate] = []
    for q in [p] + (opponents if state.turn.espionage else []):
        for j, b in enumerate(q.buildings):
            refs = sampled_fill(state, list(b.workers), rng)
            if refs is None:
                continue
            move: Candidate = {
                "type": "place_building",
                "building": j,
                "workers": refs,
                "cost": rng.randrange(len(b.costs)) if b.costs else 0,
                "output": rng.randrange(max(1, len(b.outputs))),
            }
            if q is not p:
                move["owner"] = q.colour
            found.append(move)
    return found


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The building used."""
    if data.get("building") is None:
        return []
    return [f"building:{data.get('owner') or state.turn.active}:{data['building']}"]
