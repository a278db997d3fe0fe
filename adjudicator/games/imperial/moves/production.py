"""Production (IM-504, IM-505): each factory of the nation without a hostile army in it
makes one unit (armaments an army, a shipyard a fleet), as far as the nation's pieces go."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board, board
from ..logic import free_factories, index, produced, supply_left
from ..models import ProductionMove, State
from ..registry import checks
from ..vocab import nation_name, region_name, region_names
from .pieces import pieces_left, rebuild
from .turn import Data, rondel_kind

KIND = MoveKind(ProductionMove, checks, section="actions", label=N_("Production"), rule="IM-504")


@KIND.check("IM-504", "IM-505", title=N_("Which factories produce"))
def production(state: State, move: ProductionMove) -> Iterator[Violation]:
    if move.factories is None:
        return
    idx = index(state)
    free = free_factories(state, move.nation, idx.units)
    own = {f.region for f in state.nations[move.nation].factories}
    for i, r in enumerate(move.factories):
        if r not in own:
            yield checks.violation(
                "IM-504",
                N_("{nation} has no factory in {region}."),
                f"/move/factories/{i}",
                nation=nation_name(move.nation),
                region=region_name(r),
            )
        elif r not in free:
            yield checks.violation(
                "IM-504",
                N_("The factory in {region} holds a hostile army and does not produce."),
                f"/move/factories/{i}",
                region=region_name(r),
            )
    if len(set(move.factories)) != len(move.factories):
        yield checks.violation("IM-504", N_("Each factory produces one unit."), "/move/factories")
    yield from pieces_left(state, move.nation, [k for _, k in produced(state, move)], "/move")


@KIND.apply
def produce(before: State, after: State, move: ProductionMove) -> list[Message]:
    nation = move.nation
    units = dict(index(before).units)
    left = {k: supply_left(before, nation, k) for k in ("army", "fleet")}
    for region, kind in produced(before, move):
        if left[kind] > 0:
            left[kind] -= 1
            units[(nation, kind, region, None)] = units.get((nation, kind, region, None), 0) + 1
    after.units = rebuild(units)
    return [checks.message(N_("{nation} produces."), nation=nation_name(nation))]


def own(state: State, b: Board, base: Data) -> Iterator[Data]:
    yield base


def what(state: State, data: Data) -> Message:
    regions = free_factories(state, data["nation"], index(state).units)
    if not regions:
        return checks.message(N_("no factory can produce"))
    return checks.message(N_("the factories in {regions} produce"), regions=region_names(regions))


def made(state: State, nation: str) -> dict[str, int]:
    """The units the nation's free factories produce, as far as its pieces go."""
    kinds = {f.region: f.kind for f in state.nations[nation].factories}
    count = {"army": 0, "fleet": 0}
    for region in free_factories(state, nation, index(state).units):
        count["army" if kinds[region] == "armaments" else "fleet"] += 1
    supply = board().supply[nation]
    for kind, plural in (("army", "armies"), ("fleet", "fleets")):
        used = sum(u.count for u in state.units if u.nation == nation and u.kind == kind)
        count[kind] = max(0, min(count[kind], int(supply[plural]) - used))
    return count


def effects(state: State, data: Data) -> list[Message]:
    nation = data["nation"]
    out = []
    for kind, count in made(state, nation).items():
        if not count:
            continue
        if kind == "fleet":
            said = checks.message(
                N_plural("{nation} gets {count} new fleet.", "{nation} gets {count} new fleets."),
                nation=nation_name(nation),
                count=count,
            )
        else:
            said = checks.message(
                N_plural("{nation} gets {count} new army.", "{nation} gets {count} new armies."),
                nation=nation_name(nation),
                count=count,
            )
        out.append(said)
    return out


def pick(state: State, base: Data, rng: random.Random) -> Data:
    return base


rondel_kind(KIND, own=own, what=what, effects=effects, pick=pick)
