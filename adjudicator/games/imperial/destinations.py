"""The maneuver's options: where each unit of the nation to move may go, read off the
board, the battles it may call there, and each such one-unit maneuver in words.

The search is generous but small: the legal-actions list (:mod:`.options`) hands every
move found here to the game's own maneuver check, which keeps the legal ones. An army
has one route per destination (the first found: rail, then a step, then a convoy); a
fleet sails to a bordering sea, or from its port to the anchor sea.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...core.i18n import N_, Message
from .board import Board, board
from .models import State
from .vocab import nation_name, region_name, region_names, stance_name

DOMAIN = "imperial"
Candidate = dict[str, Any]


@dataclass(frozen=True)
class Route:
    """An army's way to ``route[-1]``: ``by`` is ``rail``, ``step`` or ``convoy``."""

    route: tuple[str, ...]
    by: str

    @property
    def target(self) -> str:
        return self.route[-1]


def own_units(state: State, nation: str, kind: str) -> dict[str, int]:
    """The regions holding ``nation``'s units of ``kind``, with how many."""
    found: dict[str, int] = {}
    for u in state.units:
        if u.nation == nation and u.kind == kind:
            found[u.region] = found.get(u.region, 0) + u.count
    return found


def occupied_homes(state: State, b: Board) -> set[str]:
    """Home provinces holding a hostile army of another nation (they cut the rail)."""
    return {
        u.region
        for u in state.units
        if u.kind == "army"
        and b.home.get(u.region) not in (None, u.nation)
        and (u.stance or "hostile") == "hostile"
    }


def fleet_targets(b: Board, source: str) -> list[str]:
    """The seas a fleet in ``source`` may sail to."""
    if source in b.anchor:
        return [b.anchor[source]]
    return sorted(b.sea_adj.get(source, ()))


def _rail(b: Board, start: str, homes: set[str], cut: set[str]) -> dict[str, tuple[str, ...]]:
    """The home provinces reached by rail from ``start``, each with its path."""
    paths: dict[str, tuple[str, ...]] = {start: (start,)}
    if start not in homes:
        return paths
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in cut:
            continue
        for nxt in sorted(b.land_adj.get(here, ())):
            if nxt in homes and nxt not in paths and nxt not in cut:
                paths[nxt] = (*paths[here], nxt)
                queue.append(nxt)
    return paths


def _convoys(b: Board, start: str, fleets: dict[str, int]) -> Iterator[tuple[str, ...]]:
    """Chains of seas holding the nation's fleets from the coast of ``start``, each ending
    at a coastal land region: ``(sea, ..., land)``."""
    queue: deque[tuple[str, ...]] = deque(
        (sea,) for sea in sorted(b.coast.get(start, ())) if fleets.get(sea)
    )
    seen = {chain[0] for chain in queue}
    while queue:
        chain = queue.popleft()
        for land in sorted(b.coast.get(chain[-1], ())):
            if land in b.land and land != start:
                yield (*chain, land)
        for sea in sorted(b.sea_adj.get(chain[-1], ())):
            if fleets.get(sea) and sea not in seen:
                seen.add(sea)
                queue.append((*chain, sea))


def army_routes(state: State, b: Board, nation: str, source: str) -> list[Route]:
    """One route to each land region an army in ``source`` may reach this maneuver."""
    homes = set(b.homes_of.get(nation, ()))
    cut = occupied_homes(state, b)
    fleets = own_units(state, nation, "fleet")
    found: dict[str, Route] = {}

    def add(route: tuple[str, ...], by: str) -> None:
        if route[-1] != source and route[-1] not in found and route[-1] in b.land:
            found[route[-1]] = Route(route, by)

    rail = _rail(b, source, homes, cut)
    for path in rail.values():
        add(path, "rail")
    arrivals: list[tuple[tuple[str, ...], str]] = []
    for path in rail.values():
        for nxt in sorted(b.land_adj.get(path[-1], ())):
            arrivals.append(((*path, nxt), "step"))
        for chain in _convoys(b, path[-1], fleets):
            arrivals.append(((*path, *chain), "convoy"))
    for route, by in arrivals:
        add(route, by)
    for route, by in arrivals:
        # Arriving at home, the army may travel on by rail (but not leave again).
        if route[-1] in homes and route[-2] not in homes:
            for path in _rail(b, route[-1], homes, cut).values():
                add((*route, *path[1:]), by)
    return sorted(found.values(), key=lambda r: r.target)


