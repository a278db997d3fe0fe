"""The maneuver: fleets, battles at sea, armies (rail, step, convoy), stances, battles on
land, destroyed factories and flags, decided on the board data."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ...core.i18n import N_
from ...core.verdicts import Violation
from .checks import FLAGS_PER_NATION, checks
from .logic import Key, count, occupied
from .models import ManeuverMove, State
from .vocab import nation_name, region_name, region_names, stance_name


@dataclass
class Outcome:
    units: dict[Key, int]
    factories: dict[str, list[str]]  # nation -> factory regions removed
    flags: dict[str, str | None] = field(default_factory=dict)  # region -> new flag owner
    violations: list[Violation] = field(default_factory=list)
    battles: int = 0


def _take(
    units: dict[Key, int], nation: str, kind: str, region: str, prefer: str | None = None
) -> str | bool | None:
    """Remove one unit; returns its stance, or False if there is none."""
    keys = [k for k, n in units.items() if n > 0 and k[:3] == (nation, kind, region)]
    if not keys:
        return False
    keys.sort(key=lambda k: (k[3] != prefer, str(k[3])))
    key = keys[0]
    units[key] -= 1
    if units[key] == 0:
        del units[key]
    return key[3]


def _put(units: dict[Key, int], key: Key) -> None:
    units[key] = units.get(key, 0) + 1


def _last_free(
    state: State, units: dict[Key, int], owner: str, region: str, removed: dict[str, list[str]]
) -> bool:
    from .board import board

    b = board()
    regions = [
        f.region for f in state.nations[owner].factories if f.region not in removed.get(owner, [])
    ]
    free = [r for r in regions if not occupied(b, units, r)]
    return free == [region]


def simulate(state: State, move: ManeuverMove) -> Outcome:
    from .board import board

    b = board()
    me = move.nation
    units: dict[Key, int] = defaultdict(int)
    for u in state.units:
        stance = (
            u.stance
            if (u.kind == "army" and b.home.get(u.region) not in (None, u.nation))
            else None
        )
        if stance is None and u.kind == "army" and b.home.get(u.region) not in (None, u.nation):
            stance = "hostile"
        units[(u.nation, u.kind, u.region, stance)] += u.count
    out = Outcome(units=units, factories={})
    v = out.violations
    entered: set[str] = set()

    # 1. fleets
    moved: dict[str, int] = defaultdict(int)  # fleets that arrived (cannot move again)
    for i, step in enumerate(move.fleets):
        path = f"/move/fleets/{i}"
        src, dst = step.from_, step.to
        avail = count(units, me, "fleet", src) - moved[src]
        if avail <= 0:
            v.append(
                checks.violation(
                    "IM-606",
                    N_("{nation} has no fleet left to move in {region}."),
                    path,
                    nation=nation_name(me),
                    region=region_name(src),
                )
            )
            continue
        if dst in b.impassable:
            v.append(
                checks.violation(
                    "IM-207", N_("No unit may enter {region}."), path, region=region_name(dst)
                )
            )
            continue
        if dst not in b.seas:
            v.append(
                checks.violation(
                    "IM-601",
                    N_("A fleet never moves onto land ({region})."),
                    path,
                    region=region_name(dst),
                )
            )
            continue
        ok = dst in b.sea_adj.get(src, ()) if src in b.seas else b.anchor.get(src) == dst
        if not ok:
            if src in b.seas:
                v.append(
                    checks.violation(
                        "IM-601",
                        N_("{source} and {target} do not border on the map."),
                        path + "/to",
                        source=region_name(src),
                        target=region_name(dst),
                    )
                )
            else:
                v.append(
                    checks.violation(
                        "IM-601",
                        N_(
                            "A fleet in the port of {source} sails only to its anchor sea, "
                            "{anchor}."
                        ),
                        path + "/to",
                        source=region_name(src),
                        anchor=region_name(b.anchor.get(src, "-")),
                    )
                )
            continue
        _take(units, me, "fleet", src)
        _put(units, (me, "fleet", dst, None))
        moved[dst] += 1
        entered.add(dst)

    def battle(i: int, sea_phase: bool) -> None:
        bt = move.battles[i]
        region = bt.region
        if (region in b.seas) != sea_phase:
            return
        path = f"/move/battles/{i}"
        mine = "fleet" if region in b.seas else "army"
        target = bt.target or mine
        caller = bt.called_by or me
        if bt.against == me:
            v.append(checks.violation("IM-607", N_("A nation does not fight itself."), path))
            return
        if region in b.seas and target == "army":
            v.append(
                checks.violation(
                    "IM-609",
                    N_("Armies fight fleets only in port, never at sea ({region})."),
                    path,
                    region=region_name(region),
                )
            )
            return
        if caller not in (me, bt.against):
            v.append(
                checks.violation(
                    "IM-608",
                    N_("Only the moving nation or the one it meets may call a battle."),
                    path + "/called_by",
                )
            )
            return
        if caller != me and region not in entered:
            v.append(
                checks.violation(
                    "IM-608",
                    N_(
                        "{nation} may call a battle only where the moving nation has just "
                        "arrived or changed stance; not in {region}."
                    ),
                    path,
                    nation=nation_name(caller),
                    region=region_name(region),
                )
            )
            return
        if count(units, me, mine, region) == 0 or count(units, bt.against, target, region) == 0:
            v.append(
                checks.violation(
                    "IM-607",
                    N_("A battle in {region} needs a unit of {nation} and one of {other} there."),
                    path,
                    region=region_name(region),
                    nation=nation_name(me),
                    other=nation_name(bt.against),
                )
            )
            return
        _take(units, me, mine, region, "hostile")
        _take(units, bt.against, target, region)
        out.battles += 1

    # 2. battles at sea
    for i in range(len(move.battles)):
        battle(i, True)

    # 3. armies
    convoyed: dict[str, int] = defaultdict(int)
    arrived: dict[str, int] = defaultdict(int)
    homes = set(b.homes_of.get(me, ()))
    for i, army in enumerate(move.armies):
        path = f"/move/armies/{i}"
        route = army.route
        src = route[0]
        if count(units, me, "army", src) - arrived[src] <= 0:
            v.append(
                checks.violation(
                    "IM-606",
                    N_("{nation} has no army left to move in {region}."),
                    path,
                    nation=nation_name(me),
                    region=region_name(src),
                )
            )
            continue
        if any(r in b.impassable for r in route):
            v.append(
                checks.violation(
                    "IM-207",
                    N_("No unit may enter {region}."),
                    path,
                    region=region_name(next(r for r in route if r in b.impassable)),
                )
            )
            continue
        if src in b.seas or route[-1] in b.seas:
            v.append(
                checks.violation("IM-603", N_("An army ends a convoy on land, never at sea."), path)
            )
            continue
        steps = 0
        cut_hit = False
        entered_home = False
        bad = False
        used: list[str] = []
        j = 0
        while j < len(route) - 1 and not bad:
            a, nxt = route[j], route[j + 1]
            cut = occupied(b, units, a) or occupied(b, units, nxt)
            if a in homes and nxt in homes and nxt in b.land_adj.get(a, ()):
                if not cut:
                    j += 1
                    continue  # rail
                cut_hit = True
            if nxt in b.seas:
                seas = []
                k = j + 1
                while k < len(route) and route[k] in b.seas:
                    seas.append(route[k])
                    k += 1
                land = route[k] if k < len(route) else None
                if land is None:
                    v.append(
                        checks.violation(
                            "IM-603", N_("An army ends a convoy on land, never at sea."), path
                        )
                    )
                    bad = True
                    break
                chain = [a, *seas, land]
                linked = all(
                    chain[x + 1]
                    in (
                        b.coast.get(chain[x], ())
                        if x in (0, len(chain) - 2)
                        else b.sea_adj.get(chain[x], ())
                    )
                    for x in range(len(chain) - 1)
                )
                if not linked:
                    v.append(
                        checks.violation(
                            "IM-603",
                            N_("The convoy {route} does not follow bordering regions."),
                            path,
                            route=region_names(chain),
                        )
                    )
                    bad = True
                    break
                for sea in seas:
                    if count(units, me, "fleet", sea) - convoyed[sea] - used.count(sea) <= 0:
                        v.append(
                            checks.violation(
                                "IM-603",
                                N_(
                                    "No fleet of {nation} is free to carry the army "
                                    "through {region}."
                                ),
                                path,
                                nation=nation_name(me),
                                region=region_name(sea),
                            )
                        )
                        bad = True
                        break
                if bad:
                    break
                used.extend(seas)
                steps += 1
                entered_home = entered_home or (land in homes and a not in homes)
                j = k
                continue
            if nxt in b.land_adj.get(a, ()):
                steps += 1
                entered_home = entered_home or (nxt in homes and a not in homes)
                j += 1
                continue
            if a in homes and nxt in homes:
                v.append(
                    checks.violation(
                        "IM-604",
                        N_("No railway joins {source} and {target}."),
                        path,
                        source=region_name(a),
                        target=region_name(nxt),
                    )
                )
            elif frozenset((a, nxt)) in (
                {frozenset(("sweden", "denmark")), frozenset(("spain", "morocco"))}
            ):
                v.append(
                    checks.violation(
                        "IM-618",
                        N_("Armies cross between {source} and {target} only by convoy."),
                        path,
                        source=region_name(a),
                        target=region_name(nxt),
                    )
                )
            else:
                v.append(
                    checks.violation(
                        "IM-602",
                        N_("{source} and {target} do not border on the map."),
                        path,
                        source=region_name(a),
                        target=region_name(nxt),
                    )
                )
            bad = True
        if bad:
            continue
        if steps > 1:
            if cut_hit:
                v.append(
                    checks.violation(
                        "IM-604", N_("A hostile army cuts the rail line on this route."), path
                    )
                )
            elif entered_home:
                v.append(
                    checks.violation(
                        "IM-605",
                        N_(
                            "An army that came into its home country by its move may "
                            "travel on by rail but not leave again."
                        ),
                        path,
                    )
                )
            else:
                v.append(
                    checks.violation(
                        "IM-602",
                        N_("An army makes one move per maneuver, plus rail travel at home."),
                        path,
                    )
                )
            continue
        dst = route[-1]
        owner = b.home.get(dst)
        new_stance: str | None = None
        if owner is not None and owner != me:
            last = _last_free(state, units, owner, dst, out.factories)
            if last and army.stance == "hostile":
                v.append(
                    checks.violation(
                        "IM-612",
                        N_(
                            "{region} is the last free factory of {owner}; "
                            "armies enter it only friendly."
                        ),
                        path + "/stance",
                        region=region_name(dst),
                        owner=nation_name(owner),
                    )
                )
                continue
            new_stance = army.stance or ("friendly" if last else "hostile")
        convoyed.update({s: convoyed[s] + used.count(s) for s in set(used)})
        _take(units, me, "army", src, "hostile")
        _put(units, (me, "army", dst, new_stance))
        arrived[dst] += 1
        entered.add(dst)

    # 4. stances
    for i, ch in enumerate(move.stances):
        path = f"/move/stances/{i}"
        owner = b.home.get(ch.region)
        other = "friendly" if ch.stance == "hostile" else "hostile"
        if owner in (None, me) or units.get((me, "army", ch.region, other), 0) <= 0:
            v.append(
                checks.violation(
                    "IM-611",
                    N_(
                        "{nation} has no {stance} army in a foreign home province {region} to turn."
                    ),
                    path,
                    nation=nation_name(me),
                    stance=stance_name(other),
                    region=region_name(ch.region),
                )
            )
            continue
        assert owner is not None
        if ch.stance == "hostile" and _last_free(state, units, owner, ch.region, out.factories):
            v.append(
                checks.violation(
                    "IM-612",
                    N_(
                        "{region} is the last free factory of {owner}; "
                        "armies enter it only friendly."
                    ),
                    path,
                    region=region_name(ch.region),
                    owner=nation_name(owner),
                )
            )
            continue
        _take(units, me, "army", ch.region, other)
        _put(units, (me, "army", ch.region, ch.stance))
        entered.add(ch.region)

    # 5. battles on land
    for i in range(len(move.battles)):
        battle(i, False)

    # 6. destroyed factories
    for i, region in enumerate(move.destroy):
        path = f"/move/destroy/{i}"
        owner = b.home.get(region)
        has_factory = (
            owner is not None
            and owner != me
            and any(f.region == region for f in state.nations[owner].factories)
            and region not in out.factories.get(owner, [])
        )
        if not has_factory:
            v.append(
                checks.violation(
                    "IM-613",
                    N_("There is no foreign factory in {region} to destroy."),
                    path,
                    region=region_name(region),
                )
            )
            continue
        assert owner is not None
        mine = count(units, me, "army", region)
        defenders = count(units, owner, "army", region) + count(units, owner, "fleet", region)
        if mine < 3 or defenders:
            v.append(
                checks.violation(
                    "IM-613",
                    N_(
                        "Destroying the factory in {region} takes 3 armies of {nation} "
                        "and no unit of {owner} there; there are {armies} and {defenders}."
                    ),
                    path,
                    region=region_name(region),
                    nation=nation_name(me),
                    owner=nation_name(owner),
                    armies=mine,
                    defenders=defenders,
                )
            )
            continue
        if _last_free(state, units, owner, region, out.factories):
            v.append(
                checks.violation(
                    "IM-614",
                    N_("{region} is the last free factory of {owner} and cannot be destroyed."),
                    path,
                    region=region_name(region),
                    owner=nation_name(owner),
                )
            )
            continue
        for _ in range(3):
            _take(units, me, "army", region, "hostile")
        out.factories.setdefault(owner, []).append(region)

    # 7. flags
    present: dict[str, set[str]] = defaultdict(set)
    for (nation, _, region, _), n in units.items():
        if n > 0 and region not in b.home and region not in b.impassable:
            present[region].add(nation)
    flags_now = {r: nid for nid, nat in state.nations.items() for r in nat.flags}
    counts = {nid: len(nat.flags) for nid, nat in state.nations.items()}
    for region, nations in sorted(present.items()):
        if len(nations) == 1:
            (only,) = nations
            if flags_now.get(region) != only and counts[only] < FLAGS_PER_NATION:
                old = flags_now.get(region)
                if old:
                    counts[old] -= 1
                counts[only] += 1
                out.flags[region] = only
    return out
