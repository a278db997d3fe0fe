"""Maneuver (IM-6xx): the nation's fleets move, then its armies (by land, by rail at home,
by convoy over seas its fleets hold), battles are fought, stances set and factories
destroyed. The phases are :mod:`..maneuver`'s; the moves one unit at a time are listed by
:mod:`..destinations`."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from typing import Any

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board, board
from ..data import FLAGS_PER_NATION
from ..destinations import flag_changes, maneuver_words, maneuvers
from ..logic import index
from ..maneuver import simulate
from ..models import ManeuverMove, State
from ..registry import checks
from ..vocab import CONFIDENCE, nation_name, region_name
from .pieces import rebuild
from .turn import Data, bonds_group, rondel_kind

KIND = MoveKind(ManeuverMove, checks, section="maneuver", label=N_("Maneuver"), rule="IM-602")

#: The rules a maneuver's phases judge (see :mod:`..maneuver`).
MANEUVER_RULES = (
    "IM-601",
    "IM-602",
    "IM-603",
    "IM-604",
    "IM-605",
    "IM-606",
    "IM-607",
    "IM-608",
    "IM-609",
    "IM-611",
    "IM-612",
    "IM-613",
    "IM-614",
    "IM-618",
    "IM-207",
)


@KIND.check(*MANEUVER_RULES, title=N_("Movements, battles and destruction on the map"))
def maneuver(state: State, move: ManeuverMove) -> Iterator[Violation]:
    yield from simulate(state, move).violations


def _doubtful(move: ManeuverMove) -> list[Message]:
    """A note for each border used whose map confidence is not high."""
    b = board()
    pairs = [(f.from_, f.to) for f in move.fleets]
    pairs += [(a, c) for army in move.armies for a, c in itertools.pairwise(army.route)]
    notes = []
    for a, c in dict.fromkeys(pairs):
        confidence = b.confidence(a, c)
        if confidence not in (None, "high"):
            notes.append(
                checks.message(
                    N_(
                        "The border between {source} and {target} is rated {confidence} in "
                        "the map data, not confirmed on a printed board."
                    ),
                    source=region_name(a),
                    target=region_name(c),
                    confidence=checks.message(CONFIDENCE.get(confidence, confidence)),
                )
            )
    return notes


@KIND.apply
def move_units(before: State, after: State, move: ManeuverMove) -> list[Message]:
    out = simulate(before, move)
    after.units = rebuild(out.units)
    for owner, regions in out.factories.items():
        after.nations[owner].factories = [
            f for f in after.nations[owner].factories if f.region not in regions
        ]
    for region, holder in out.flags.items():
        for other in after.nations.values():
            if region in other.flags:
                other.flags.remove(region)
        if holder:
            after.nations[holder].flags.append(region)
    if out.battles:
        said = checks.message(
            N_plural(
                "{nation} maneuvers; {count} battle fought.",
                "{nation} maneuvers; {count} battles fought.",
            ),
            nation=nation_name(move.nation),
            count=out.battles,
        )
    else:
        said = checks.message(N_("{nation} maneuvers."), nation=nation_name(move.nation))
    return [said, *_doubtful(move)]


def own(state: State, b: Board, base: Data) -> Iterator[Data]:
    return maneuvers(state, b, base)


def what(state: State, data: Data) -> Message:
    return maneuver_words(data)


def effects(state: State, data: Data) -> list[Message]:
    out = []
    if data.get("battles"):
        out.append(checks.message(N_("One battle: each side loses a unit.")))
    for region, holder in flag_changes(state, board(), data, FLAGS_PER_NATION):
        out.append(
            checks.message(
                N_("{nation} puts its flag in {region}."),
                nation=nation_name(holder),
                region=region_name(region),
            )
        )
    return out


@KIND.group
def _group(state: State, data: Data) -> Message | None:
    """The sub-list of each unit's moves, of each investor's bonds, and of the battles."""
    if data.get("investments"):
        return bonds_group(data)
    if data.get("fleets"):
        return checks.message(
            N_("Fleet in {region}"), region=region_name(data["fleets"][0]["from"])
        )
    if data.get("armies"):
        return checks.message(
            N_("Army in {region}"), region=region_name(data["armies"][0]["route"][0])
        )
    if data.get("battles"):
        return checks.message(N_("Battles where the units stand"))
    return None


def _random_fleets(state: State, nation: str, rng: random.Random) -> tuple[list[Data], set[str]]:
    idx = index(state)
    b = idx.board
    fleets: list[Data] = []
    seas: set[str] = set()
    own_units = [(k, r, c) for (na, k, r, _), c in idx.units.items() if na == nation and c > 0]
    for kind, region, count in own_units:
        for _ in range(count):
            if kind != "fleet" or rng.random() < 0.3:
                if kind == "fleet":
                    seas.add(region)
                continue
            options = (
                [b.anchor[region]] if region in b.anchor else sorted(b.sea_adj.get(region, ()))
            )
            if options:
                target = rng.choice(options)
                fleets.append({"from": region, "to": target})
                seas.add(target)
    return fleets, seas


def _random_army(
    b: Board, nation: str, region: str, seas: set[str], rng: random.Random
) -> Data | None:
    roll = rng.random()
    land = sorted(b.land_adj.get(region, ()))
    if roll < 0.15:
        coast = sorted(s for s in b.coast.get(region, ()) if s in seas)
        if coast:
            sea = rng.choice(coast)
            landing = sorted(r for r in b.coast.get(sea, ()) if r != region)
            if landing:
                return {"route": [region, sea, rng.choice(landing)]}
    if roll < 0.3 and region in b.homes_of[nation]:
        rail = sorted(r for r in land if r in b.homes_of[nation])
        if rail:
            mid = rng.choice(rail)
            after = sorted(r for r in b.land_adj.get(mid, ()) if r != region)
            if after:
                return {"route": [region, mid, rng.choice(after)]}
    if not land:
        return None
    target = rng.choice(land)
    step: Data = {"route": [region, target]}
    if b.home.get(target) not in (None, nation):
        step["stance"] = rng.choice(["hostile", "friendly"])
    return step


def pick(state: State, base: Data, rng: random.Random) -> Data:
    """Random moves of the nation's units (some stay), and maybe a battle where it stands."""
    nation = base["nation"]
    idx = index(state)
    fleets, seas = _random_fleets(state, nation, rng)
    armies = []
    own_units = [(k, r, c) for (na, k, r, _), c in idx.units.items() if na == nation and c > 0]
    for kind, region, count in own_units:
        for _ in range(count if kind == "army" else 0):
            if rng.random() < 0.35:
                continue
            step = _random_army(idx.board, nation, region, seas, rng)
            if step is not None:
                armies.append(step)
    battles = []
    if rng.random() < 0.5:
        here = {r for _, r, _ in own_units}
        for (na, _, r, _), c in sorted(idx.units.items()):
            if na != nation and c > 0 and r in here and rng.random() < 0.5:
                battles.append({"region": r, "against": na})
                break
    parts = {"fleets": fleets, "armies": armies, "battles": battles}
    return {**base, **{k: v for k, v in parts.items() if v}}


