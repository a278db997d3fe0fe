# ruff: noqa: E501
"""The checks of placing a tile, new or kept beside the hospital or renovated (its doors,
its square, the hospital after it), and the unions of move classes they are typed by."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    Layout,
    Pos,
    capacity,
    layout,
)
from ..models import (
    Player,
    State,
)
from ..rules import checks
from ..rules.common import as_pos
from .buy_special import BuySpecial
from .buy_treatment import BuyTreatment
from .claim_contract import ClaimContract
from .place_set_aside import PlaceSetAside
from .renovate import Renovate

NewTile = ClaimContract | BuySpecial | BuyTreatment
"""The moves that bring a new tile from the market or a contract."""


TilePlacement = NewTile | PlaceSetAside
"""The moves that place a tile in the hospital or beside it."""


@checks.move(
    "QU-401",
    title=N_("Doors of the tiles"),
)
def new_doors(state: State, move: NewTile) -> Iterator[Violation]:
    if not move.doors:
        yield checks.violation(
            "QU-401",
            N_("Give the doors of the new tile: every tile has at least one."),
            "/move/doors",
        )


def _targets(move: TilePlacement | Renovate) -> list[Pos]:
    if isinstance(move, Renovate):
        return [as_pos(s.to) for s in move.steps if s.to is not None]
    return [as_pos(move.at)] if move.at is not None else []


def _lobby_paths(lay: Layout, targets: list[Pos], frame: Layout) -> Iterator[Violation]:
    """QU-412 after a placement. A working Helipad lifts it; while the Helipad is
    quarantined the new tiles must reach the lobby again, but tiles placed without a
    connection while it worked may stay (QU-715)."""
    lobby = lay.lobby()
    if lobby is None or lay.working("helipad"):
        return
    reached = lay.reach(lobby, doors=True)
    if lay.has("helipad"):
        lost = [p for p in targets if p not in reached]
        if lost:
            yield checks.violation(
                "QU-715",
                N_(
                    "The Helipad is quarantined, so the new tile {place} must reach the lobby through doors."
                ),
                "/move",
                place=words.at(frame.tiles, lost[0]),
            )
        return
    lost = [p for p in lay.tiles if p not in reached]
    if lost:
        yield checks.violation(
            "QU-412",
            N_("The tile {place} would not reach the lobby through doors."),
            "/move",
            place=words.at(frame.tiles, lost[0]),
        )


def _joins(lay: Layout, old: Layout, pos: Pos) -> Iterator[Violation]:
    """Why a new tile at ``pos`` does not join the hospital through a door (QU-410, QU-402,
    QU-715), if it does not."""
    if lay.connections(pos):
        return
    if old.has("helipad"):
        yield checks.violation(
            "QU-715",
            N_("The Helipad is quarantined: new tiles must join through a door again."),
            "/move/at",
        )
    elif lay.adjacent(pos):
        yield checks.violation(
            "QU-402",
            N_("No door of the new tile {place} meets a door of the hospital."),
            "/move/at",
            place=words.at(old.tiles, pos),
        )
    else:
        yield checks.violation(
            "QU-410",
            N_("The new tile {place} touches no tile of the hospital."),
            "/move/at",
            place=words.at(old.tiles, pos),
        )


def _kept(player: Player, path: str) -> Iterator[Violation]:
    if len(player.set_aside) > 2:
        yield checks.violation(
            "QU-417",
            N_("{player} would keep {count} unplaced tiles; at most 2 are allowed."),
            path,
            player=player.name,
            count=len(player.set_aside),
        )


def _shape(lay: Layout, old: Layout, targets: list[Pos]) -> Iterator[Violation]:
    """The hospital after the placement: links, the lobby's paths, one group, an open lobby."""
    for pos in targets:
        links = [lay.tiles[n].grey for n in lay.connections(pos)]
        if any(links) and all(links):
            yield checks.violation(
                "QU-415",
                N_("The tile {place} connects only to quarantined tiles."),
                "/move",
                place=words.at(old.tiles, pos),
            )
    yield from _lobby_paths(lay, targets, old)
    if lay.groups() > 1:
        yield checks.violation(
            "QU-414",
            N_("The hospital would fall apart into {count} groups of tiles."),
            "/move",
            count=lay.groups(),
        )
    if not lay.lobby_open():
        yield checks.violation(
            "QU-416",
            N_("The lobby would be enclosed, with no free side open to the outside."),
            "/move",
        )


def _crowded(lay: Layout, old: Layout) -> Iterator[Violation]:
    """After a renovation: a room holding more patients than its Supply Room now allows."""
    for pos, tile in lay.tiles.items():
        if len(tile.patients) > capacity(lay, pos, working=False):
            yield checks.violation(
                "QU-702",
                N_("The room {place} would hold more patients than its Supply Room allows."),
                "/move",
                place=words.at(old.tiles, pos),
            )


@checks.effect(
    "QU-410",
    "QU-402",
    "QU-413",
    "QU-415",
    "QU-412",
    "QU-414",
    "QU-416",
    "QU-417",
    "QU-715",
    "QU-702",
    title=N_("Placing tiles"),
)
def placement(before: State, move: TilePlacement | Renovate, after: State) -> Iterator[Violation]:
    i = before.index(before.round.active)
    player = after.players[i]
    targets = _targets(move)
    if not targets and not isinstance(move, Renovate):
        yield from _kept(player, "/move/at")
        return
    lay = Layout.of(player.hospital)
    old = layout(before, i)
    for pos in targets:
        if lay.overlaps and pos in lay.overlaps:
            yield checks.violation(
                "QU-413",
                N_("The square {place} already holds a tile."),
                "/move",
                place=words.at(old.tiles, pos),
            )
            return
    if not isinstance(move, Renovate) and not old.working("helipad"):
        found = list(_joins(lay, old, targets[0]))
        if found:
            yield from found
            return
    yield from _shape(lay, old, targets)
    if isinstance(move, Renovate):
        yield from _crowded(lay, old)
    yield from _kept(player, "/move")
