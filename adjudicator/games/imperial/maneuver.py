"""The maneuver, played out phase by phase on the board data: fleets, battles at sea, armies
(rail, step, convoy), stances, battles on land, destroyed factories, flags.

:func:`simulate` runs the phases in the printed order on a copy of the units. Each phase
judges its part of the move and, where it is legal, applies it, so a later phase sees the
board as the earlier ones left it (a fleet that won at sea can carry an army).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.i18n import N_
from ...core.verdicts import Violation
from .board import Board, board
from .data import FLAGS_PER_NATION
from .logic import Key, count, index, occupied
from .models import ArmyStep, ManeuverMove, State
from .registry import checks
from .routes import Walk, one_move, walk
from .vocab import nation_name, region_name, stance_name


@dataclass
class Outcome:
    units: dict[Key, int]
    factories: dict[str, list[str]]  # nation -> factory regions removed
    flags: dict[str, str | None] = field(default_factory=dict)  # region -> new flag owner
    violations: list[Violation] = field(default_factory=list)
    battles: int = 0


@dataclass
class Play:
    """A maneuver under way: the move, the board and what the phases so far have done."""

    state: State
    move: ManeuverMove
    b: Board
    out: Outcome
    entered: set[str] = field(default_factory=set)  # regions arrived in or turned in
    convoyed: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # sea -> fleets
    arrived: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # region -> armies

    @property
    def me(self) -> str:
        return self.move.nation

    @property
    def units(self) -> dict[Key, int]:
        return self.out.units

    def judge(self, problem: Violation | None) -> bool:
        """Record ``problem`` if there is one; whether the step was legal."""
        if problem is not None:
            self.out.violations.append(problem)
        return problem is None

    def last_free(self, owner: str, region: str) -> bool:
        """Whether ``region`` is the last factory of ``owner`` free of hostile armies."""
        removed = self.out.factories.get(owner, [])
        regions = [f.region for f in self.state.nations[owner].factories if f.region not in removed]
        return [r for r in regions if not occupied(self.b, self.units, r)] == [region]


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


def simulate(state: State, move: ManeuverMove) -> Outcome:
    """Every phase of ``move`` in order: the units, factories and flags after it, its
    battles, and every step that breaks a rule (such a step is not made)."""
    units: dict[Key, int] = defaultdict(int, index(state).units)
    play = Play(state, move, board(), Outcome(units=units, factories={}))
    for phase in PHASES:
        phase(play)
    return play.out


# --- 1. fleets ----------------------------------------------------------------------------


def fleets(play: Play) -> None:
    moved: dict[str, int] = defaultdict(int)  # fleets that arrived (cannot move again)
    for i, step in enumerate(play.move.fleets):
        src, dst = step.from_, step.to
        if play.judge(_fleet_step(play, src, dst, moved, f"/move/fleets/{i}")):
            _take(play.units, play.me, "fleet", src)
            _put(play.units, (play.me, "fleet", dst, None))
            moved[dst] += 1
            play.entered.add(dst)


def _fleet_step(
    play: Play, src: str, dst: str, moved: dict[str, int], path: str
) -> Violation | None:
    b = play.b
    if count(play.units, play.me, "fleet", src) - moved[src] <= 0:
        return checks.violation(
            "IM-606",
            N_("{nation} has no fleet left to move in {region}."),
            path,
            nation=nation_name(play.me),
            region=region_name(src),
        )
    if dst in b.impassable:
        return checks.violation(
            "IM-207", N_("No unit may enter {region}."), path, region=region_name(dst)
        )
    if dst not in b.seas:
        return checks.violation(
            "IM-601", N_("A fleet never moves onto land ({region})."), path, region=region_name(dst)
        )
    if src in b.seas and dst not in b.sea_adj.get(src, ()):
        return checks.violation(
            "IM-601",
            N_("{source} and {target} do not border on the map."),
            path + "/to",
            source=region_name(src),
            target=region_name(dst),
        )
    if src not in b.seas and b.anchor.get(src) != dst:
        return checks.violation(
            "IM-601",
            N_("A fleet in the port of {source} sails only to its anchor sea, {anchor}."),
            path + "/to",
            source=region_name(src),
            anchor=region_name(b.anchor.get(src, "-")),
        )
    return None


# --- 2. and 5. battles --------------------------------------------------------------------


def sea_battles(play: Play) -> None:
    _battles(play, at_sea=True)


def land_battles(play: Play) -> None:
    _battles(play, at_sea=False)


def _battles(play: Play, at_sea: bool) -> None:
    """The battles of ``move.battles`` at sea (phase 2) or on land (phase 5)."""
    for i, bt in enumerate(play.move.battles):
        if (bt.region in play.b.seas) != at_sea:
            continue
        mine = bt.unit or _fighter(play, bt.region, at_sea)
        target = bt.target or ("army" if mine == "fleet" and not at_sea else mine)
        if play.judge(_battle(play, i, mine, target)):
            _take(play.units, play.me, mine, bt.region, "hostile")
            _take(play.units, bt.against, target, bt.region)
            play.out.battles += 1


def _fighter(play: Play, region: str, at_sea: bool) -> str:
    """The moving nation's unit that fights when the move does not say: a fleet at sea; on
    land an army, or the fleet in the port when no army of the nation is there."""
    if at_sea:
        return "fleet"
    if not count(play.units, play.me, "army", region) and count(
        play.units, play.me, "fleet", region
    ):
        return "fleet"
    return "army"


def _battle(play: Play, i: int, mine: str, target: str) -> Violation | None:
    bt, me = play.move.battles[i], play.me
    region, path = bt.region, f"/move/battles/{i}"
    caller = bt.called_by or me
    if bt.against == me:
        return checks.violation("IM-607", N_("A nation does not fight itself."), path)
    if region in play.b.seas and (target == "army" or mine == "army"):
        return checks.violation(
            "IM-609",
            N_("Armies fight fleets only in port, never at sea ({region})."),
            path,
            region=region_name(region),
        )
    if mine == "fleet" and region not in play.b.seas and target != "army":
        return checks.violation(
            "IM-609",
            N_("A fleet in the port of {region} fights only an army there."),
            path,
            region=region_name(region),
        )
    if caller not in (me, bt.against):
        return checks.violation(
            "IM-608",
            N_("Only the moving nation or the one it meets may call a battle."),
            path + "/called_by",
        )
    if caller != me and region not in play.entered:
        return checks.violation(
            "IM-608",
            N_(
                "{nation} may call a battle only where the moving nation has just "
                "arrived or changed stance; not in {region}."
            ),
            path,
            nation=nation_name(caller),
            region=region_name(region),
        )
    if (
        count(play.units, me, mine, region) == 0
        or count(play.units, bt.against, target, region) == 0
    ):
        return checks.violation(
            "IM-607",
            N_("A battle in {region} needs a unit of {nation} and one of {other} there."),
            path,
            region=region_name(region),
            nation=nation_name(me),
            other=nation_name(bt.against),
        )
    return None


# --- 3. armies ----------------------------------------------------------------------------


def armies(play: Play) -> None:
    for i, army in enumerate(play.move.armies):
        path = f"/move/armies/{i}"
        read = walk(play, army.route, path)
        if isinstance(read, Violation):
            play.judge(read)
        elif play.judge(one_move(read, path, army.route)):
            _arrive(play, army, read, path)


def _arrive(play: Play, army: ArmyStep, read: Walk, path: str) -> None:
    """The army's arrival at the end of its route, with the stance it takes there."""
    src, dst = army.route[0], army.route[-1]
    owner = play.b.home.get(dst)
    stance: str | None = None
    if owner is not None and owner != play.me:
        last = play.last_free(owner, dst)
        if last and army.stance == "hostile":
            play.judge(_last_factory(dst, owner, path + "/stance"))
            return
        stance = army.stance or ("friendly" if last else "hostile")
    for sea in set(read.seas):
        play.convoyed[sea] += read.seas.count(sea)
    _take(play.units, play.me, "army", src, "hostile")
    _put(play.units, (play.me, "army", dst, stance))
    play.arrived[dst] += 1
    play.entered.add(dst)


