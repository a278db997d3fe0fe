"""Applying a move: ``apply(state, move)`` returns the new state and what the move did, in
words. It keeps nothing between calls (the state's own ``_cache`` is reset on the copy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from ...core.i18n import N_, Message, N_plural
from . import purchases, specials
from . import vocab as words
from .data import tiles_left
from .geometry import place_tile, tile_at
from .models import LooseTile, Player, Stack, State, Tile
from .moves import ACTION_MOVES
from .rules import checks
from .rules.common import as_pos

_TRIGGERED = checks.message(N_("The end of the game is triggered."))


def would_trigger(state: State, patients_drawn: int = 0) -> bool:
    """Whether the end is triggered once ``patients_drawn`` more patients leave the bag."""
    return not state.end.triggered and (
        tiles_left(state) == 0 or state.bag.coloured() == patients_drawn
    )


def _trigger(state: State) -> bool:
    if would_trigger(state):
        state.end.triggered = True
        state.end.final_rounds_left = len(state.players)
        return True
    return False


M = TypeVar("M", bound=BaseModel)


def _clone(model: M, **changes: Any) -> M:
    """A shallow copy of a valid model with some fields replaced, not validated again:
    pydantic's ``model_copy`` does the same through ``copy.copy``, several times slower.
    (The models of a state hold no extra fields, and only ``State`` has a private one.)"""
    new = object.__new__(type(model))
    values = dict(model.__dict__)
    values.update(changes)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    private = model.__pydantic_private__
    object.__setattr__(new, "__pydantic_private__", None if private is None else dict(private))
    return new


def _tile(t: Tile) -> Tile:
    return _clone(t, doors=list(t.doors), patients=list(t.patients))


def _player(p: Player) -> Player:
    return _clone(
        p,
        hospital=[_tile(t) for t in p.hospital],
        line=list(p.line),
        supply=_clone(p.supply),
        set_aside=[_clone(t, doors=list(t.doors)) for t in p.set_aside],
        contracts=[_clone(c, price=_clone(c.price)) for c in p.contracts],
    )


def copy_state(state: State, touched: set[str] | None = None) -> State:
    """A copy of ``state`` that ``apply`` may change: every list and model inside is new, but
    for the players not in ``touched`` (``None``: every player), whom the copy shares with
    ``state``; no value is validated again (they are valid already), and the copy's cache
    is empty. Faster than a JSON round trip, which matters for options and alternatives."""
    r = state.round
    s = _clone(
        state,
        players=[_player(p) if touched is None or p.name in touched else p for p in state.players],
        special_kinds=list(state.special_kinds),
        market=[_clone(st, price=_clone(st.price)) for st in state.market],
        bag=_clone(state.bag),
        box=_clone(state.box) if state.box is not None else None,
        round=_clone(
            r, bought_special=list(r.bought_special), bought_treatment=list(r.bought_treatment)
        ),
        end=_clone(state.end),
    )
    s._cache = {}
    return s


def _touched(state: State, move: Any) -> set[str] | None:
    """The players a move may change: the active one and those it names (every player at
    the end of a round, when the next one's contracts become claimable)."""
    if move.type == "end_round":
        return None
    named = (getattr(move, key, None) for key in ("player", "seller", "source"))
    return {state.round.active, *(n for n in named if n)}


def apply(state: State, move: Any) -> tuple[State, list[Message]]:
    s = copy_state(state, _touched(state, move))
    i = s.index(s.round.active)
    me = s.players[i]
    r = s.round
    said: list[Message] = []
    if move.type in ACTION_MOVES:
        if r.actions_used >= 4 + r.markers_spent:
            me.markers -= 1
            r.markers_spent += 1
            s.marker_supply += 1
            said.append(
                checks.message(N_("{player} spends an extra-action marker."), player=me.name)
            )
        r.actions_used += 1
    handler = _HANDLERS[move.type]
    said.extend(handler(s, me, move))
    if _trigger(s):
        said.append(_TRIGGERED)
    return s, said


def said_drawn(
    state: State,
    colour: str,
    player: str | None,
    emergency: bool = False,
    at: Sequence[int] | None = None,
    spread: Sequence[Sequence[int]] = (),
) -> list[Message]:
    """What placing a drawn cube does, said from the state before it: ``apply`` says this,
    and the options say it without applying the move. ``colour`` "grey" is a grey cube."""
    said: list[Message] = []
    target = state.player(player or "")
    if colour != "grey":
        template = (
            N_("A {colour} patient goes straight into {player}'s Emergency.")
            if emergency
            else N_("A {colour} patient joins the end of {player}'s waiting line.")
        )
        said.append(checks.message(template, colour=words.colour(colour, "patient"), player=player))
    elif at is None or target is None:
        said.append(checks.message(N_("The grey cube goes to the supply.")))
    else:
        frame = {(t.x, t.y): t for t in target.hospital}
        tile = frame.get(as_pos(at))
        said.append(
            checks.message(
                N_("{player}'s {room} ({place}) is quarantined."),
                player=player,
                room=words.room(tile.kind),
                place=words.at(frame, as_pos(at)),
            )
            if tile is not None
            else checks.message(
                N_("{player}'s tile {place} is quarantined."),
                player=player,
                place=words.at(frame, as_pos(at)),
            )
        )
        said += [
            checks.message(
                N_("The disease spreads to the tile {place}."), place=words.at(frame, as_pos(q))
            )
            for q in spread
        ]
    if would_trigger(state, patients_drawn=int(colour != "grey")):
        said.append(_TRIGGERED)
    return said


def _place_patient(s: State, me: Player, move: Any) -> list[Message]:
    said = said_drawn(s, move.colour, move.player, emergency=move.emergency)[:1]
    setattr(s.bag, move.colour, s.bag.get(move.colour) - 1)
    s.round.draws += 1
    target = s.players[s.index(move.player)]
    if move.emergency:
        room = next(
            t for t in target.hospital if t.kind == "emergency" and not t.grey and not t.patients
        )
        room.patients.append(move.colour)
    else:
        target.line.append(move.colour)
    return said


def _place_grey(s: State, me: Player, move: Any) -> list[Message]:
    said = said_drawn(s, "grey", move.player, at=move.at, spread=move.spread)
    said = said[: 1 + len(move.spread) if move.at is not None else 1]
    s.bag.grey -= 1
    if move.at is None:
        s.grey_supply += 1
        if not s.round.first_round:
            s.round.draws += 1
        return said
    s.round.draws += 1
    target = s.players[s.index(move.player)]
    for at in [move.at, *move.spread]:
        tile = tile_at(target, as_pos(at))
        assert tile is not None
        tile.grey = True
    s.grey_supply -= len(move.spread)
    return said


def _admit(s: State, me: Player, move: Any) -> list[Message]:
    for at in move.rooms:
        tile = tile_at(me, as_pos(at))
        assert tile is not None
        tile.patients.append(me.line.pop(0))
    return [
        checks.message(
            N_plural("{count} patient is admitted.", "{count} patients are admitted."),
            count=len(move.rooms),
        )
    ]


def _treat(s: State, me: Player, move: Any) -> list[Message]:
    colours = {move.colour} | ({move.on_call} if move.on_call else set())
    n = 0
    for t in me.hospital:
        if t.grey:
            continue
        keep = [c for c in t.patients if c not in colours]
        for c in t.patients:
            if c in colours:
                setattr(me.supply, c, me.supply.get(c) + 1)
                n += 1
        t.patients = keep
    if n == 0:
        return [checks.message(N_("No patient is treated."))]
    return [
        checks.message(
            N_plural(
                "{count} patient is treated and joins {player}'s personal supply.",
                "{count} patients are treated and join {player}'s personal supply.",
            ),
            count=n,
            player=me.name,
        )
    ]


def _place_set_aside(s: State, me: Player, move: Any) -> list[Message]:
    tile = me.set_aside.pop(move.index)
    place_tile(me, tile, move.at, move.rotation)
    return [
        checks.message(
            N_("{player} places a tile of {kind} kept beside the hospital."),
            player=me.name,
            kind=words.room(tile.kind, "gen"),
        )
    ]


def _move_patients(s: State, me: Player, move: Any) -> list[Message]:
    me.line = list(move.line)
    return [checks.message(N_("{player}'s waiting line is rearranged."), player=me.name)]


def _take_marker(s: State, me: Player, move: Any) -> list[Message]:
    s.marker_supply -= 1
    me.markers += 1
    s.round.markers_taken += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]


