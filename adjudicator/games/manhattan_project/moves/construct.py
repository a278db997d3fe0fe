"""Construct a building: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural, Name
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..cards_drawn import random_building
from ..data import (
    BRIBE_SLOTS,
)
from ..engine import mark_placed
from ..logic import (
    slot_price,
)
from ..models import (
    Building,
    BuildingCard,
    MoveBase,
    Player,
    Small,
    State,
    WorkerRef,
)
from ..rules import checks
from ..staffing import central_workers, worker_options
from ..supply import take
from ..vocab import DOMAIN, message, slot_place
from ..wording import (
    said_worker,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class Construct(MoveBase):
    """Step 1: a worker on Construction, building from the market."""

    SPACE: ClassVar[str] = "construction"
    """The space of the central board it takes."""

    type: Literal["construct"]
    worker: WorkerRef
    slot: Small | None = Field(None, description="market slot 0-6 ($2 ... $20); none: skip")
    drawn: BuildingCard | None = Field(None, description="the card revealed for the $20 slot")


KIND = MoveKind(Construct, checks, section="central", label=N_("Construct a building"), weight=1.0)


@KIND.check("MP-505", "MP-510", "MP-511", title=N_("Building from the market"))
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


@KIND.apply
def effect(new: State, p: Player, move: Construct, out: list[Message]) -> None:
    new.board.construction.extend(take(p, [move.worker]))
    mark_placed(new, 1)
    if move.slot is None:
        return
    card = new.market[move.slot]
    assert card is not None
    price = slot_price(new, move.slot, move.worker.kind)
    p.money -= price
    if move.slot == 0:
        p.money += new.bribe
        new.bribe = 0
    if move.slot in BRIBE_SLOTS:
        new.bribe += 1
    p.buildings.append(Building(**card.model_dump()))
    del new.market[move.slot]
    if new.building_deck > 0 and move.drawn is not None:
        new.market.append(move.drawn.model_copy(deep=True))
        new.building_deck -= 1
    else:
        new.market.append(None)
    params = {
        "player": checks.name("colour", p.colour),
        "kind": checks.name("building", card.kind),
        "slot": slot_place(
            move.slot, new.market_prices[move.slot] if move.slot < len(new.market_prices) else 20
        ),
    }
    if price == 0:
        out.append(checks.message(N_("{player} builds the {kind} from {slot} for free."), **params))
    else:
        out.append(
            checks.message(
                N_("{player} builds the {kind} from {slot} for ${price}."), **params, price=price
            )
        )


def _construct(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """Construction building nothing (to block it); building from the market only once the
    building deck is empty: before that the move names the card drawn to refill the market,
    which only the table sees (:func:`notes` says so)."""
    for worker in workers:
        yield {"type": "construct", "worker": worker}
    if state.building_deck > 0:
        return
    for worker in workers:
        for slot, card in enumerate(state.market):
            if card is not None:
                yield {"type": "construct", "worker": worker, "slot": slot}


@KIND.words
def said(state: State, data: Data) -> Message:
    slot = data.get("slot")
    card = state.market[slot] if slot is not None and slot < len(state.market) else None
    if slot is None or card is None:
        return message(
            N_("Place {worker} on Construction and build nothing."),
            worker=said_worker(data, instrument=False),
        )
    return message(
        N_("Build the {building} from {slot} {worker}."),
        building=Name(DOMAIN, "building", card.kind),
        slot=slot_place(slot, slot_price(state, slot)),
        worker=said_worker(data, instrument=True),
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    yield from _construct(state, worker_options(state.active))


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """Construction from each market slot (naming a random card drawn to refill it), and
    building nothing."""
    workers = central_workers(state)
    if not workers:
        return []
    found: list[Candidate] = []
    for slot, offered in enumerate(state.market):
        if offered is None:
            continue
        move: Candidate = {"type": "construct", "worker": rng.choice(workers), "slot": slot}
        if state.building_deck:
            move["drawn"] = random_building(rng, state)
        found.append(move)
    found.append({"type": "construct", "worker": rng.choice(workers)})
    return found


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The market slot built from."""
    return [f"market:{data['slot']}"] if data.get("slot") is not None else []