def _last_factory(region: str, owner: str, path: str) -> Violation:
    return checks.violation(
        "IM-612",
        N_("{region} is the last free factory of {owner}; armies enter it only friendly."),
        path,
        region=region_name(region),
        owner=nation_name(owner),
    )


# --- 4. stances ---------------------------------------------------------------------------


def stances(play: Play) -> None:
    me = play.me
    for i, ch in enumerate(play.move.stances):
        path = f"/move/stances/{i}"
        owner = play.b.home.get(ch.region)
        other = "friendly" if ch.stance == "hostile" else "hostile"
        if owner is None or owner == me or play.units.get((me, "army", ch.region, other), 0) <= 0:
            play.judge(
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
        elif ch.stance == "hostile" and play.last_free(owner, ch.region):
            play.judge(_last_factory(ch.region, owner, path))
        else:
            _take(play.units, me, "army", ch.region, other)
            _put(play.units, (me, "army", ch.region, ch.stance))
            play.entered.add(ch.region)


# --- 6. destroyed factories ---------------------------------------------------------------


def destroy(play: Play) -> None:
    for i, region in enumerate(play.move.destroy):
        owner = play.b.home.get(region)
        if play.judge(_destroyable(play, region, owner, f"/move/destroy/{i}")):
            assert owner is not None
            for _ in range(3):
                _take(play.units, play.me, "army", region, "hostile")
            play.out.factories.setdefault(owner, []).append(region)


def _destroyable(play: Play, region: str, owner: str | None, path: str) -> Violation | None:
    me = play.me
    if (
        owner is None
        or owner == me
        or not any(f.region == region for f in play.state.nations[owner].factories)
        or region in play.out.factories.get(owner, [])
    ):
        return checks.violation(
            "IM-613",
            N_("There is no foreign factory in {region} to destroy."),
            path,
            region=region_name(region),
        )
    mine = count(play.units, me, "army", region)
    defenders = count(play.units, owner, "army", region) + count(play.units, owner, "fleet", region)
    if mine < 3 or defenders:
        return checks.violation(
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
    if play.last_free(owner, region):
        return checks.violation(
            "IM-614",
            N_("{region} is the last free factory of {owner} and cannot be destroyed."),
            path,
            region=region_name(region),
            owner=nation_name(owner),
        )
    return None


# --- 7. flags -----------------------------------------------------------------------------


def flags(play: Play) -> None:
    """A nation alone in a region outside the home provinces puts its flag there."""
    b, state = play.b, play.state
    present: dict[str, set[str]] = defaultdict(set)
    for (nation, _, region, _), n in play.units.items():
        if n > 0 and region not in b.home and region not in b.impassable:
            present[region].add(nation)
    flags_now = {r: nid for nid, nat in state.nations.items() for r in nat.flags}
    counts = {nid: len(nat.flags) for nid, nat in state.nations.items()}
    for region, nations in sorted(present.items()):
        if len(nations) != 1:
            continue
        (only,) = nations
        if flags_now.get(region) != only and counts[only] < FLAGS_PER_NATION:
            old = flags_now.get(region)
            if old:
                counts[old] -= 1
            counts[only] += 1
            play.out.flags[region] = only


#: The phases of a maneuver, in the printed order.
PHASES: tuple[Callable[[Play], None], ...] = (
    fleets,
    sea_battles,
    armies,
    stances,
    land_battles,
    destroy,
    flags,
)
