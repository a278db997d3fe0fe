# ruff: noqa: E501
"""Section ``draw`` of rules.toml (QU-5xx): drawing cubes and placing them."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import Layout, Pos, layout
from ..models import State
from ..moves import Draw, EndRound, PlaceGrey, PlacePatient
from . import checks
from .common import as_pos, room_missing


@checks.state("QU-501", title=N_("Four cubes a round"))
def draw_count(state: State) -> Iterator[Violation]:
    if state.round.draws > 4:
        yield checks.violation(
            "QU-501",
            N_("{count} cubes were drawn this round; the limit is 4."),
            "/round/draws",
            count=state.round.draws,
        )


@checks.state("QU-504", title=N_("No grey cube in a waiting line"))
def grey_in_line(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for k, cube in enumerate(p.line):
            if cube == "grey":
                yield checks.violation(
                    "QU-504",
                    N_("{player}'s waiting line holds a grey cube."),
                    f"/players/{i}/line/{k}",
                    player=p.name,
                )


@checks.move("QU-501", title=N_("Four cubes a round"))
def fifth_draw(state: State, move: Draw) -> Iterator[Violation]:
    first_grey = move.type == "place_grey" and state.round.first_round
    if state.round.draws >= 4 and not first_grey:
        yield checks.violation(
            "QU-501", N_("Four cubes have already been drawn this round."), "/round/draws"
        )


@checks.move("QU-502", title=N_("The cube comes from the bag"))
def in_bag(state: State, move: Draw) -> Iterator[Violation]:
    colour = "grey" if move.type == "place_grey" else move.colour
    if state.bag.get(colour) == 0:
        yield checks.violation(
            "QU-502",
            N_("The bag holds no {colour} cube."),
            f"/bag/{colour}",
            colour=words.colour(colour, "cube"),
        )


@checks.move(
    "QU-503",
    "QU-714",
    "QU-701",
    "QU-418",
    title=N_("A patient joins a waiting line"),
)
def patient_target(state: State, move: PlacePatient) -> Iterator[Violation]:
    i = state.index(move.player)
    if i < 0:
        yield checks.violation(
            "QU-503", N_("There is no player {player}."), "/move/player", player=move.player
        )
        return
    if move.emergency:
        found = list(room_missing(state, i, "emergency", "QU-714", "/move/emergency"))
        yield from found
        if not found:
            lay = layout(state, i)
            if not any(not lay.tiles[p].patients for p in lay.working("emergency")):
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency is not empty."),
                    "/move/emergency",
                    player=move.player,
                )


def grey_targets(state: State, index: int) -> list[Pos]:
    """Where a drawn grey cube may go in player ``index``'s hospital."""
    lay = layout(state, index)
    free = [p for p, t in lay.tiles.items() if not t.grey and t.kind != "containment"]
    sick = set(lay.quarantined())
    if not sick:
        return free
    return [p for p in free if any(n in sick for n in lay.adjacent(p))]


def _diagonal(lay: Layout, pos: Pos) -> bool:
    x, y = pos
    return any(
        (x + dx, y + dy) in lay.tiles and lay.tiles[(x + dx, y + dy)].grey
        for dx in (-1, 1)
        for dy in (-1, 1)
    )


