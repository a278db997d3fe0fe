"""The actions of the rondel (IM-5xx): factory, production and import."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import FACTORY_COST, IMPORT_COST, IMPORT_LIMIT
from ..logic import free_factories, index, occupied, produced, supply_left
from ..models import FactoryMove, ImportMove, ProductionMove, State
from ..vocab import building_name, nation_name, region_name, unit_name
from . import checks


@checks.move(
    "IM-501",
    "IM-502",
    "IM-503",
    title=N_("Where and whether a factory can be built"),
)
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


@checks.move("IM-504", "IM-505", title=N_("Which factories produce"))
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
    yield from _pieces_left(state, move.nation, [k for _, k in produced(state, move)], "/move")


@checks.move("IM-505", "IM-506", "IM-507", title=N_("What can be imported, and where"))
def imports(state: State, move: ImportMove) -> Iterator[Violation]:
    idx = index(state)
    b = idx.board
    if len(move.units) > IMPORT_LIMIT:
        yield checks.violation(
            "IM-506",
            N_("At most 3 units are imported; {count} were named."),
            "/move/units",
            count=len(move.units),
        )
    n = state.nations[move.nation]
    if IMPORT_COST * len(move.units) > n.treasury:
        yield checks.violation(
            "IM-506",
            N_plural(
                "{count} unit costs {count}M; {nation}'s treasury has {money}M.",
                "{count} units cost {count}M; {nation}'s treasury has {money}M.",
            ),
            "/move/units",
            count=len(move.units),
            nation=nation_name(move.nation),
            money=n.treasury,
        )
    for i, item in enumerate(move.units):
        path = f"/move/units/{i}"
        if b.home.get(item.region) != move.nation:
            yield checks.violation(
                "IM-507",
                N_("{region} is not a home province of {nation}."),
                path,
                region=region_name(item.region),
                nation=nation_name(move.nation),
            )
        elif occupied(b, idx.units, item.region):
            yield checks.violation(
                "IM-507",
                N_("A hostile army stands in {region}."),
                path,
                region=region_name(item.region),
            )
        elif item.kind == "fleet" and not b.is_port(item.region):
            yield checks.violation(
                "IM-507",
                N_("Fleets are placed only in ports; {region} is not one."),
                path,
                region=region_name(item.region),
            )
    yield from _pieces_left(state, move.nation, [u.kind for u in move.units], "/move/units")


def _pieces_left(state: State, nation: str, wanted: list[str], path: str) -> Iterator[Violation]:
    """IM-505 for each unit kind of which ``wanted`` asks more than ``nation`` has left."""
    for kind in ("army", "fleet"):
        left = supply_left(state, nation, kind)
        if wanted.count(kind) <= left:
            continue
        if left == 0:
            yield checks.violation(
                "IM-505",
                N_("{nation} has no {kind} piece left."),
                path,
                nation=nation_name(nation),
                kind=unit_name(kind),
            )
        else:
            yield checks.violation(
                "IM-505",
                N_plural(
                    "{nation} has only {count} {kind} piece left.",
                    "{nation} has only {count} {kind} pieces left.",
                ),
                path,
                nation=nation_name(nation),
                count=left,
                kind=unit_name(kind),
            )
