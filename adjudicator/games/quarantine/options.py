"""What the player to move may do: every plausible move of each kind, for ``legal_actions``.

The core keeps the legal candidates. Listed: placing the drawn cube (each colour the bag
still holds, since the table draws it), and every action of the round with its cost:
admitting (each number of patients from the front of the line), treating, a contract on
each free stack (at the lowest price the supply allows), buying each special room on offer
and each extra treatment room (with a payment that works), claiming a contract, reordering
the line (each move of one patient), taking a marker, disinfecting, renovating (one tile
lifted or turned, for each tile that can be), the special rooms' actions; then the free
moves: placing a tile kept aside (each free square and rotation) and ending the round.
A bought or claimed tile is listed kept beside the hospital (an extra treatment room, on
the first square it fits with doors on all sides): where a tile goes depends on the doors
printed on it, and the notes say so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...core.game import OptionsProvider
from ...core.i18n import N_, Message, N_plural, Names
from . import buying
from . import vocab as words
from .alternatives import describe, is_legal
from .data import box_cubes
from .engine import said_drawn
from .geometry import SIDES, Layout, capacity, layout, neighbour
from .models import COLOURS, State
from .rules.common import active
from .rules.draw import grey_targets

DOMAIN = "quarantine"

#: The kinds listed, in the order a round offers them.
KINDS: tuple[str, ...] = (
    "place_patient",
    "place_grey",
    "admit",
    "treat",
    "contract",
    "buy_special",
    "buy_treatment",
    "claim_contract",
    "move_patients",
    "take_marker",
    "disinfect",
    "renovate",
    "pathology",
    "pharmacy",
    "gift_shop",
    "cafeteria",
    "place_set_aside",
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


def _admit(state: State) -> Iterator[Candidate]:
    """Each number of patients from the front of the line, into the first rooms free."""
    i, me = active(state)
    lay = layout(state, i)
    used: dict[tuple[int, int], int] = {}
    rooms: list[list[int]] = []
    for cube in me.line:
        free = next(
            (
                q
                for q, t in lay.tiles.items()
                if t.kind == "treatment"
                and t.colour == cube
                and not t.grey
                and len(t.patients) + used.get(q, 0) < capacity(lay, q)
            ),
            None,
        )
        if free is None:
            return
        used[free] = used.get(free, 0) + 1
        rooms.append(list(free))
        yield {"type": "admit", "rooms": list(rooms)}


def _move_patients(state: State) -> Iterator[Candidate]:
    """With a working Triage, one reorder entry (the line sorted by colour; :func:`_choose`
    says any order may be chosen inside it); then each order with one patient moved."""
    i, me = active(state)
    line = list(me.line)
    seen = {tuple(line)}
    if layout(state, i).working("triage"):
        ordered = tuple(sorted(line, key=COLOURS.index))
        whole = ordered if ordered != tuple(line) else tuple(reversed(line))
        if whole not in seen:
            seen.add(whole)
            yield {"type": "move_patients", "line": list(whole)}
    for k in range(len(line)):
        rest = line[:k] + line[k + 1 :]
        for j in range(len(line)):
            new = (*rest[:j], line[k], *rest[j:])
            if new not in seen:
                seen.add(new)
                yield {"type": "move_patients", "line": list(new)}


def _renovate(state: State) -> Iterator[Candidate]:
    """For each tile a renovation may touch, the first of lifting it beside the hospital and
    turning it in place that is legal."""
    if state.round.renovated:
        return
    i, _ = active(state)
    for (x, y), tile in layout(state, i).tiles.items():
        if tile.grey or tile.patients or tile.kind == "lobby":
            continue
        steps = [{"source": [x, y], "to": None}] + [
            {"source": [x, y], "to": [x, y], "turn": turn} for turn in (90, 180, 270)
        ]
        for step in steps:
            move = {"type": "renovate", "steps": [step]}
            if is_legal(state, move):
                yield move
                break


_KIND: dict[str, Callable[[State], Iterator[Candidate]]] = {
    "place_patient": lambda s: _place_patient(s),
    "place_grey": lambda s: _place_grey(s),
    "admit": _admit,
    "treat": lambda s: _treat(s),
    "contract": buying.contracts,
    "buy_special": buying.buy_special,
    "buy_treatment": buying.buy_treatment,
    "claim_contract": buying.claims,
    "move_patients": _move_patients,
    "renovate": _renovate,
    "place_set_aside": lambda s: _place_set_aside(s),
    "disinfect": lambda s: (m for m in _quarantined(s) if m["type"] == "disinfect"),
    "pathology": lambda s: (m for m in _quarantined(s) if m["type"] == "pathology"),
    "gift_shop": lambda s: (
        {"type": "gift_shop", "colour": c} for c in COLOURS if box_cubes(s).get(c)
    ),
    "cafeteria": lambda s: _cafeteria(s),
}


def candidates(state: State, kind: str | None = None) -> Iterator[Candidate]:
    """Every plausible move of ``kind`` (``None``: of every kind) for the active player."""
    if state.end.over:
        return
    for k in KINDS if kind is None else (kind,):
        make = _KIND.get(k)
        yield from make(state) if make else ({"type": k},)


def _renovation(state: State, data: Candidate) -> Message:
    step = data["steps"][0]
    place = words.at(layout(state, active(state)[0]).tiles, tuple(step["source"]))
    if step.get("to") is None:
        return words.say(N_("Renovate: put the tile {place} beside the hospital."), place=place)
    return words.say(
        N_("Renovate: turn the tile {place} by {rotation} degrees."),
        place=place,
        rotation=step["turn"],
    )


def _describe(state: State, data: Candidate) -> Message:
    """The game's description, naming where a grey cube spreads, where a tile goes, how the
    line is reordered and which tile a renovation touches."""
    kind = data["type"]
    if kind == "renovate":
        return _renovation(state, data)
    if kind == "move_patients":
        return words.say(
            N_("Reorder the waiting line, front to back: {line}."),
            line=Names(DOMAIN, "colour", tuple(data["line"]), "patient"),
        )
    base = describe(state, data)
    tiles = layout(state, active(state)[0]).tiles
    if kind == "place_grey" and data.get("spread"):
        tiles = layout(state, state.index(data["player"])).tiles
        return words.say(
            N_("{action} It spreads to the tile {place}."),
            action=base,
            place=words.at(tiles, tuple(data["spread"][0])),
        )
    if kind == "place_set_aside":
        return words.say(
            N_("{action} It goes {place}, turned {rotation} degrees."),
            action=base,
            place=words.at(tiles, tuple(data["at"])),
            rotation=data["rotation"],
        )
    if data.get("at") is not None and kind in ("buy_special", "buy_treatment", "claim_contract"):
        return words.say(
            N_("{action} It goes {place}."), action=base, place=words.at(tiles, tuple(data["at"]))
        )
    return base


def notes(state: State) -> list[Message]:
    """How the actions are counted, and what the list shows of the choices it does not
    spell out."""
    r = state.round
    _, me = active(state)
    left = 4 + r.markers_spent - r.actions_used
    budget = (
        words.say(
            N_plural(
                "Each action uses one of the round's actions: {player} has {count} left, then "
                "the extra-action markers held.",
                "Each action uses one of the round's actions: {player} has {count} left, then "
                "the extra-action markers held.",
            ),
            player=me.name,
            count=left,
        )
        if left > 0
        else words.say(
            N_(
                "{player} has used the round's actions: each further action spends an "
                "extra-action marker."
            ),
            player=me.name,
        )
    )
    return [
        budget,
        words.say(
            N_(
                "A bought or claimed tile is listed kept beside the hospital, and an extra "
                "treatment room on the first square where it fits with doors on all sides: "
                "where a tile can go depends on the doors printed on it, so ask about a "
                "placement with the move editor."
            )
        ),
        words.say(
            N_(
                "A contract is listed at the lowest price, 2 cubes of the personal supply: any 2 "
                "or more patient cubes will do. The waiting line is listed with one patient moved "
                "(a working Triage allows any order), and a renovation with one tile lifted or "
                "turned (it may change up to 2 tiles)."
            )
        ),
    ]


def _effects(state: State, data: Candidate) -> list[Message] | None:
    """What placing a drawn cube does, said without applying it (the bulk of the list);
    ``None`` for the other kinds, which the core applies."""
    if data["type"] == "place_patient":
        return said_drawn(state, data["colour"], data["player"], bool(data.get("emergency")))
    if data["type"] == "place_grey":
        at, spread = data.get("at"), data.get("spread") or ()
        return said_drawn(state, "grey", data.get("player"), at=at, spread=spread)
    return None


def _group(state: State, data: Candidate) -> Message | None:
    """The sub-list a long kind folds into: a drawn patient by its colour, a grey cube by
    the hospital it goes to, a tile kept aside by which tile it is."""
    kind = data["type"]
    if kind == "place_patient":
        return words.say(
            N_("If the patient drawn is {colour}"), colour=words.colour(data["colour"], "patient")
        )
    if kind == "place_grey" and data.get("player"):
        return words.say(N_("{player}'s hospital"), player=data["player"])
    if kind == "place_set_aside":
        _, me = active(state)
        return words.say(
            N_("Tile number {n} beside the hospital ({kind})"),
            n=data["index"] + 1,
            kind=words.room(me.set_aside[data["index"]].kind),
        )
    return None


def _choose(state: State, data: Candidate) -> dict[str, Any] | None:
    """A reorder with a working Triage: the line may be put in any order of its patients."""
    if data["type"] != "move_patients":
        return None
    i, me = active(state)
    if not layout(state, i).working("triage"):
        return None
    return {"field": "line", "order": "any", "among": list(me.line)}


OPTIONS = OptionsProvider(
    KINDS, candidates, _describe, notes, group=_group, effects=_effects, choose=_choose
)
