"""Factory (IM-501–503): the nation builds one factory in a home province, for 5M from
its treasury, of the kind its city takes, or builds nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board
from ..data import FACTORY_COST
from ..logic import index, occupied
from ..models import Factory, FactoryMove, State
from ..registry import checks
from ..vocab import building_name, nation_name, region_name
from .pieces import paid
from .turn import Data, rondel_kind

KIND = MoveKind(FactoryMove, checks, section="actions", label=N_("Factory"), rule="IM-503")


@KIND.check("IM-501", "IM-502", "IM-503", title=N_("Where and whether a factory can be built"))
def factory(state: State, move: FactoryMove) -> Iterator[Violation]:
    if move.region is None:
        return  # the nation takes the space and builds nothing, which the rules allow
    idx = index(state)
    b = idx.board
    n = state.nations[move.nation]
    if b.home.get(move.region) != move.nation:
        yield checks.violation(
            "IM-503",
            N_("{region} is not a home province of {nation}."),
            "/move/region",
            region=region_name(move.region),
            nation=nation_name(move.nation),
        )
        return
    if any(f.region == move.region for f in n.factories):
        yield checks.violation(
            "IM-503",
            N_("{region} already has a factory."),
            "/move/region",
            region=region_name(move.region),
        )
    if occupied(b, idx.units, move.region):
        yield checks.violation(
            "IM-503",
            N_("A hostile army stands in {region}."),
            "/move/region",
            region=region_name(move.region),
        )
    if move.kind is not None and move.kind != b.city[move.region]:
        yield checks.violation(
            "IM-502",
            N_("The city of {region} takes the factory kind {city}, not {kind}."),
            "/move/kind",
            region=region_name(move.region),
            city=building_name(b.city[move.region]),
            kind=building_name(move.kind),
        )
    if n.treasury < FACTORY_COST:
        yield checks.violation(
            "IM-501",
            N_("A factory costs 5M; {nation}'s treasury has {money}M."),
            f"/nations/{move.nation}/treasury",
            nation=nation_name(move.nation),
            money=n.treasury,
        )


@KIND.apply
def build(before: State, after: State, move: FactoryMove) -> list[Message]:
    nation = move.nation
    if move.region is None:
        return [checks.message(N_("{nation} builds no factory."), nation=nation_name(nation))]
    after.nations[nation].treasury -= FACTORY_COST
    city: Any = index(before).board.city[move.region]
    after.nations[nation].factories.append(Factory.model_construct(region=move.region, kind=city))
    return [
        checks.message(
            N_("{nation} builds a factory in {region}."),
            nation=nation_name(nation),
            region=region_name(move.region),
        )
    ]


def sites(state: State, b: Board, base: Data) -> Iterator[Data]:
    """Building nothing, then each home province without a factory."""
    yield base
    built = {f.region for f in state.nations[base["nation"]].factories}
    for region in b.homes_of[base["nation"]]:
        if region not in built:
            yield {**base, "region": region}


def what(state: State, data: Data) -> Message:
    if data.get("region") is None:
        return checks.message(N_("build no factory"))
    return checks.message(
        N_("build a factory ({kind}) in {region}"),
        kind=building_name(index(state).board.city[data["region"]]),
        region=region_name(data["region"]),
    )


def effects(state: State, data: Data) -> list[Message]:
    if not data.get("region"):
        return []
    return [paid(data["nation"], FACTORY_COST)]


def pick(state: State, base: Data, rng: random.Random) -> Data | None:
    """A random free site (``None`` when every home province has a factory)."""
    nation = base["nation"]
    built = {f.region for f in state.nations[nation].factories}
    free = [r for r in index(state).board.homes_of[nation] if r not in built]
    return {**base, "region": rng.choice(free)} if free else None


rondel_kind(KIND, own=sites, what=what, effects=effects, pick=pick)


@KIND.marks
def _marks(state: State, data: Data) -> dict[str, Any] | None:
    return {"piece": None, "to": [data["region"]]} if data.get("region") else None


@KIND.places
def _places(state: State, data: Data) -> list[str]:
    return [f"region:{data['region']}"] if data.get("region") else []


def tap(state: Any, move: Data, region: str) -> Data:
    """The site tapped is where the factory is built."""
    move["region"] = region
    return move
