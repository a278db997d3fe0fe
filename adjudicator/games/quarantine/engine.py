"""What every move shares when it is applied: the state copied for it, the action it uses,
the end of the game it triggers, and what a drawn cube does in words. Each kind's own
effect is in its module (:mod:`.moves`); nothing is kept between calls (the copy's
``_cache`` is empty)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from ...core.i18n import N_, Message
from . import vocab as words
from .data import tiles_left
from .models import Player, State, Tile
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


def _touched(state: State, move: Any, everyone: Collection[str]) -> set[str] | None:
    """The players a move may change: the active one and those it names (every player for
    a move of a type in ``everyone``: the end of a round, when the next one's contracts
    become claimable)."""
    if move.type in everyone:
        return None
    named = (getattr(move, key, None) for key in ("player", "seller", "source"))
    return {state.round.active, *(n for n in named if n)}


Effect = Callable[[State, Player, Any], Sequence[Message]]
"""A kind's effect: ``effect(state, me, move)`` changes the state copied for the move (``me``:
its active player) and says what happened."""


def frame(
    state: State,
    move: Any,
    effect: Effect,
    *,
    actions: Collection[str],
    everyone: Collection[str],
) -> tuple[State, list[Message]]:
    """What every move shares around its kind's effect: the copy of the state, the action
    it uses (a move of a type in ``actions``: one of the round's four, else an extra-action
    marker) and the end of the game triggered by it."""
    s = copy_state(state, _touched(state, move, everyone))
    me = s.players[s.index(s.round.active)]
    r = s.round
    said: list[Message] = []
    if move.type in actions:
        if r.actions_used >= 4 + r.markers_spent:
            me.markers -= 1
            r.markers_spent += 1
            s.marker_supply += 1
            said.append(
                checks.message(N_("{player} spends an extra-action marker."), player=me.name)
            )
        r.actions_used += 1
    said.extend(effect(s, me, move))
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
