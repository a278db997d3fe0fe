"""What the player to move may do: every plausible move of each kind, for ``legal_actions``.

The core keeps the legal candidates. Listed: placing the drawn cube (each colour the bag
still holds, since the table draws it), treating, placing a tile kept aside (each free
square and rotation), taking a marker, disinfecting, Pathology and the other special-room
actions, and ending the round. Not listed, and said so in the notes: admitting, contracts,
buying and claiming tiles, reordering the line and renovating, whose moves choose payments,
doors or orders among too many to read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.game import OptionsProvider
from ...core.i18n import N_, Message
from . import vocab as words
from .alternatives import describe
from .data import box_cubes
from .geometry import SIDES, Layout, layout, neighbour
from .models import COLOURS, State
from .rules.common import active
from .rules.draw import grey_targets

DOMAIN = "quarantine"

#: The kinds listed, in the order a round offers them.
KINDS: tuple[str, ...] = (
    "place_patient",
    "place_grey",
    "treat",
    "place_set_aside",
    "take_marker",
    "disinfect",
    "pathology",
    "pharmacy",
    "gift_shop",
    "cafeteria",
    "end_round",
)

Candidate = dict[str, Any]


def _place_patient(state: State) -> Iterator[Candidate]:
    for colour in COLOURS:
        if colour == "grey" or not state.bag.get(colour):
            continue
        for p in state.players:
            yield {"type": "place_patient", "colour": colour, "player": p.name}
            yield {"type": "place_patient", "colour": colour, "player": p.name, "emergency": True}


def _place_grey(state: State) -> Iterator[Candidate]:
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


def _treat(state: State) -> Iterator[Candidate]:
    i, _ = active(state)
    colours = sorted({c for t in layout(state, i).tiles.values() for c in t.patients})
    for colour in colours:
        yield {"type": "treat", "colour": colour}
        for on_call in colours:
            if on_call != colour:
                yield {"type": "treat", "colour": colour, "on_call": on_call}


def _place_set_aside(state: State) -> Iterator[Candidate]:
    i, me = active(state)
    tiles = layout(state, i).tiles
    spots = sorted({neighbour(p, side) for p in tiles for side in SIDES} - set(tiles))
    for k in range(len(me.set_aside)):
        for x, y in spots:
            for rotation in (0, 90, 180, 270):
                yield {"type": "place_set_aside", "index": k, "at": [x, y], "rotation": rotation}


def _quarantined(state: State) -> Iterator[Candidate]:
    for j, p in enumerate(state.players):
        for x, y in layout(state, j).quarantined():
            for keep in (False, True):
                yield {"type": "disinfect", "player": p.name, "at": [x, y], "keep": keep}
                for corner in ([x - 1, y], [x, y], [x - 1, y - 1], [x, y - 1]):
                    yield {"type": "pathology", "player": p.name, "corner": corner, "keep": keep}


def _cafeteria(state: State) -> Iterator[Candidate]:
    _, me = active(state)
    yield {"type": "cafeteria", "source": None}
    for p in state.players:
        if p.name != me.name:
            yield {"type": "cafeteria", "source": p.name}


def candidates(state: State, kind: str | None = None) -> Iterator[Candidate]:
    """Every plausible move of ``kind`` (``None``: of every kind) for the active player."""
    if state.end.over:
        return
    for k in KINDS if kind is None else (kind,):
        if k == "place_patient":
            yield from _place_patient(state)
        elif k == "place_grey":
            yield from _place_grey(state)
        elif k == "treat":
            yield from _treat(state)
        elif k == "place_set_aside":
            yield from _place_set_aside(state)
        elif k in ("disinfect", "pathology"):
            yield from (m for m in _quarantined(state) if m["type"] == k)
        elif k == "gift_shop":
            for colour in COLOURS:
                if box_cubes(state).get(colour):
                    yield {"type": "gift_shop", "colour": colour}
        elif k == "cafeteria":
            yield from _cafeteria(state)
        else:
            yield {"type": k}


def _describe(state: State, data: Candidate) -> Message:
    """The game's description, naming where a grey cube spreads and where a tile goes."""
    base = describe(state, data)
    if data["type"] == "place_grey" and data.get("spread"):
        lay = layout(state, state.index(data["player"]))
        return Message(
            DOMAIN,
            N_("{action} It spreads to the tile {place}."),
            {"action": base, "place": words.at(lay.tiles, tuple(data["spread"][0]))},
        )
    if data["type"] == "place_set_aside":
        i, _ = active(state)
        return Message(
            DOMAIN,
            N_("{action} It goes {place}, turned {rotation} degrees."),
            {
                "action": base,
                "place": words.at(layout(state, i).tiles, tuple(data["at"])),
                "rotation": data["rotation"],
            },
        )
    return base


def notes(state: State) -> list[Message]:
    """What the list leaves out, and why."""
    return [
        Message(
            DOMAIN,
            N_(
                "Not listed: admitting patients, contracts, buying or claiming a room tile, "
                "reordering the waiting line and renovating. Their moves choose payments, doors "
                "or orders among too many to read; ask about one of them with the move editor."
            ),
        )
    ]


OPTIONS = OptionsProvider(KINDS, candidates, _describe, notes)