# --- the one-unit maneuvers ---------------------------------------------------------------


def _foes(state: State, nation: str, region: str, mine: str) -> list[tuple[str, str]]:
    """The (nation, unit kind) a unit of ``mine`` may fight in ``region``."""
    targets = ("fleet",) if mine == "fleet" else ("army", "fleet")
    return sorted(
        {
            (u.nation, u.kind)
            for u in state.units
            if u.region == region and u.nation != nation and u.kind in targets
        }
    )


def _battles(region: str, foes: list[tuple[str, str]], mine: str) -> list[list[dict[str, Any]]]:
    """No battle, then one battle against each foe (the target named when it differs)."""
    out: list[list[dict[str, Any]]] = [[]]
    for other, kind in foes:
        battle: dict[str, Any] = {"region": region, "against": other}
        if kind != mine:
            battle["target"] = kind
        out.append([battle])
    return out


def _without_empty(data: Candidate) -> Candidate:
    return {k: v for k, v in data.items() if v != []}


def maneuvers(state: State, b: Board, base: Candidate) -> Iterator[Candidate]:
    """The empty maneuver, then each unit's moves, the battles where units stand, the
    turned stances and the destroyed factories: one at a time."""
    nation = base["nation"]
    yield base
    for source in sorted(own_units(state, nation, "fleet")):
        for sea in fleet_targets(b, source):
            for battles in _battles(sea, _foes(state, nation, sea, "fleet"), "fleet"):
                fleet = {"from": source, "to": sea}
                yield _without_empty({**base, "fleets": [fleet], "battles": battles})
    armies = own_units(state, nation, "army")
    for source in sorted(armies):
        for way in army_routes(state, b, nation, source):
            owner = b.home.get(way.target)
            stances = ("hostile", "friendly") if owner not in (None, nation) else (None,)
            for stance in stances:
                step: dict[str, Any] = {"route": list(way.route)}
                if stance is not None:
                    step["stance"] = stance
                foes = _foes(state, nation, way.target, "army")
                for battles in _battles(way.target, foes, "army"):
                    yield _without_empty({**base, "armies": [step], "battles": battles})
                if stance != "friendly" and armies.get(way.target, 0) == 2 and owner:
                    # the third army: with the two already there it destroys the factory
                    yield {**base, "armies": [step], "destroy": [way.target]}
    for region in sorted({*armies, *own_units(state, nation, "fleet")}):
        mine = "fleet" if region in b.seas else "army"
        for battles in _battles(region, _foes(state, nation, region, mine), mine)[1:]:
            yield {**base, "battles": battles}
    for u in state.units:
        if u.nation == nation and u.kind == "army" and b.home.get(u.region) not in (None, nation):
            turned = "friendly" if (u.stance or "hostile") == "hostile" else "hostile"
            yield {**base, "stances": [{"region": u.region, "stance": turned}]}
    for region, count in sorted(armies.items()):
        if count >= 3 and b.home.get(region) not in (None, nation):
            yield {**base, "destroy": [region]}


# --- in words -------------------------------------------------------------------------------


def _message(template: Any, **params: Any) -> Message:
    return Message(DOMAIN, template, params)


def _army(nation: str, step: dict[str, Any]) -> Message:
    route = step["route"]
    b = board()
    seas = [r for r in route if r in b.seas]
    source, target = route[0], route[-1]
    if seas:
        said = _message(
            N_("army from {source} to {target} by sea, through {seas}"),
            source=region_name(source),
            target=region_name(target),
            seas=region_names(seas),
        )
    elif len(route) > 2 or set(route) <= set(b.homes_of.get(nation, ())):
        said = _message(
            N_("army from {source} to {target}, using the railway"),
            source=region_name(source),
            target=region_name(target),
        )
    else:
        said = _message(
            N_("army from {source} to {target}"),
            source=region_name(source),
            target=region_name(target),
        )
    if step.get("stance"):
        said = _message(N_("{move} ({stance})"), move=said, stance=stance_name(step["stance"]))
    return said


