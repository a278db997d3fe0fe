# ruff: noqa: E501
"""Section ``actions`` of rules.toml (QU-60x, QU-62x): the actions of a round, but for
contracts and buying (section ``market``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import Pos, capacity, layout
from ..models import State
from ..moves import ActionMove, Admit, Disinfect, MovePatients, Renovate, TakeMarker, Treat
from ..vocab import at, colour, room
from . import checks
from .common import active, as_pos, room_missing


@checks.state("QU-601", title=N_("Four actions a round, plus markers"))
def action_count(state: State) -> Iterator[Violation]:
    r = state.round
    if r.actions_used > 4 and not r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_("{actions} actions were taken with no extra-action marker spent; at most 4."),
            "/round/actions_used",
            actions=r.actions_used,
        )
    elif r.actions_used > 4 + r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{actions} actions were taken, but with {count} extra-action marker spent at most {most} are allowed.",
                "{actions} actions were taken, but with {count} extra-action markers spent at most {most} are allowed.",
            ),
            "/round/actions_used",
            actions=r.actions_used,
            count=r.markers_spent,
            most=4 + r.markers_spent,
        )


@checks.state("QU-604", "QU-702", title=N_("Patients per treatment room"))
def room_capacity(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for j, t in enumerate(p.hospital):
            n = len(t.patients)
            if t.kind != "treatment" or n <= 1:
                continue
            most = capacity(lay, (t.x, t.y), working=False)
            if n <= most:
                continue
            path = f"/players/{i}/hospital/{j}/patients"
            if n == 2 and lay.has("supply_room"):
                yield checks.violation(
                    "QU-702",
                    N_(
                        "The {colour} room {place} holds 2 patients, but {player}'s Supply Room is not connected to a {colour} room."
                    ),
                    path,
                    player=p.name,
                    colour=colour(t.colour, "room"),
                    place=at(lay.tiles, (t.x, t.y)),
                )
            else:
                yield checks.violation(
                    "QU-604",
                    N_("{player}'s room {place} holds {count} patients; it takes {most}."),
                    path,
                    player=p.name,
                    place=at(lay.tiles, (t.x, t.y)),
                    count=n,
                    most=most,
                )


@checks.state("QU-607", title=N_("Where patients may be"))
def patient_places(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            for k, cube in enumerate(t.patients):
                ok = (t.kind == "treatment" and cube == t.colour) or (
                    t.kind == "emergency" and cube != "grey"
                )
                if not ok:
                    yield checks.violation(
                        "QU-607",
                        N_(
                            "A {colour} cube sits on {player}'s {kind} {place}; patients sit only in treatment rooms of their colour or in Emergency."
                        ),
                        f"/players/{i}/hospital/{j}/patients/{k}",
                        colour=colour(cube, "cube"),
                        player=p.name,
                        kind=room(t.kind, "in"),
                        place=at(layout(state, i).tiles, (t.x, t.y)),
                    )


@checks.state("QU-622", title=N_("At most two markers taken a round"))
def markers_taken(state: State) -> Iterator[Violation]:
    if state.round.markers_taken > 2:
        yield checks.violation(
            "QU-622",
            N_("{count} extra-action markers were taken this round; at most 2."),
            "/round/markers_taken",
            count=state.round.markers_taken,
        )


@checks.move("QU-601", title=N_("Four actions a round, plus markers"))
def action_budget(state: State, move: ActionMove) -> Iterator[Violation]:
    r = state.round
    _, player = active(state)
    if r.actions_used >= 4 + r.markers_spent and player.markers == 0:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{player} has used {count} action and holds no extra-action marker.",
                "{player} has used {count} actions and holds no extra-action marker.",
            ),
            "/round/actions_used",
            player=player.name,
            count=r.actions_used,
        )


@checks.move(
    "QU-603",
    "QU-604",
    "QU-605",
    "QU-714",
    "QU-701",
    title=N_("Admit patients"),
)
def admit(state: State, move: Admit) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if len(move.rooms) > len(player.line):
        if not player.line:  # the plural agrees with the rooms: there may be only one
            yield checks.violation(
                "QU-603",
                N_plural(
                    "{count} room is named, but no patient waits in line.",
                    "{count} rooms are named, but no patient waits in line.",
                ),
                "/move/rooms",
                count=len(move.rooms),
            )
            return
        yield checks.violation(  # more rooms than patients: at least 2 rooms
            "QU-603",
            N_plural(
                "{rooms} rooms are named, but only {count} patient waits in line.",
                "{rooms} rooms are named, but only {count} patients wait in line.",
            ),
            "/move/rooms",
            rooms=len(move.rooms),
            count=len(player.line),
        )
        return
    used: Counter[Pos] = Counter()
    for k, square in enumerate(move.rooms):
        pos = as_pos(square)
        cube = player.line[k]
        tile = lay.tiles.get(pos)
        path = f"/move/rooms/{k}"
        if tile is not None and tile.kind == "emergency":
            yield checks.violation(
                "QU-714", N_("Emergency takes no patient through the admit action."), path
            )
        elif tile is None or tile.kind != "treatment" or tile.colour != cube:
            yield checks.violation(
                "QU-603",
                N_(
                    "Patient {n} in line is {colour}; the tile {place} is no {colour} treatment room."
                ),
                path,
                n=k + 1,
                colour=words.colour(cube, "patient"),
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey:
            yield checks.violation(
                "QU-605",
                N_("The {colour} room {place} is quarantined and takes no patient."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        elif len(tile.patients) + used[pos] >= capacity(lay, pos):
            if len(tile.patients) + used[pos] < capacity(lay, pos, working=False):
                # a Supply Room lies in the hospital (it counts when not working), so
                # the only reason given is its quarantine (QU-701)
                yield from room_missing(state, i, "supply_room", "QU-702", path)
                return
            yield checks.violation(
                "QU-604",
                N_("The {colour} room {place} is full."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        else:
            used[pos] += 1
            continue
        return


@checks.move("QU-608", "QU-704", "QU-701", "QU-418", title=N_("Treat patients"))
def treat(state: State, move: Treat) -> Iterator[Violation]:
    if move.colour == "grey":
        yield checks.violation("QU-608", N_("Grey cubes are never treated."), "/move/colour")
        return
    if move.on_call is None:
        return
    i, player = active(state)
    found = list(room_missing(state, i, "on_call_room", "QU-704", "/move/on_call"))
    yield from found
    if found:
        return
    lay = layout(state, i)
    colours = {lay.tiles[n].colour for p in lay.working("on_call_room") for n in lay.connections(p)}
    if move.on_call not in colours or move.on_call == move.colour:
        yield checks.violation(
            "QU-704",
            N_("{player}'s On Call Room is connected to no other {colour} treatment room."),
            "/move/on_call",
            player=player.name,
            colour=words.colour(move.on_call, "room"),
        )


def _one_move(old: list[str], new: list[str]) -> bool:
    if old == new:
        return True
    for k in range(len(old)):
        rest = old[:k] + old[k + 1 :]
        for j in range(len(old)):
            if [*rest[:j], old[k], *rest[j:]] == new:
                return True
    return False


@checks.move("QU-621", "QU-709", "QU-701", "QU-418", title=N_("Move patients"))
def move_patients(state: State, move: MovePatients) -> Iterator[Violation]:
    i, player = active(state)
    old: list[str] = list(player.line)
    new: list[str] = list(move.line)
    if Counter(old) != Counter(new):
        yield checks.violation(
            "QU-621",
            N_("The new line must hold exactly the patients of the old one."),
            "/move/line",
        )
        return
    if _one_move(old, new) or layout(state, i).working("triage"):
        return
    found = list(room_missing(state, i, "triage", "QU-709", "/move/line"))
    yield from found


@checks.move("QU-622", "QU-623", title=N_("Take an extra-action marker"))
def take_marker(state: State, move: TakeMarker) -> Iterator[Violation]:
    if state.round.markers_taken >= 2:
        yield checks.violation(
            "QU-622",
            N_("Two extra-action markers have already been taken this round."),
            "/round/markers_taken",
        )
    if state.marker_supply == 0:
        yield checks.violation(
            "QU-623", N_("No extra-action marker is left in the supply."), "/marker_supply"
        )


@checks.move("QU-625", "QU-713", "QU-701", "QU-418", title=N_("Disinfect"))
def disinfect(state: State, move: Disinfect) -> Iterator[Violation]:
    i = state.index(move.player)
    tile = layout(state, i).tiles.get(as_pos(move.at)) if i >= 0 else None
    if tile is None or not tile.grey:
        yield checks.violation(
            "QU-625",
            N_("{player} has no quarantined tile {place}."),
            "/move/at",
            player=move.player,
            place=words.at(layout(state, i).tiles if i >= 0 else (), as_pos(move.at)),
        )
    if move.keep:
        yield from room_missing(state, active(state)[0], "lab", "QU-713", "/move/keep")


@checks.move(
    "QU-626",
    "QU-627",
    "QU-628",
    "QU-703",
    "QU-418",
    "QU-301",
    title=N_("Renovate"),
)
def renovate(state: State, move: Renovate) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if state.round.renovated:
        yield checks.violation(
            "QU-626",
            N_("{player} has already renovated this round."),
            "/round/renovated",
            player=player.name,
        )
    sources = [as_pos(s.source) for s in move.steps if s.source is not None]
    maintenance = bool(lay.working("maintenance"))
    most = 4 if maintenance else 2
    if len(sources) > most:
        yield checks.violation(
            "QU-703" if maintenance else "QU-627",
            N_("A renovation changes at most {most} hospital tiles, not {count}."),
            "/move/steps",
            most=most,
            count=len(sources),
        )
    if len(set(sources)) != len(sources):
        yield checks.violation(
            "QU-627", N_("A tile is named twice in the renovation."), "/move/steps"
        )
    indexes = [s.set_aside for s in move.steps if s.set_aside is not None]
    if len(set(indexes)) != len(indexes) or any(k >= len(player.set_aside) for k in indexes):
        yield checks.violation(
            "QU-418",
            N_("{player} has no such tile beside the hospital."),
            "/move/steps",
            player=player.name,
        )
    for k, pos in enumerate(sources):
        tile = lay.tiles.get(pos)
        if tile is None:
            yield checks.violation(
                "QU-627",
                N_("{player} has no tile {place}."),
                f"/move/steps/{k}/source",
                player=player.name,
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey or tile.patients:
            yield checks.violation(
                "QU-628",
                N_(
                    "The tile {place} is quarantined or holds a patient; renovation cannot touch it."
                ),
                f"/move/steps/{k}/source",
                place=words.at(lay.tiles, pos),
            )
        elif (
            tile.kind == "lobby"
            and next(s for s in move.steps if s.source and as_pos(s.source) == pos).to is None
        ):
            yield checks.violation(
                "QU-301", N_("The lobby cannot leave the hospital."), f"/move/steps/{k}/to"
            )
