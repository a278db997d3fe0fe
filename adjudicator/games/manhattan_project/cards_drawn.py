"""Random building and bomb cards, as a playout draws them when the table would reveal
them (Construction refilling the market, designing a bomb)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .data import BUILDING_KINDS, BUILDINGS_PER_KIND
from .models import BombCard, BuildingCard, State


def random_building(rng: random.Random, state: State | None = None) -> dict[str, Any]:
    """A regular building card; with ``state``, of a kind not yet face up 10 times (MP-210)."""
    kinds = list(BUILDING_KINDS)
    if state is not None:
        faceup = [c for c in state.market if c is not None]
        faceup += [b for p in state.players for b in p.buildings]
        seen = Counter(c.kind for c in faceup)
        kinds = [k for k in kinds if seen[k] < BUILDINGS_PER_KIND] or kinds
    kind = rng.choice(kinds)
    size = rng.randint(1, 3)
    needs = [rng.choice(["any", "any", "laborer", "engineer", "scientist"]) for _ in range(size)]
    costs: list[dict[str, int]] = []
    if kind == "mine":
        outputs = [{"yellowcake": rng.randint(1, 4)}]
    elif kind == "factory":
        outputs = rng.choice(
            [
                [{"money": rng.randint(2, 5)}],
                [{"fighters": 1}, {"money": 2}],
                [{"bombers": 2, "money": 1}],
            ]
        )
    elif kind == "university":
        outputs = rng.choice(
            [
                [{"engineers": 1}, {"scientists": 1}],
                [{"laborers": 2}],
                [{"scientists": 1}],
                [{"engineers": 2}],
            ]
        )
    elif kind == "reactor":
        costs = [{"yellowcake": rng.randint(2, 4)}, {"uranium": 1}]
        outputs = [{"plutonium": rng.randint(1, 2)}]
    else:
        costs = [{"money": rng.randint(2, 5), "yellowcake": rng.randint(1, 3)}]
        outputs = [{"uranium": rng.randint(1, 2)}]
    return BuildingCard.model_validate(
        {"kind": kind, "workers": needs, "costs": costs, "outputs": outputs}
    ).model_dump(mode="json")


def random_bomb(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["plutonium", "uranium"])
    points = rng.randint(8, 30)
    data: dict[str, Any] = {
        "kind": kind,
        "engineers": rng.randint(1, 3),
        "scientists": rng.randint(1, 3),
        "fuel": rng.randint(2, 7),
        "load_cost": rng.randint(1, 2),
        "points": points,
    }
    if kind == "plutonium":
        data["tested_points"] = 2 * points
    return BombCard.model_validate(data).model_dump(mode="json")
