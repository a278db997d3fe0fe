"""The legal alternatives to an illegal move: nearby moves the player could make instead."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from ...core.verdicts import Alternative
from .data import (
    SPACE_SPECS,
)
from .models import KINDS, Player, State
from .moves import Move, PlaceCentral
from .wording import sentence

MOVE_ADAPTER: TypeAdapter[Any] = TypeAdapter(Move)


def is_legal(state: State, move: Any) -> bool:
    from . import GAME

    return GAME.is_legal(state, move)


def worker_options(p: Player) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for kind in KINDS:
        if p.workers.get(kind):
            found.append({"kind": kind})
        # A contractor may be placed even while the player still has workers of that kind.
        if p.contractors.get(kind):
            found.append({"kind": kind, "contractor": True})
    return found


def candidates(state: State) -> list[dict[str, Any]]:
    """Plausible moves for the active player, legal or not."""
    p = state.active
    found: list[dict[str, Any]] = []
    workers = worker_options(p)
    if state.turn.step == 1:
        for space, spec in SPACE_SPECS.items():
            if space not in PlaceCentral.model_fields["space"].annotation.__args__:  # type: ignore[union-attr]
                continue
            for w in workers:
                output = 0 if len(spec.outputs) > 1 else None
                found.append(
                    {"type": "place_central", "space": space, "worker": w, "output": output}
                )
        for w in workers:
            for slot in range(len(state.market)):
                drawn = (
                    state.market[0].model_dump()
                    if state.building_deck and state.market[0]
                    else None
                )
                found.append({"type": "construct", "worker": w, "slot": slot, "drawn": drawn})
        for w in workers:
            found += _air_strike_candidates(state, w)
    for j, b in enumerate(p.buildings):
        refs = fill(p, list(b.workers))
        if refs is not None:
            found.append({"type": "place_building", "building": j, "workers": refs})
    for j, card in enumerate(p.hand):
        refs = fill(p, ["engineer"] * card.engineers + ["scientist"] * card.scientists)
        if refs is not None:
            found.append({"type": "build_bomb", "card": j, "workers": refs})
    for j in range(len(p.bombs)):
        found.append({"type": "load_bomb", "bomb": j})
        found.append({"type": "test_bomb", "bomb": j})
    found.append({"type": "end_turn"})
    found.append({"type": "retrieve"})
    return found


def _air_strike_candidates(state: State, worker: dict[str, Any]) -> list[dict[str, Any]]:
    """Single air strikes on each opponent: a fighter attack, and bombing their first
    building (legal only once they have no fighters)."""
    found: list[dict[str, Any]] = []
    for other in state.players:
        if other.colour == state.active.colour:
            continue
        for aircraft in ("fighters", "bombers"):
            attack = {"kind": "fighter", "target": other.colour, "aircraft": aircraft}
            found.append({"type": "air_strike", "worker": worker, "attacks": [attack]})
        if other.buildings:
            bombing = {"kind": "bomber", "target": other.colour, "building": 0}
            found.append({"type": "air_strike", "worker": worker, "attacks": [bombing]})
    return found


def fill(p: Player, needs: list[str]) -> list[dict[str, Any]] | None:
    own: dict[str, int] = {k: p.workers.get(k) for k in KINDS}
    grey: dict[str, int] = {k: p.contractors.get(k) for k in KINDS}
    refs: list[dict[str, Any]] = []
    for need in sorted(needs, key=lambda n: n == "any"):
        kinds: tuple[str, ...] = KINDS if need == "any" else (need,)
        for kind in kinds:
            if own[kind]:
                own[kind] -= 1
                refs.append({"kind": kind})
                break
            if grey[kind]:
                grey[kind] -= 1
                refs.append({"kind": kind, "contractor": True})
                break
        else:
            return None
    return refs


def _same_offer(data: dict[str, Any]) -> tuple[Any, ...]:
    """What an alternative offers, whatever worker does it (one offer per place)."""
    attacks = tuple(
        (a.get("kind"), a.get("target"), a.get("aircraft"), a.get("building"))
        for a in data.get("attacks") or ()
    )
    return (
        data["type"],
        data.get("space"),
        data.get("slot"),
        data.get("owner"),
        data.get("building"),
        data.get("card"),
        data.get("bomb"),
        attacks,
    )


def alternatives(state: State, move: Any) -> list[Alternative]:
    found: list[Alternative] = []
    every = candidates(state)
    prefix = str(getattr(move, "space", "")).split("_")[0]
    attacks = getattr(move, "attacks", None) or []
    target = attacks[0].target if attacks else None

    def closeness(c: dict[str, Any]) -> tuple[bool, bool]:
        hits = [a.get("target") for a in c.get("attacks") or ()]
        same_space = bool(prefix) and str(c.get("space", "")).startswith(prefix)
        return (not same_space, target not in hits)

    same = sorted((c for c in every if c["type"] == move.type), key=closeness)
    others = [c for c in every if c["type"] != move.type]
    shown: set[tuple[Any, ...]] = set()
    for data in same + others:
        key = _same_offer(data)
        if key in shown:
            continue
        try:
            parsed = MOVE_ADAPTER.validate_python(data)
        except ValueError:
            continue
        if is_legal(state, parsed):
            shown.add(key)
            found.append(
                Alternative(
                    {k: v for k, v in data.items() if v is not None},
                    sentence(state, data),
                )
            )
        if len(found) >= 8:
            break
    return found
