"""Air strikes, repair and deals (MP-6xx)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..data import (
    REPAIR_LIMIT,
    REPAIR_OTHER_COSTS,
    REPAIR_OWN_COST,
)
from ..models import Player, State
from ..moves import AirStrike, Negotiate, Repair
from ..vocab import (
    ordinal,
)
from . import checks


@checks.move("MP-601", "MP-602", "MP-603", "MP-522", title=N_("Air strikes"))
def air_strike_check(state: State, move: AirStrike) -> Iterator[Violation]:
    me = state.active
    mine = {"fighters": me.fighters, "bombers": me.bombers}
    theirs = {p.colour: {"fighters": p.fighters, "bombers": p.bombers} for p in state.players}
    for k, attack in enumerate(move.attacks):
        path = f"/move/attacks/{k}"
        spend = "fighters" if attack.kind == "fighter" else "bombers"
        rule = "MP-601" if attack.kind == "fighter" else "MP-603"
        if mine[spend] <= 0:
            yield checks.violation(
                "MP-522",
                N_("The {nth} needs one of {owner} {aircraft}, and none is left."),
                path,
                nth=ordinal(k + 1, "attack"),
                owner=checks.name("colour", me.colour, "gen"),
                aircraft=checks.name("resource", spend, "pl"),
            )
            return
        mine[spend] -= 1
        if attack.target == me.colour or attack.target not in theirs:
            yield checks.violation(
                rule,
                N_("{target} is not an opponent."),
                path + "/target",
                target=checks.name("colour", attack.target),
            )
            return
        if attack.kind == "fighter":
            hit = attack.aircraft
            if hit is None or theirs[attack.target][hit] <= 0:
                yield checks.violation(
                    "MP-601",
                    N_(
                        "A fighter attack must name {owner} fighters or bombers, and that "
                        "player must have one."
                    ),
                    path + "/aircraft",
                    owner=checks.name("colour", attack.target, "gen"),
                )
                return
            theirs[attack.target][hit] -= 1
        else:
            if theirs[attack.target]["fighters"] > 0:
                yield checks.violation(
                    "MP-602",
                    N_plural(
                        "{target} still has {count} fighter and cannot be bombed.",
                        "{target} still has {count} fighters and cannot be bombed.",
                    ),
                    path,
                    target=checks.name("colour", attack.target),
                    count=theirs[attack.target]["fighters"],
                )
                return
            victim = state.player(attack.target)
            if (
                victim is None
                or attack.building is None
                or attack.building >= len(victim.buildings)
            ):
                yield checks.violation(
                    "MP-603",
                    N_("Bombing must name one of {owner} buildings."),
                    path + "/building",
                    owner=checks.name("colour", attack.target, "gen"),
                )
                return


def _repair_problem(p: Player, entries: Sequence[int]) -> str | None:
    if len(entries) > REPAIR_LIMIT:
        return "limit"
    for index, n in Counter(entries).items():
        if index >= len(p.buildings) or p.buildings[index].damage < n:
            return "damage"
    return None


@checks.move("MP-606", "MP-607", "MP-520", title=N_("Repairs"))
def repair_check(state: State, move: Repair) -> Iterator[Violation]:
    me = state.active
    if me.money < REPAIR_OWN_COST:
        yield checks.violation(
            "MP-520",
            N_("Repair costs $5; {player} has ${money}."),
            "/move",
            player=checks.name("colour", me.colour),
            money=me.money,
        )
    if _repair_problem(me, move.own) is not None:
        yield checks.violation(
            "MP-606",
            N_("{player} may remove at most 3 damage points, and only where there is damage."),
            "/move/own",
            player=checks.name("colour", me.colour),
        )
    seen: set[str] = set()
    for k, other in enumerate(move.others):
        p = state.player(other.player)
        if p is None or p.colour == me.colour or p.colour in seen:
            problem: str | None = "who"
        else:
            problem = _repair_problem(p, other.buildings)
            if problem is None and p.money < sum(REPAIR_OTHER_COSTS[: len(other.buildings)]):
                problem = "money"
        seen.add(other.player)
        if problem is not None:
            yield checks.violation(
                "MP-607",
                N_(
                    "{player} cannot repair that: each other player removes at most 3 damage "
                    "points of their own, paying $2, $3 and $5."
                ),
                f"/move/others/{k}",
                player=checks.name("colour", other.player),
            )


@checks.move("MP-605", title=N_("What a deal may cover"))
def deal_check(state: State, move: Negotiate) -> Iterator[Violation]:
    partner = state.player(move.partner)
    if (
        partner is None
        or partner.colour == state.turn.active
        or move.about != "air_strikes"
        or move.transfer.items()
        or move.lasts != "this_round"
    ):
        yield checks.violation(
            "MP-605",
            N_(
                "A deal is only about air strikes until the active player's next turn, "
                "between two players, and moves no goods."
            ),
            "/move",
        )
