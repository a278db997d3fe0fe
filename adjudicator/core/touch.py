"""A move entered by tapping a game's picture (issue 26).

A *place* is a string naming one part of the picture a move can name ("space:reactor",
"region:tunis", "tile:Anna:0:1"). Each game's ``present.py`` may give a :class:`Touch`:
which places a move names (the piece's place first, its destination last) and what a tap
on a place does to a move. From that and the game's list of legal actions (the same as
"What may I do?"), the core says which places to mark and which move a tap makes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import MalformedInput

if TYPE_CHECKING:
    from .game import Game

#: The marks a place can carry: the pieces that may move, where the move may legally go,
#: the places the move names (those of an illegal move: broken), and the places of the
#: legal alternatives to an illegal one.
PIECE, LEGAL, CHOSEN, BROKEN, ALTERNATIVE = "piece", "legal", "chosen", "broken", "alternative"


@dataclass(frozen=True)
class Touch:
    """How a game's moves are entered on its picture.

    ``places(state, move)``: the places ``move`` (move data, maybe incomplete) names, the
    piece's own place first and its destination last. ``put(state, move, place)``: the move
    after a tap on ``place`` (``None``: the tap means nothing for this kind of move).
    ``fills``: the fields a tap leaves to the first legal action of the kind when the move
    has none yet (who moves, with which worker, on which rondel space). ``same``: the
    fields where a legal action must agree with the move to be marked for it (the worker
    chosen, the nation). ``adopt(move, option)``: the move once a tap on a place marked
    legal chose ``option`` for it (by default the option itself). ``fits(move, option)``:
    whether ``option`` moves the same piece as the move (an army, not the fleet in the same
    port), where the places alone do not tell them apart.
    """

    places: Callable[[Any, dict[str, Any]], list[str]]
    put: Callable[[Any, dict[str, Any], str], dict[str, Any] | None]
    fills: tuple[str, ...] = ()
    same: tuple[str, ...] = ()
    adopt: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] = lambda move, option: option
    fits: Callable[[dict[str, Any], dict[str, Any]], bool] = lambda move, option: True


def agrees(move: dict[str, Any], option: dict[str, Any], same: tuple[str, ...]) -> bool:
    """Whether ``option`` keeps what the move already says in its ``same`` fields."""
    return all(move[k] == option[k] for k in same if move.get(k) is not None and k in option)


def compatible(game: Game, state: Any, move: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal actions of the move's kind that go on from the places it names."""
    touch = game.present.touch if game.present else None
    kind = move.get("type")
    if touch is None or game.options is None or kind not in game.options.kinds:
        return []
    chosen = touch.places(state, move)
    found = []
    for action in game.legal_actions(state, str(kind)).actions:
        option = dict(action.move)
        named = touch.places(state, option)
        goes_on = named[: len(chosen)] == chosen and len(named) > len(chosen)
        if goes_on and agrees(move, option, touch.same) and touch.fits(move, option):
            found.append(option)
    return found


def marks(game: Game, state: Any, move: dict[str, Any]) -> dict[str, str]:
    """The marks on the picture for a move being entered: its own places (``chosen``) and
    where it may legally go next (``legal``); before a piece is chosen, the pieces that
    may move (``piece``) when the kind moves a piece from somewhere."""
    touch = game.present.touch if game.present else None
    if touch is None:
        return {}
    chosen = touch.places(state, move)
    options = compatible(game, state, move)
    found: dict[str, str] = {}
    pieces = not chosen and any(len(touch.places(state, o)) > 1 for o in options)
    for option in options:
        named = touch.places(state, option)
        found[named[0] if pieces else named[-1]] = PIECE if pieces else LEGAL
    found.update(dict.fromkeys(chosen, CHOSEN))
    return found


def tap(game: Game, state: Any, move: dict[str, Any], place: str) -> tuple[dict[str, Any], bool]:
    """The move after a tap on ``place``, and whether it is complete enough to decide.

    A tap on a place marked ``legal`` fills the whole move in from the first legal action
    that goes there; any other tap puts the place in the move as the game says, and the
    fields it leaves open come from the first legal action of the kind (a legal action
    naming just the places of the move: that action, as when its place was marked, e.g. a
    market stack tapped while another kind was chosen). A move that names no place yet (a
    tap on a rondel space chose only the kind) is not decided."""
    touch = game.present.touch if game.present else None
    if touch is None:
        return move, False
    options = compatible(game, state, move)
    if marks(game, state, move).get(place) == LEGAL:
        for option in options:
            if touch.places(state, option)[-1] == place:
                return touch.adopt(move, option), True
    changed = touch.put(state, copy.deepcopy(move), place)
    if changed is None:
        return move, False
    kind = changed.get("type")
    if game.options is not None and kind in game.options.kinds:
        listed = [dict(a.move) for a in game.legal_actions(state, str(kind)).actions]
        named = touch.places(state, changed)
        for option in listed:  # a legal action naming just these places: it, filled in
            exact = named and touch.places(state, option) == named
            if exact and agrees(changed, option, touch.same) and touch.fits(changed, option):
                return touch.adopt(changed, option), True
        first = next(iter(listed), None)
        for key in touch.fills:
            if first is not None and key not in changed and key in first:
                changed[key] = copy.deepcopy(first[key])
    if not touch.places(state, changed):
        return changed, False  # (a kind chosen, no place named yet: nothing to decide)
    try:
        game.parse_move(changed)
    except MalformedInput:
        return changed, False
    return changed, True


def alternative_marks(game: Game, state: Any, moves: list[Any]) -> dict[str, str]:
    """The destinations of the legal alternatives to an illegal move, marked."""
    touch = game.present.touch if game.present else None
    if touch is None:
        return {}
    found: dict[str, str] = {}
    for move in moves:
        named = touch.places(state, dict(move)) if isinstance(move, dict) else []
        if named:
            found[named[-1]] = ALTERNATIVE
    return found