@checks.move(
    "QU-505",
    "QU-403",
    "QU-506",
    "QU-508",
    "QU-509",
    "QU-711",
    title=N_("Where a grey cube goes"),
)
def grey_target(state: State, move: PlaceGrey) -> Iterator[Violation]:
    if state.round.first_round:
        if move.at is not None:
            yield checks.violation(
                "QU-508",
                N_("In the first round a drawn grey cube is set aside in the supply."),
                "/move/at",
            )
        return
    if move.at is None:
        anywhere = [
            (p.name, t) for i, p in enumerate(state.players) for t in grey_targets(state, i)
        ]
        if anywhere:
            name, pos = anywhere[0]
            yield checks.violation(
                "QU-509",
                N_("The grey cube must go on a tile: {player}'s tile {place} can take it."),
                "/move/at",
                player=name,
                place=words.at(layout(state, state.index(name)).tiles, pos),
            )
        return
    i = state.index(move.player or "")
    if i < 0:
        yield checks.violation(
            "QU-505", N_("There is no player {player}."), "/move/player", player=move.player
        )
        return
    lay = layout(state, i)
    pos = as_pos(move.at)
    tile = lay.tiles.get(pos)
    if tile is None:
        yield checks.violation(
            "QU-505",
            N_("{player} has no tile {place}."),
            "/move/at",
            player=move.player,
            place=words.at(lay.tiles, pos),
        )
    elif tile.grey:
        yield checks.violation(
            "QU-506",
            N_("{player}'s tile {place} is already quarantined."),
            "/move/at",
            player=move.player,
            place=words.at(lay.tiles, pos),
        )
    elif tile.kind == "containment":
        yield checks.violation(
            "QU-711",
            N_("{player}'s Containment can never be quarantined."),
            "/move/at",
            player=move.player,
        )
    elif lay.quarantined() and pos not in grey_targets(state, i):
        rule = "QU-403" if _diagonal(lay, pos) else "QU-505"
        yield checks.violation(
            rule,
            N_(
                "{player}'s hospital has a quarantine: the grey cube must go on a tile side by side with a quarantined tile."
            ),
            "/move/at",
            player=move.player,
        )


@checks.move(
    "QU-507",
    "QU-404",
    "QU-506",
    "QU-711",
    title=N_("Spreading through a nurse station"),
)
def spread(state: State, move: PlaceGrey) -> Iterator[Violation]:
    if not move.spread:
        return
    if move.at is None or state.round.first_round:
        yield checks.violation(
            "QU-507", N_("Only a grey cube placed on a tile can spread."), "/move/spread"
        )
        return
    if len(move.spread) > 1:
        yield checks.violation(
            "QU-507",
            N_(
                "One drawn grey cube quarantines at most 2 tiles: it spreads to one more tile, not {count}."
            ),
            "/move/spread/1",
            count=len(move.spread),
        )
    if state.grey_supply < len(move.spread):
        yield checks.violation(
            "QU-507", N_("The grey supply is empty, so the disease cannot spread."), "/grey_supply"
        )
        return
    i = state.index(move.player or "")
    if i < 0:
        return
    for k, b in enumerate(move.spread):
        yield from _spread_to(state, i, move, as_pos(b), f"/move/spread/{k}")


def _spread_to(state: State, i: int, move: PlaceGrey, b: Pos, path: str) -> Iterator[Violation]:
    """Why the disease cannot spread from ``move.at`` to ``b``, if it cannot."""
    assert move.at is not None  # spread() refuses a spread without a square first
    lay = layout(state, i)
    a = as_pos(move.at)
    target = lay.tiles.get(b)
    if target is None or a == b:
        yield checks.violation(
            "QU-507",
            N_("The spread needs another tile of {player}'s hospital."),
            path,
            player=move.player,
        )
    elif target.grey:
        yield checks.violation(
            "QU-506",
            N_("{player}'s tile {place} is already quarantined."),
            path,
            player=move.player,
            place=words.at(lay.tiles, b),
        )
    elif target.kind == "containment":
        yield checks.violation(
            "QU-711",
            N_("{player}'s Containment can never be quarantined."),
            path,
            player=move.player,
        )
    elif not [c for c in lay.stations_of(a) if b in Layout.station_tiles(c)]:
        close = abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
        yield checks.violation(
            "QU-404" if close else "QU-507",
            N_("The tile {place} and the tile {other} share no complete nurse station."),
            path,
            place=words.at(lay.tiles, a),
            other=words.at(lay.tiles, b),
        )


@checks.move("QU-510", title=N_("Draws and actions in any order"))
def round_done(state: State, move: EndRound) -> Iterator[Violation]:
    r = state.round
    if r.draws < 4 and state.bag.total() and not state.end.triggered:
        yield checks.violation(
            "QU-510",
            (
                N_("No cube has been drawn yet; the round cannot end before the 4 are drawn.")
                if r.draws == 0
                else N_plural(
                    "Only {count} of the 4 cubes has been drawn; the round cannot end yet.",
                    "Only {count} of the 4 cubes have been drawn; the round cannot end yet.",
                )
            ),
            "/round/draws",
            count=r.draws,
        )
