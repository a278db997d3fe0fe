"""What the player to move may do: every plausible move of each kind, for ``legal_actions``.

The core keeps the legal candidates. Air strikes are listed one attack at a time and repairs
one damage point at a time: a strike or a repair of several is those steps together. Design
Bomb is not listed, nor building from the market while the deck refills it: their moves
name the cards the refill reveals, which only the table knows. ``notes`` says so. A worker
placed only to block a space, paying its cost, is listed: on Construction and Repair always
(building or repairing nothing), on a simple space where its action cannot be taken
(``skip``); where it can, declining the action is a choice inside that placement (a note).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.game import OptionsProvider
from ...core.i18n import N_, Message
from .alternatives import worker_options
from .data import SPACE_SPECS
from .logic import WORKER_KEYS
from .models import KINDS as WORKER_KINDS
from .models import BuildingCard, Player, State
from .moves import SimpleSpace
from .vocab import DOMAIN
from .wording import sentence

#: The kinds listed, in the order a turn offers them.
KINDS: tuple[str, ...] = (
    "place_central",
    "construct",
    "air_strike",
    "repair",
    "place_building",
    "build_bomb",
    "test_bomb",
    "load_bomb",
    "end_turn",
    "retrieve",
)

Candidate = dict[str, Any]


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
    from . import GAME  # the game's own checks decide where the action is impossible

    for space in SimpleSpace.__args__:  # type: ignore[attr-defined]
        if state.board.space(space):
            continue
        for worker in workers:
            taking = [m for m in _place_central(state, [worker]) if m["space"] == space]
            if taking and not any(GAME.is_legal(state, GAME.parse_move(m)) for m in taking):
                yield {"type": "place_central", "space": space, "worker": worker, "skip": True}


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


def _air_strike(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """Each free air-strike space, taken alone (e.g. to block it) or with one attack: a
    fighter on an aircraft the target has, or a bomber on a building of a target without
    fighters (MP-601, MP-602)."""
    me = state.active
    attacks: list[Candidate] = []
    for other in state.players:
        if other.colour == me.colour:
            continue
        if me.fighters:
            attacks += [
                {"kind": "fighter", "target": other.colour, "aircraft": aircraft}
                for aircraft in ("fighters", "bombers")
                if getattr(other, aircraft)
            ]
        if me.bombers and not other.fighters:
            attacks += [
                {"kind": "bomber", "target": other.colour, "building": j}
                for j in range(len(other.buildings))
            ]
    for space in ("air_strike_1", "air_strike_2"):
        if state.board.space(space):
            continue
        for worker in workers:
            for attack in [None, *attacks]:
                chosen = [] if attack is None else [attack]
                yield {"type": "air_strike", "space": space, "worker": worker, "attacks": chosen}


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


def fillings(me: Player, needs: Sequence[str]) -> list[list[Candidate]]:
    """Every distinct way to staff ``needs`` from the player's personal supply: each worker
    an own piece or a contractor, "any" taking any type (each group once, sorted)."""
    pool = Counter({(k, False): me.workers.get(k) for k in WORKER_KINDS})
    pool.update({(k, True): me.contractors.get(k) for k in WORKER_KINDS})
    found: set[tuple[tuple[str, bool], ...]] = set()

    def staff(todo: Sequence[str], chosen: tuple[tuple[str, bool], ...]) -> None:
        if not todo:
            found.add(tuple(sorted(chosen)))
            return
        for piece in [p for p in pool if pool[p] > 0 and todo[0] in ("any", p[0])]:
            pool[piece] -= 1
            staff(todo[1:], (*chosen, piece))
            pool[piece] += 1

    staff(needs, ())
    return [[_ref(kind, grey) for kind, grey in group] for group in sorted(found)]


def _ref(kind: str, grey: bool) -> Candidate:
    return {"kind": kind, "contractor": True} if grey else {"kind": kind}


def candidates(state: State, kind: str | None = None) -> Iterator[Candidate]:
    """Every plausible move of ``kind`` (``None``: of every kind) for the active player."""
    me = state.active
    workers = worker_options(me)
    wanted = KINDS if kind is None else (kind,)
    for k in wanted:
        if k == "place_central":
            yield from _place_central(state, workers)
            yield from _blocking(state, workers)
        elif k == "construct":
            yield from _construct(state, workers)
        elif k == "air_strike":
            yield from _air_strike(state, workers)
        elif k == "repair":
            yield from _repair(state, workers)
        elif k == "place_building":
            yield from _place_building(state, me)
        elif k == "build_bomb":
            for j, card in enumerate(me.hand):
                needs = ["engineer"] * card.engineers + ["scientist"] * card.scientists
                for refs in fillings(me, needs):
                    yield {"type": "build_bomb", "card": j, "workers": refs}
        elif k in ("test_bomb", "load_bomb"):
            for j in range(len(me.bombs)):
                yield {"type": k, "bomb": j}
        else:
            yield {"type": k}


def notes(state: State) -> list[Message]:
    """What the list leaves out: designing a bomb, whose move needs the refill's cards, and
    building from the market while the deck still refills it."""
    said = []
    if state.building_deck > 0 and any(card is not None for card in state.market):
        said.append(
            Message(
                DOMAIN,
                N_(
                    "Building from the market is not listed: the move names the card drawn "
                    "to refill the market, which only the table can see."
                ),
            )
        )
    bomb = N_(
        "Designing a bomb is not listed: the move names the bomb cards the refill "
        "reveals, which only the table can see."
    )
    block = N_(
        "A worker may be placed only to block a space, paying its cost and declining its "
        "action; such a placement is listed apart only where the action cannot be taken."
    )
    return [*said, Message(DOMAIN, bomb), Message(DOMAIN, block)]


OPTIONS = OptionsProvider(KINDS, candidates, sentence, notes)