def _battle(battle: dict[str, Any], then: Message | None) -> Message:
    """A battle the move calls: after the unit's move (``then``), or where it stands."""
    b = board()
    fleet = (battle.get("target") or ("fleet" if battle["region"] in b.seas else "army")) == "fleet"
    foe, region = battle["against"], battle["region"]
    if then is not None and fleet:
        return _message(
            N_("{move}, then a battle with a fleet of {nation}"), move=then, nation=nation_name(foe)
        )
    if then is not None:
        return _message(
            N_("{move}, then a battle with an army of {nation}"), move=then, nation=nation_name(foe)
        )
    if fleet:
        return _message(
            N_("a battle in {region} with a fleet of {nation}"),
            region=region_name(region),
            nation=nation_name(foe),
        )
    return _message(
        N_("a battle in {region} with an army of {nation}"),
        region=region_name(region),
        nation=nation_name(foe),
    )


def maneuver_words(data: Candidate) -> Message:
    """One unit's move (or one battle, stance or destroyed factory) in words."""
    said: Message | None = None
    if data.get("fleets"):
        step = data["fleets"][0]
        said = _message(
            N_("fleet from {source} to {target}"),
            source=region_name(step["from"]),
            target=region_name(step["to"]),
        )
    elif data.get("armies"):
        said = _army(data["nation"], data["armies"][0])
    elif data.get("stances"):
        turn = data["stances"][0]
        return _message(
            N_("turn the army in {region} {stance}"),
            region=region_name(turn["region"]),
            stance=stance_name(turn["stance"]),
        )
    elif data.get("destroy"):
        return _message(
            N_("destroy the factory in {region} with 3 armies"),
            region=region_name(data["destroy"][0]),
        )
    if data.get("battles"):
        return _battle(data["battles"][0], said)
    if said is not None and data.get("destroy"):
        return _message(
            N_("{move}, then destroy the factory there with the 2 armies already in it"),
            move=said,
        )
    return said or _message(N_("move no unit"))


# --- what a one-unit maneuver does to the flags --------------------------------------------


def _moved(data: Candidate) -> list[tuple[str, str]]:
    """The (source, target) of the unit a one-unit maneuver moves (none for a battle alone)."""
    moves = [(f["from"], f["to"]) for f in data.get("fleets") or ()]
    return moves + [(a["route"][0], a["route"][-1]) for a in data.get("armies") or ()]


def flag_changes(state: State, b: Board, data: Candidate, limit: int) -> list[tuple[str, str]]:
    """The (region, nation) where a one-unit maneuver makes a nation the only one present
    outside the home provinces, so that it puts its flag there (``limit`` flags a nation)."""
    nation = data["nation"]
    battles = data.get("battles") or ()
    touched = {r for move in _moved(data) for r in move} | {bt["region"] for bt in battles}
    touched = {r for r in touched if r not in b.home and r not in b.impassable}
    if not touched:
        return []
    counts: dict[str, dict[str, int]] = {r: {} for r in touched}
    for u in state.units:
        if u.region in touched:
            counts[u.region][u.nation] = counts[u.region].get(u.nation, 0) + u.count

    def add(who: str, region: str, n: int) -> None:
        if region in touched:
            counts[region][who] = counts[region].get(who, 0) + n

    for source, target in _moved(data):
        add(nation, source, -1)
        add(nation, target, 1)
    for battle in battles:
        add(nation, battle["region"], -1)
        add(battle["against"], battle["region"], -1)
    holder = {r: nid for nid, n in state.nations.items() for r in n.flags}
    flags = {nid: len(n.flags) for nid, n in state.nations.items()}
    changes = []
    for region in sorted(touched):
        present = {who for who, n in counts[region].items() if n > 0}
        if len(present) != 1:
            continue
        (only,) = present
        if holder.get(region) != only and flags[only] < limit:
            if holder.get(region):
                flags[holder[region]] -= 1
            flags[only] += 1
            changes.append((region, only))
    return changes
