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
    slot_price,
)
from ..models import KINDS, Building, BuildingCard, State
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
