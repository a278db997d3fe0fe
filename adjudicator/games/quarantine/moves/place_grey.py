# ruff: noqa: E501
"""Place a grey cube: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..engine import said_drawn
from ..geometry import (
    Layout,
    Pos,
    layout,
    tile_at,
)
from ..models import (
    At,
    Name,
    Player,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import as_pos

Candidate = dict[str, Any]


def _one_square(value: object) -> object:
    """A single ``[x, y]`` is read as a list of one square; ``null`` as none."""
    if value is None:
        return []
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return [value]
    return value


#: The squares a grey cube spreads to: a list, or (as the format has always read) one
#: square or null; the schema states all three forms.
Spread = Annotated[
    list[At],
    Field(max_length=8),
    BeforeValidator(
        _one_square,
        json_schema_input_type=Annotated[list[At], Field(max_length=8)] | At | None,
    ),
]


class PlaceGrey(Strict):
    """Place a drawn grey cube on a tile (``at`` null: set aside in the first round)."""

    type: Literal["place_grey"]
    player: Name | None = None
    at: At | None = None
    spread: Spread = Field(
        default_factory=list,
        description="other tiles of a complete nurse station, each with a grey from the supply",
    )


KIND = MoveKind(
    PlaceGrey, checks, section="draw", label=N_("Place a grey cube"), rule="QU-505", weight=3.0
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


@KIND.check(
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


@KIND.check(
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


@KIND.apply
def effect(s: State, me: Player, move: PlaceGrey) -> list[Message]:
    said = said_drawn(s, "grey", move.player, at=move.at, spread=move.spread)
    said = said[: 1 + len(move.spread) if move.at is not None else 1]
    s.bag.grey -= 1
    if move.at is None:
        s.grey_supply += 1
        if not s.round.first_round:
            s.round.draws += 1
        return said
    s.round.draws += 1
    target = s.players[s.index(move.player or "")]
    for at in [move.at, *move.spread]:
        tile = tile_at(target, as_pos(at))
        assert tile is not None
        tile.grey = True
    s.grey_supply -= len(move.spread)
    return said


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    yield {"type": "place_grey"}
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for x, y in grey_targets(state, i):
            yield {"type": "place_grey", "player": p.name, "at": [x, y]}
            for corner in lay.stations_of((x, y)):
                for q in Layout.station_tiles(corner):
                    if q != (x, y):
                        spread = [list(q)]
                        yield {
                            "type": "place_grey",
                            "player": p.name,
                            "at": [x, y],
                            "spread": spread,
                        }


@KIND.words
def said(state: State, data: Candidate) -> Message:
    place = words.square(state, data)
    if place is None:
        return checks.message(N_("Put the grey cube in the supply."))
    return checks.message(
        N_("Put the grey cube on {player}'s tile {place}."), player=data["player"], place=place
    )


def grey_sampled(state: State) -> list[Candidate]:
    """Every place a grey cube drawn now may go (spreading through a nurse station with a
    grey cube of the supply); :mod:`.place_patient` samples the draw."""
    if state.round.first_round:
        return [{"type": "place_grey"}]
    found: list[Candidate] = []
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for x, y in grey_targets(state, i):
            found.append({"type": "place_grey", "player": p.name, "at": [x, y]})
            if state.grey_supply:
                for corner in lay.stations_of((x, y)):
                    for q in Layout.station_tiles(corner):
                        t = lay.tiles[q]
                        if q != (x, y) and not t.grey and t.kind != "containment":
                            spread = [list(q)]
                            found.append(
                                {
                                    "type": "place_grey",
                                    "player": p.name,
                                    "at": [x, y],
                                    "spread": spread,
                                }
                            )
    return found or [{"type": "place_grey"}]


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """None of its own: the draw samples them (:mod:`.place_patient`)."""
    return []


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    """As said, and where the disease spreads."""
    base = said(state, data)
    if not data.get("spread"):
        return base
    tiles = layout(state, state.index(data["player"])).tiles
    return words.say(
        N_("{action} It spreads to the tile {place}."),
        action=base,
        place=words.at(tiles, tuple(data["spread"][0])),
    )


@KIND.told
def told_effects(state: State, data: Candidate) -> list[Message]:
    """What placing the grey cube does, said without applying it."""
    at, spread = data.get("at"), data.get("spread") or ()
    return said_drawn(state, "grey", data.get("player"), at=at, spread=spread)


@KIND.group
def grouped(state: State, data: Candidate) -> Message | None:
    """A grey cube is listed under the hospital it goes to."""
    if not data.get("player"):
        return None
    return words.say(N_("{player}'s hospital"), player=data["player"])


@KIND.places
def named_places(state: State, data: Candidate) -> list[str]:
    """The tile the cube goes to (``tile:Anna:0:1``)."""
    return one_tile(data)


def one_tile(data: Candidate) -> list[str]:
    """The one tile of one hospital a move names (its ``player`` and ``at``)."""
    at = data.get("at")
    if data.get("player") and isinstance(at, list) and len(at) == 2:
        return [f"tile:{data['player']}:{at[0]}:{at[1]}"]
    return []
