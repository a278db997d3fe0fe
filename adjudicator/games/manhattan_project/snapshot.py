"""A copy of the state for ``apply`` to change: only what a move may change is copied
(issue 16: the JSON round trip it replaces was most of what ``legal_actions`` cost)."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from .models import Bomb, Building, Player, State, Test

_Model = TypeVar("_Model", bound=BaseModel)
_Occupied = TypeVar("_Occupied", Building, Bomb, Test)


def copy_state(state: State) -> State:
    """A copy of ``state`` that a move can change without touching ``state``.

    Copied: the state, its players, the active player's supplies, the board's spaces, the
    turn, the general supply, and every list. Shared until a move changes one: the other
    players' supplies (only a retrieval gives them pieces back) and the buildings, bombs
    and test markers in front of the players (a handler takes its own copy first, with
    :func:`own_building`; a retrieval copies them all, :func:`own_pieces`). Never changed once
    made, so always shared: worker pieces, bomb cards, printed amounts and market cards.
    The fields given in the input stay the ones given (``model_fields_set``). Several times
    faster than the JSON round trip it replaces, which was most of what ``legal_actions``
    cost (issue 16).
    """
    new = _shallow(state)
    fields = new.__dict__
    fields["players"] = [_copy_player(p, p.colour == state.turn.active) for p in state.players]
    board = _shallow(state.board)
    for name, pieces in board.__dict__.items():
        board.__dict__[name] = list(pieces)
    fields["board"] = board
    for name in ("market", "market_prices", "bomb_row", "test_markers"):
        fields[name] = list(fields[name])
    turn = fields["turn"] = _shallow(state.turn)
    turn.__dict__["spied"] = list(state.turn.spied)
    supply = state.general_supply
    if supply is not None:
        copied = fields["general_supply"] = _shallow(supply)
        copied.__dict__["contractors"] = _shallow(supply.contractors)
        copied.__dict__["workers"] = {c: _shallow(w) for c, w in supply.workers.items()}
    return new


def _copy_player(p: Player, supplies: bool) -> Player:
    new = _shallow(p)
    fields = new.__dict__
    if supplies:
        _copy_supplies(new)
    for name in ("buildings", "hand", "bombs"):
        fields[name] = list(fields[name])
    return new


def _copy_supplies(p: Player) -> None:
    for name in ("workers", "contractors"):
        p.__dict__[name] = _shallow(p.__dict__[name])


def own_building(player: Player, index: int) -> Building:
    """The player's building ``index``, copied first: the move may change it."""
    copied = player.buildings[index] = with_occupants(player.buildings[index])
    return copied


def own_pieces(state: State) -> None:
    """Copies of every supply, building, bomb and test marker (the active player's supplies
    are copied already), for a move that may change them all."""
    for q in state.players:
        if q.colour != state.turn.active:
            _copy_supplies(q)
        q.buildings[:] = [with_occupants(b) for b in q.buildings]
        q.bombs[:] = [with_occupants(b) for b in q.bombs]
        if q.test is not None:
            q.__dict__["test"] = with_occupants(q.test)


def with_occupants(model: _Occupied) -> _Occupied:
    new = _shallow(model)
    new.__dict__["occupants"] = list(model.occupants)
    return new


def _shallow(model: _Model) -> _Model:
    """A shallow copy with the same fields set: what pydantic's ``model_copy()`` makes, for
    models with no extra fields and no private attributes (all of the state's), at about
    half its cost."""
    new = _NEW(type(model))
    _SET(new, "__dict__", model.__dict__.copy())
    _SET(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _SET(new, "__pydantic_extra__", None)
    _SET(new, "__pydantic_private__", None)
    return new


_NEW = object.__new__
_SET = object.__setattr__
