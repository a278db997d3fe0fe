"""The maneuver (IM-6xx) on the state: stances, occupied factories and flags (the move
itself is a kind of move: :mod:`..moves.maneuver`)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..data import FLAGS_PER_NATION
from ..logic import free_factories, index
from ..models import State
from ..registry import checks
from ..vocab import nation_name, region_name


@checks.state("IM-610", title=N_("Armies in foreign home provinces have a stance"))
def stances(state: State) -> Iterator[Violation]:
    b = index(state).board
    for i, u in enumerate(state.units):
        foreign = u.kind == "army" and b.home.get(u.region) not in (None, u.nation)
        if foreign and u.stance is None:
            yield checks.violation(
                "IM-610",
                N_("The army of {nation} in {region} must be hostile or friendly."),
                f"/units/{i}/stance",
                nation=nation_name(u.nation),
                region=region_name(u.region),
            )
        elif not foreign and u.stance is not None:
            yield checks.violation(
                "IM-610",
                N_(
                    "Only armies in another nation's home province have a stance; "
                    "{nation} in {region} has none."
                ),
                f"/units/{i}/stance",
                nation=nation_name(u.nation),
                region=region_name(u.region),
            )


@checks.state("IM-612", "IM-614", title=N_("The last free factory is never occupied"))
def last_factory(state: State) -> Iterator[Violation]:
    idx = index(state)
    for nid, n in state.nations.items():
        if not n.factories:
            yield checks.violation(
                "IM-614",
                N_(
                    "{nation} has no factory left; a nation's last factory can be neither "
                    "invaded nor destroyed, so this cannot happen."
                ),
                f"/nations/{nid}/factories",
                nation=nation_name(nid),
            )
        elif not free_factories(state, nid, idx.units):
            yield checks.violation(
                "IM-612",
                N_(
                    "Every factory of {nation} holds a hostile army; "
                    "its last one may only be entered friendly."
                ),
                f"/nations/{nid}/factories",
                nation=nation_name(nid),
            )


@checks.state("IM-615", "IM-616", title=N_("Flags mark regions held alone, never home provinces"))
def flags(state: State) -> Iterator[Violation]:
    idx = index(state)
    b = idx.board
    owner: dict[str, str] = {}
    for nid, n in state.nations.items():
        for j, r in enumerate(n.flags):
            if r in b.home or r in b.impassable:
                yield checks.violation(
                    "IM-616",
                    N_("{nation} has a flag in {region}; home provinces take no flags."),
                    f"/nations/{nid}/flags/{j}",
                    nation=nation_name(nid),
                    region=region_name(r),
                )
            elif r in owner:
                yield checks.violation(
                    "IM-615",
                    N_("{region} carries two flags."),
                    f"/nations/{nid}/flags/{j}",
                    region=region_name(r),
                )
            owner[r] = nid
    present: dict[str, set[str]] = {}
    for (nation, _, region, _), cnt in idx.units.items():
        if cnt > 0 and region not in b.home and region not in b.impassable:
            present.setdefault(region, set()).add(nation)
    for region, nations in sorted(present.items()):
        if len(nations) == 1:
            (only,) = nations
            if owner.get(region) != only and len(state.nations[only].flags) < FLAGS_PER_NATION:
                yield checks.violation(
                    "IM-615",
                    N_("{nation} alone holds {region}, so its flag belongs there."),
                    f"/nations/{only}/flags",
                    nation=nation_name(only),
                    region=region_name(region),
                )
