"""Which workers a move may name: the active player's choices of one worker, and every
way to staff a building's or a bomb's needs (in the options list and in playouts)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .logic import fits
from .models import KINDS, Player, State, WorkerRef
from .models import KINDS as WORKER_KINDS

Candidate = dict[str, Any]


def worker_options(p: Player) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for kind in KINDS:
        if p.workers.get(kind):
            found.append({"kind": kind})
        # A contractor may be placed even while the player still has workers of that kind.
        if p.contractors.get(kind):
            found.append({"kind": kind, "contractor": True})
    return found


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


def sampled_fill(state: State, needs: list[str], rng: random.Random) -> list[dict[str, Any]] | None:
    p = state.active
    pool = [WorkerRef(kind=k) for k in KINDS for _ in range(p.workers.get(k))]
    pool += [WorkerRef(kind=k, contractor=True) for k in KINDS for _ in range(p.contractors.get(k))]
    rng.shuffle(pool)
    chosen: list[WorkerRef] = []
    for need in sorted(needs, key=lambda n: n == "any"):
        for ref in pool:
            if pool.count(ref) > chosen.count(ref) and need in ("any", ref.kind):
                chosen.append(ref)
                break
        else:
            return None
    if not fits([r.kind for r in chosen], needs):
        return None
    return [r.model_dump(exclude_defaults=True) for r in chosen]


def central_workers(state: State) -> list[Candidate]:
    """The workers the active player may place on the central board now (none after the
    first step of a turn)."""
    return worker_options(state.active) if state.turn.step == 1 else []
