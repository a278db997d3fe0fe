"""Espionage and buildings (MP-7xx): printed values, occupants, spied buildings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ....core.i18n import N_, Message, N_plural
from ....core.verdicts import Violation
from ..data import (
    KIND_COSTS,
    KIND_OUTPUTS,
)
from ..logic import (
    fits,
    short_of,
    slot_price,
    target_building,
)
from ..models import KINDS, Building, BuildingCard, State
from ..moves import PlaceBuilding
from ..vocab import (
    Joined,
    amount,
    building_place,
    joined,
    message,
)
from . import checks


@checks.state("MP-701", title=N_("Opponents' buildings used this turn"))
def spied_buildings(state: State) -> Iterator[Violation]:
    spied = state.turn.spied
    if not spied:
        return
    active = state.active
    distinct = {(r.owner, r.building) for r in spied}
    if not state.turn.espionage or any(r.owner == active.colour for r in spied):
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} used {count} opponent's building this turn without taking Espionage "
                "in step 1.",
                "{player} used {count} opponents' buildings this turn without taking Espionage "
                "in step 1.",
            ),
            "/turn/spied",
            player=checks.name("colour", active.colour),
            count=len(distinct),
        )
    elif not active.spies:
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} used {count} opponent's building this turn without a spy.",
                "{player} used {count} opponents' buildings this turn without a spy.",
            ),
            "/turn/spied",
            player=checks.name("colour", active.colour),
            count=len(distinct),
        )
    elif len(distinct) > active.spies:
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} used {used} opponents' buildings this turn with only {count} spy.",
                "{player} used {used} opponents' buildings this turn with only {count} spies.",
            ),
            "/turn/spied",
            player=checks.name("colour", active.colour),
            used=len(distinct),
            count=active.spies,
        )


@checks.state("MP-710", "MP-711", title=N_("Printed values of the buildings"))
def building_cards(state: State) -> Iterator[Violation]:
    cards: list[tuple[str, BuildingCard, Building | None]] = [
        (f"/market/{j}", c, None) for j, c in enumerate(state.market) if c is not None
    ]
    for i, p in enumerate(state.players):
        cards += [(f"/players/{i}/buildings/{j}", b, b) for j, b in enumerate(p.buildings)]
    for path, card, owned in cards:
        made = {k for option in card.outputs for k, _ in option.items()}
        paid = {k for option in card.costs for k, _ in option.items()}
        if not card.outputs or made - KIND_OUTPUTS[card.kind] or paid - KIND_COSTS[card.kind]:
            yield checks.violation(
                "MP-710",
                N_("No {kind} card costs or produces that."),
                path,
                kind=checks.name("building", card.kind),
            )
        if not 1 <= len(card.workers) <= 3:
            yield checks.violation(
                "MP-711",
                N_plural(
                    "A building takes one, two or three workers, not {count}.",
                    "A building takes one, two or three workers, not {count}.",
                ),
                path + "/workers",
                count=len(card.workers),
            )
        elif (
            owned is not None
            and owned.occupants
            and not fits([pc.kind for pc in owned.occupants], list(card.workers), partial=True)
        ):
            yield checks.violation(
                "MP-711",
                N_("The workers on {where} do not match what the card requires."),
                path + "/occupants",
                where=place_of(state, path, card.kind),
            )


def place_of(state: State, path: str, kind: str) -> Message:
    """A building named from its JSON path, as a player says it."""
    parts = path.strip("/").split("/")
    if parts[0] == "players":
        owner = state.players[int(parts[1])].colour
        return building_place(owner, int(parts[3]), kind)
    j = int(parts[1])
    return checks.message(
        N_("the building in the ${price} slot ({kind})"),
        price=slot_price(state, j),
        kind=checks.name("building", kind),
    )


@checks.move("MP-701", title=N_("Using an opponent's building"))
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


@checks.move(
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


def needed(needs: Sequence[str]) -> Joined | Message:
    """The workers a building card asks for, counted: "1 scientist and 1 worker of any type"."""
    count = Counter(needs)
    parts: list[object] = [amount(kind + "s", count[kind]) for kind in KINDS if count[kind]]
    if count["any"]:
        parts.append(
            message(
                N_plural("{count} worker of any type", "{count} workers of any type"),
                count=count["any"],
            )
        )
    return joined(parts) if parts else message(N_("nothing"))