def _disinfect(s: State, me: Player, move: Any) -> list[Message]:
    target = s.players[s.index(move.player)]
    tile = tile_at(target, as_pos(move.at))
    assert tile is not None
    tile.grey = False
    if move.keep:
        me.supply.grey += 1
    else:
        s.grey_supply += 1
    return [
        checks.message(
            N_("{player}'s tile {place} is disinfected."),
            player=target.name,
            place=words.at([(t.x, t.y) for t in target.hospital], (tile.x, tile.y)),
        )
    ]


def _renovate(s: State, me: Player, move: Any) -> list[Message]:
    s.round.renovated = True
    lifted: list[tuple[LooseTile, Any, int]] = []
    for step in move.steps:
        if step.source is not None:
            tile = tile_at(me, as_pos(step.source))
            assert tile is not None
            me.hospital.remove(tile)
            loose = LooseTile(
                kind=tile.kind, colour=tile.colour, extra=tile.extra, doors=list(tile.doors)
            )
            lifted.append((loose, step.to, step.rotation_from(tile.rotation)))
    for k in sorted({st.set_aside for st in move.steps if st.set_aside is not None}, reverse=True):
        tile_l = me.set_aside.pop(k)
        step = next(st for st in move.steps if st.set_aside == k)
        lifted.append((tile_l, step.to, step.rotation_from(0)))
    for loose, to, rotation in lifted:
        place_tile(me, loose, to, rotation)
    return [
        checks.message(
            N_plural("{player} renovates {count} tile.", "{player} renovates {count} tiles."),
            player=me.name,
            count=len(move.steps),
        )
    ]


