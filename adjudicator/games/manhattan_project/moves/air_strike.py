"""Air strike: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, N_plural, Name
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..engine import mark_placed
from ..models import (
    Colour,
    MoveBase,
    Player,
    Small,
    State,
    Strict,
    WorkerRef,
)
from ..rules import checks
from ..snapshot import own_building
from ..staffing import central_workers, worker_options
from ..supply import take
from ..vocab import DOMAIN, building_place, message, ordinal, space_name
from ..wording import (
    said_worker,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class Attack(Strict):
    kind: Literal["fighter", "bomber"]
    target: Colour
    aircraft: Literal["fighters", "bombers"] | None = Field(
        None, description="fighter attacks: which of the target's aircraft is destroyed"
    )
    building: Small | None = Field(None, description="bombing: the target's building index")


class AirStrike(MoveBase):
    type: Literal["air_strike"]
    space: Literal["air_strike_1", "air_strike_2"] = "air_strike_1"
    worker: WorkerRef
    attacks: list[Attack] = Field(default_factory=list, max_length=40)


KIND = MoveKind(AirStrike, checks, section="air", label=N_("Air strike"), weight=1.0)


@KIND.check("MP-601", "MP-602", "MP-603", "MP-522", title=N_("Air strikes"))
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


@KIND.apply
def effect(new: State, p: Player, move: AirStrike, out: list[Message]) -> None:
    new.board.space(move.space).extend(take(p, [move.worker]))
    mark_placed(new, 1)
    for attack in move.attacks:
        victim = new.player(attack.target)
        assert victim is not None
        if attack.kind == "fighter":
            p.fighters -= 1
            assert attack.aircraft is not None
            setattr(victim, attack.aircraft, getattr(victim, attack.aircraft) - 1)
        else:
            p.bombers -= 1
            assert attack.building is not None
            own_building(victim, attack.building).damage += 1
    out.append(
        checks.message(
            N_plural("{player} makes {count} attack.", "{player} makes {count} attacks.")
            if move.attacks
            else N_("{player} takes an air-strike space and makes no attack."),
            player=checks.name("colour", p.colour),
            count=len(move.attacks),
        )
    )


def _air_strike(state: State, workers: list[Candidate]) -> Iterator[Candidate]:
    """Each free air-strike space, taken alone (e.g. to block it) or with one attack: a
    fighter on an aircraft the target has, or a bomber on a building of a target without
    fighters (MP-601, MP-602)."""
    me = state.active
    attacks: list[Candidate] = []
    for other in state.players:
        if other.colour == me.colour:
            continue
        if me.fighters:
            attacks += [
                {"kind": "fighter", "target": other.colour, "aircraft": aircraft}
                for aircraft in ("fighters", "bombers")
                if getattr(other, aircraft)
            ]
        if me.bombers and not other.fighters:
            attacks += [
                {"kind": "bomber", "target": other.colour, "building": j}
                for j in range(len(other.buildings))
            ]
    for space in ("air_strike_1", "air_strike_2"):
        if state.board.space(space):
            continue
        for worker in workers:
            for attack in [None, *attacks]:
                chosen = [] if attack is None else [attack]
                yield {"type": "air_strike", "space": space, "worker": worker, "attacks": chosen}


def _air_strike_candidate(
    state: State, rng: random.Random, workers: list[dict[str, Any]], opponents: list[Player]
) -> dict[str, Any]:
    """One air strike: shoot what can be shot, then bomb the undefended."""
    p = state.active
    fighters, bombers = p.fighters, p.bombers
    left = {q.colour: [q.fighters, q.bombers] for q in opponents}
    attacks: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 4)):
        targets = [c for c, (f, b) in left.items() if f or b]
        if fighters and targets:
            c = rng.choice(targets)
            hit = "fighters" if left[c][0] else "bombers"
            left[c][0 if hit == "fighters" else 1] -= 1
            fighters -= 1
            attacks.append({"kind": "fighter", "target": c, "aircraft": hit})
    for q in opponents:
        if bombers and left[q.colour][0] == 0 and q.buildings and rng.random() < 0.7:
            bombers -= 1
            attacks.append(
                {
                    "kind": "bomber",
                    "target": q.colour,
                    "building": rng.randrange(len(q.buildings)),
                }
            )
    return {
        "type": "air_strike",
        "space": rng.choice(["air_strike_1", "air_strike_2"]),
        "worker": rng.choice(workers),
        "attacks": attacks,
    }


@KIND.words
def said(state: State, data: Data) -> Message:
    attacks = data.get("attacks") or []
    params = {
        "space": space_name(data.get("space") or "air_strike_1"),
        "worker": said_worker(data, instrument=True),
    }
    if not attacks:
        return message(N_("Take {space} {worker} and make no attack."), **params)
    if len(attacks) > 1:
        return message(
            N_plural(
                "Take {space} {worker} and make {count} attack.",
                "Take {space} {worker} and make {count} attacks.",
            ),
            count=len(attacks),
            **params,
        )
    attack = attacks[0]
    victim = state.player(attack["target"])
    if attack["kind"] == "bomber" and victim is not None and victim.buildings:
        index = attack.get("building") or 0
        if index < len(victim.buildings):
            building = building_place(victim.colour, index, victim.buildings[index].kind)
            return message(
                N_("Take {space} {worker} and bomb {building}."), **params, building=building
            )
    return message(
        N_("Take {space} {worker} and attack {owner} {aircraft} with a fighter."),
        **params,
        owner=Name(DOMAIN, "colour", attack["target"], "gen"),
        aircraft=Name(DOMAIN, "resource", attack.get("aircraft") or "fighters", "pl"),
    )


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    yield from _air_strike(state, worker_options(state.active))


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    workers = central_workers(state)
    if not workers:
        return []
    opponents = state.opponents
    return [_air_strike_candidate(state, rng, workers, opponents)]


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The space taken, then what each attack hits."""
    found = [f"space:{data['space']}"] if data.get("space") else []
    return found + [p for p in map(attack_place, data.get("attacks") or []) if p]


def attack_place(attack: Any) -> str:
    """What an attack hits: an aircraft of its target, or one of its buildings."""
    if not isinstance(attack, dict):
        return ""
    if attack.get("kind") == "bomber":
        return f"building:{attack.get('target')}:{attack.get('building')}"
    return f"aircraft:{attack.get('target')}:{attack.get('aircraft')}"
