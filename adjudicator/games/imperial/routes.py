"""An army's route in a maneuver, read step by step: rail travel at home, a step across a
border, a convoy across seas; and whether it makes more than the one move allowed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.i18n import N_
from ...core.verdicts import Violation
from .data import CONVOY_ONLY
from .logic import count, occupied
from .registry import checks
from .vocab import nation_name, region_name, region_names

if TYPE_CHECKING:
    from .maneuver import Play


@dataclass
class Walk:
    """An army's route, read step by step: its moves (a rail journey at home is none), the
    seas its convoys use, and what makes more than one move illegal."""

    steps: int = 0
    cut: bool = False  # a hostile army stood on a rail line of the route
    came_home: bool = False  # the route entered the home country from outside
    seas: list[str] = field(default_factory=list)


def walk(play: Play, route: list[str], path: str) -> Walk | Violation:
    """The route read step by step, or the first reason it cannot be taken."""
    b, me = play.b, play.me
    src = route[0]
    if count(play.units, me, "army", src) - play.arrived[src] <= 0:
        return checks.violation(
            "IM-606",
            N_("{nation} has no army left to move in {region}."),
            path,
            nation=nation_name(me),
            region=region_name(src),
        )
    blocked = next((r for r in route if r in b.impassable), None)
    if blocked is not None:
        return checks.violation(
            "IM-207", N_("No unit may enter {region}."), path, region=region_name(blocked)
        )
    if src in b.seas or route[-1] in b.seas:
        return checks.violation("IM-603", N_("An army ends a convoy on land, never at sea."), path)
    homes = set(b.homes_of.get(me, ()))
    walk = Walk()
    j = 0
    while j < len(route) - 1:
        a, nxt = route[j], route[j + 1]
        if a in homes and nxt in homes and nxt in b.land_adj.get(a, ()):
            if not (occupied(b, play.units, a) or occupied(b, play.units, nxt)):
                j += 1
                continue  # rail
            walk.cut = True
        if nxt in b.seas:
            k = _convoy(play, route, j, walk, path)
            if isinstance(k, Violation):
                return k
            walk.came_home = walk.came_home or (route[k] in homes and a not in homes)
        elif nxt in b.land_adj.get(a, ()):
            k = j + 1
            walk.came_home = walk.came_home or (nxt in homes and a not in homes)
        else:
            return _no_border(a, nxt, homes, path)
        walk.steps += 1
        j = k
    return walk


def _convoy(play: Play, route: list[str], j: int, walk: Walk, path: str) -> int | Violation:
    """The convoy from ``route[j]`` across the seas that follow: the place of the land it
    ends on, with its seas added to ``walk``; or why it cannot sail."""
    b, me = play.b, play.me
    k = j + 1
    while k < len(route) and route[k] in b.seas:
        k += 1
    if k == len(route):
        return checks.violation("IM-603", N_("An army ends a convoy on land, never at sea."), path)
    chain = route[j : k + 1]
    last = len(chain) - 2
    for x in range(len(chain) - 1):
        near = b.coast if x in (0, last) else b.sea_adj
        if chain[x + 1] not in near.get(chain[x], ()):
            return checks.violation(
                "IM-603",
                N_("The convoy {route} does not follow bordering regions."),
                path,
                route=region_names(chain),
            )
    for sea in chain[1:-1]:
        if count(play.units, me, "fleet", sea) - play.convoyed[sea] - walk.seas.count(sea) <= 0:
            return checks.violation(
                "IM-603",
                N_("No fleet of {nation} is free to carry the army through {region}."),
                path,
                nation=nation_name(me),
                region=region_name(sea),
            )
    walk.seas.extend(chain[1:-1])
    return k


def _no_border(a: str, nxt: str, homes: set[str], path: str) -> Violation:
    """Why an army cannot step from ``a`` to ``nxt``, which do not border by land."""
    if a in homes and nxt in homes:
        return checks.violation(
            "IM-604",
            N_("No railway joins {source} and {target}."),
            path,
            source=region_name(a),
            target=region_name(nxt),
        )
    if frozenset((a, nxt)) in CONVOY_ONLY:
        return checks.violation(
            "IM-618",
            N_("Armies cross between {source} and {target} only by convoy."),
            path,
            source=region_name(a),
            target=region_name(nxt),
        )
    return checks.violation(
        "IM-602",
        N_("{source} and {target} do not border on the map."),
        path,
        source=region_name(a),
        target=region_name(nxt),
    )


def one_move(walk: Walk, path: str, route: list[str] | None = None) -> Violation | None:
    """An army makes one move per maneuver; why this route makes more, if it does."""
    if walk.steps <= 1:
        return None
    if walk.cut:
        return checks.violation(
            "IM-604", N_("A hostile army cuts the rail line on this route."), path
        )
    if walk.came_home:
        return checks.violation(
            "IM-605",
            N_(
                "An army that came into its home country by its move may "
                "travel on by rail but not leave again."
            ),
            path,
        )
    if route and len(route) > 2:
        return checks.violation(
            "IM-602",
            N_(
                "The army going from {source} through {through} to {target} makes {count} "
                "moves; an army makes one move per maneuver, plus rail travel at home."
            ),
            path + "/route",
            source=region_name(route[0]),
            through=region_names(route[1:-1]),
            target=region_name(route[-1]),
            count=walk.steps,
        )
    return checks.violation(
        "IM-602", N_("An army makes one move per maneuver, plus rail travel at home."), path
    )