def _end_round(s: State, me: Player, move: Any) -> list[Message]:
    n = len(s.players)
    i = s.index(me.name)
    said = [checks.message(N_("{player}'s round ends."), player=me.name)]
    for c in [c for c in me.contracts if c.claimable]:
        me.contracts.remove(c)
        s.market.append(Stack(kind=c.kind, count=c.count, price=c.price))
    if s.end.triggered:
        s.end.final_rounds_left = max(0, s.end.final_rounds_left - 1)
        if s.end.final_rounds_left == 0:
            s.end.over = True
            said.append(checks.message(N_("The game is over.")))
    nxt = (i + 1) % n
    first = s.round.first_round and nxt != 0
    s.round = type(s.round)(
        active=s.players[nxt].name, bag_holder=s.players[(nxt + 1) % n].name, first_round=first
    )
    for c in s.players[nxt].contracts:
        c.claimable = True
    return said


_HANDLERS = {
    "place_patient": _place_patient,
    "place_grey": _place_grey,
    "admit": _admit,
    "treat": _treat,
    "contract": purchases.contract,
    "claim_contract": purchases.claim,
    "buy_special": purchases.buy_special,
    "buy_treatment": purchases.buy_treatment,
    "place_set_aside": _place_set_aside,
    "move_patients": _move_patients,
    "take_marker": _take_marker,
    "disinfect": _disinfect,
    "renovate": _renovate,
    "pharmacy": specials.pharmacy,
    "pathology": specials.pathology,
    "gift_shop": specials.gift_shop,
    "cafeteria": specials.cafeteria,
    "end_round": _end_round,
}