rondel_kind(KIND, own=own, what=what, effects=effects, pick=pick, once=True)


def _piece(nation: str, kind: str, region: str) -> dict[str, str]:
    return {"nation": nation, "kind": kind, "region": region}


@KIND.marks
def _marks(state: State, data: Mapping[str, Any]) -> dict[str, Any]:
    """The unit a one-unit maneuver moves and where it goes (a battle's or a destroyed
    factory's region when it moves none)."""
    nation = data["nation"]
    if data.get("fleets"):
        step = data["fleets"][0]
        return {"piece": _piece(nation, "fleet", step["from"]), "to": [step["to"]]}
    if data.get("armies"):
        route = data["armies"][0]["route"]
        return {"piece": _piece(nation, "army", route[0]), "to": [route[-1]]}
    if data.get("stances"):
        region = data["stances"][0]["region"]
        return {"piece": _piece(nation, "army", region), "to": [region]}
    regions = [b["region"] for b in data.get("battles") or ()] + list(data.get("destroy") or ())
    return {"piece": None, "to": regions}


def allowed_by(state: State, move: Any) -> list[str]:
    """The rules a legal maneuver is made under, by what it does: a fleet's move (IM-601),
    an army's step, convoy or rail journey (IM-602, IM-603, IM-604), a stance (IM-610,
    IM-611), a battle (IM-607, IM-608, IM-609 in a port), a destroyed factory (IM-613)."""
    if not isinstance(move, ManeuverMove):
        return []
    b = board()
    found: list[str] = []
    if move.fleets:
        found.append("IM-601")
    for army in move.armies:
        found.append("IM-602")
        if any(r in b.seas for r in army.route):
            found.append("IM-603")
        elif len(army.route) > 2:
            found.append("IM-604")
        if b.home.get(army.route[-1]) not in (None, move.nation):
            found.append("IM-610")
    if move.stances:
        found.append("IM-611")
    for battle in move.battles:
        found += ["IM-607", "IM-608"]
        if battle.region not in b.seas and (battle.unit == "fleet" or battle.target == "fleet"):
            found.append("IM-609")
    if move.destroy:
        found.append("IM-613")
    return list(dict.fromkeys(found))


