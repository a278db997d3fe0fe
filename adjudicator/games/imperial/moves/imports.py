"""Import (IM-505–507): the nation buys up to 3 units for 1M each from its treasury and
places them in its home provinces without a hostile army (fleets only in ports)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board, board
from ..data import IMPORT_COST, IMPORT_LIMIT
from ..destinations import occupied_homes
from ..logic import index, occupied, supply_left
from ..models import ImportMove, State
from ..registry import checks
from ..vocab import nation_name, region_name
from .pieces import paid, pieces_left, rebuild
from .turn import Data, rondel_kind

KIND = MoveKind(ImportMove, checks, section="actions", label=N_("Import"), rule="IM-506")


@KIND.check("IM-505", "IM-506", "IM-507", title=N_("What can be imported, and where"))
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
    yield from pieces_left(state, move.nation, [u.kind for u in move.units], "/move/units")


@KIND.apply
def bring(before: State, after: State, move: ImportMove) -> list[Message]:
    nation = move.nation
    units = dict(index(before).units)
    for item in move.units:
        key = (nation, item.kind, item.region, None)
        units[key] = units.get(key, 0) + 1
    after.nations[nation].treasury -= IMPORT_COST * len(move.units)
    after.units = rebuild(units)
    if not move.units:
        return [checks.message(N_("{nation} imports no unit."), nation=nation_name(nation))]
    return [
        checks.message(
            N_plural("{nation} imports {count} unit.", "{nation} imports {count} units."),
            nation=nation_name(nation),
            count=len(move.units),
        )
    ]


def own(state: State, b: Board, base: Data) -> Iterator[Data]:
    """Importing nothing, then one unit at a time in each home province."""
    yield {**base, "units": []}
    for region in b.homes_of[base["nation"]]:
        yield {**base, "units": [{"kind": "army", "region": region}]}
        if b.is_port(region):
            yield {**base, "units": [{"kind": "fleet", "region": region}]}


def what(state: State, data: Data) -> Message:
    if not data.get("units"):
        return checks.message(N_("import nothing"))
    item = data["units"][0]
    if item["kind"] == "fleet":
        return checks.message(
            N_("import a fleet into {region} for 1M"), region=region_name(item["region"])
        )
    return checks.message(
        N_("import an army into {region} for 1M"), region=region_name(item["region"])
    )


def effects(state: State, data: Data) -> list[Message]:
    return [paid(data["nation"], len(data["units"]))] if data.get("units") else []


def pick(state: State, base: Data, rng: random.Random) -> Data:
    """Up to 3 random units, as far as the treasury goes, placed anywhere at home."""
    nation = base["nation"]
    b = index(state).board
    units = []
    for _ in range(rng.randint(0, min(3, state.nations[nation].treasury))):
        region = rng.choice(b.homes_of[nation])
        kind = "fleet" if b.is_port(region) and rng.random() < 0.5 else "army"
        units.append({"kind": kind, "region": region})
    return {**base, "units": units}


rondel_kind(KIND, own=own, what=what, effects=effects, pick=pick, bare={"units": []})


def choices(state: State, nation: str) -> list[dict[str, Any]]:
    """Each unit an import may bring, where it may go, with its cost."""
    b = board()
    blocked = occupied_homes(state, b)
    found: list[dict[str, Any]] = []
    for region in b.homes_of[nation]:
        if region in blocked:
            continue
        kinds = ("army", "fleet") if b.is_port(region) else ("army",)
        found += [
            {"kind": k, "region": region, "cost": IMPORT_COST}
            for k in kinds
            if supply_left(state, nation, k) > 0
        ]
    return found


@KIND.choose
def _choose(state: State, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """What an import entry leaves to choose: up to 3 units, 1M each, among the home
    provinces where the nation may place them, so that an import of several units is
    reachable from the one-unit entries."""
    if not data.get("units"):
        return None
    most = min(IMPORT_LIMIT, state.nations[data["nation"]].treasury)
    return {"field": "units", "most": most, "among": choices(state, data["nation"])}


@KIND.marks
def _marks(state: State, data: Data) -> dict[str, Any]:
    return {"piece": None, "to": [u["region"] for u in data.get("units") or ()]}


@KIND.places
def _places(state: State, data: Data) -> list[str]:
    return [f"region:{u.get('region')}" for u in data.get("units") or [] if isinstance(u, dict)]


def tap(state: Any, move: Data, region: str) -> Data:
    """Each tap places one unit: a fleet at sea, an army on land."""
    unit = "fleet" if region in board().seas else "army"
    move.setdefault("units", []).append({"kind": unit, "region": region})
    return move