def step_of(move: Data) -> tuple[str, int] | None:
    """The unit step being entered: one whose route is not finished, else the last one."""
    armies = [a for a in move.get("armies") or [] if isinstance(a, dict)]
    fleets = [f for f in move.get("fleets") or [] if isinstance(f, dict)]
    for number, army in enumerate(armies):
        if len(army.get("route") or []) < 2:
            return "armies", number
    for number, fleet in enumerate(fleets):
        if not fleet.get("to"):
            return "fleets", number
    if armies:
        return "armies", len(armies) - 1
    if fleets:
        return "fleets", len(fleets) - 1
    return None


@KIND.places
def _places(state: State, move: Data) -> list[str]:
    """The unit's region first, then its route."""
    step = step_of(move)
    if step is None:
        return []
    unit = move[step[0]][step[1]]
    regions = unit.get("route") or [] if step[0] == "armies" else [unit.get("from"), unit.get("to")]
    return [f"region:{r}" for r in regions if r]


def has_unit(state: Any, nation: str, kind: str, region: str) -> bool:
    return any((u.nation, u.kind, u.region) == (nation, kind, region) for u in state.units)


def started(move: dict[str, Any]) -> set[str]:
    """The regions the maneuver's units start from."""
    found = {(a.get("route") or [""])[0] for a in move.get("armies") or [] if isinstance(a, dict)}
    return found | {str(f.get("from")) for f in move.get("fleets") or [] if isinstance(f, dict)}


def tap(state: Any, move: Data, region: str) -> Data | None:
    """The maneuver after a tap on ``region``: the unit there picked, or the route of the
    unit being moved drawn on to it."""
    step, nation = step_of(move), str(move.get("nation") or state.turn or "")
    if step is not None:
        unit = move[step[0]][step[1]]
        if step[0] == "fleets" and not unit.get("to"):
            unit["to"] = region
            return move
        if step[0] == "armies" and len(unit.get("route") or []) < 2:
            unit.setdefault("route", []).append(region)
            return stance(move, unit, nation)
    if region not in started(move):
        if has_unit(state, nation, "army", region):
            move.setdefault("armies", []).append({"route": [region]})
            return move
        if has_unit(state, nation, "fleet", region):
            move.setdefault("fleets", []).append({"from": region})
            return move
    if step is not None and step[0] == "armies":
        unit = move["armies"][step[1]]
        unit["route"].append(region)  # the route goes on, region by region
        return stance(move, unit, nation)
    return None


def stance(move: dict[str, Any], army: dict[str, Any], nation: str) -> dict[str, Any]:
    """An army that ends in another nation's home province must say how it stands: hostile
    unless the move says otherwise (the form offers both, and the options list both)."""
    owner = board().home.get(army["route"][-1])
    if owner and owner != nation:
        army.setdefault("stance", "hostile")
    else:
        army.pop("stance", None)
    return move


def start(state: Any, move: Data, region: str) -> Data | None:
    """A tap on one of the nation's units, in a move of another kind: that unit's maneuver
    (``None``: no unit of the nation stands there)."""
    nation = str(move.get("nation") or state.turn or "")
    if not any(has_unit(state, nation, unit, region) for unit in ("army", "fleet")):
        return None
    kept = {"nation": move["nation"]} if move.get("nation") else {}
    return tap(state, {"type": KIND.type, **kept}, region)
