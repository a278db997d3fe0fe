"""The dispute page's picture as the editor (issue 26): its places are buttons that put
them in the move being entered, marked from the game's list of legal actions (see
:mod:`adjudicator.core.touch`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from adjudicator.core import touch
from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.present import Places

from ..i18n import _, current_lang
from . import draw, layers

log = logging.getLogger(__name__)


def move_picture(
    game: Game, data: Any, move: Any, paths: list[str], alternatives: list[Any] | None = None,
    illegal: bool = False, address: Callable[[str], str] | None = None,
) -> Markup | None:  # fmt: skip
    """The table before the move, its places buttons that put them in the move (see
    :mod:`adjudicator.core.touch`): marked where the move may go and where the move
    already is; after an illegal move, its places as broken and where the legal
    alternatives go. With ``address``, each place links to ``address(place)`` instead
    (the shared table's page, whose taps open its move page)."""
    try:
        state = game.parse_state(data)
    except MalformedInput:
        return None
    return draw(game, state, paths, current_lang(),
                _links(game, state, move, alternatives, illegal, address))  # fmt: skip


def move_layers(
    game: Game, state: Any, move: Any, address: Callable[[str], str] | None = None
) -> dict[str, str] | None:
    """The layers of :func:`move_picture` (with no violation marked) of a parsed ``state``:
    the parts that change with the state (``None``: the game has none)."""
    return layers(game, state, [], current_lang(), _links(game, state, move, None, False, address))


def _links(
    game: Game, state: Any, move: Any, alternatives: list[Any] | None, illegal: bool,
    address: Callable[[str], str] | None,
) -> Places | bool:  # fmt: skip
    """The picture's places for :func:`move_picture`, marked (``False``: the game's picture
    has no places)."""
    if game.present is None or game.present.touch is None:
        return False
    found: dict[str, str] = {}
    route: list[str] = []
    if isinstance(move, dict):
        try:
            route = game.present.touch.places(state, move)
            found = touch.marks(game, state, move)
            if illegal:
                chosen = {p: touch.BROKEN for p, m in found.items() if m == touch.CHOSEN}
                found = {**touch.alternative_marks(game, state, alternatives or []), **chosen}
        except Exception:  # marks must never break the page (the verdict stands alone)
            log.exception("marking %s failed", game.id)
    return Places(found, mark_words(), "move-form", route, address)


def mark_words() -> dict[str, str]:
    """What each mark on a place says to a screen reader (and the legend to everyone)."""
    return {
        touch.PIECE: _("may move"),
        touch.LEGAL: _("may go here"),
        touch.CHOSEN: _("in the action"),
        touch.BROKEN: _("breaks a rule"),
        touch.ALTERNATIVE: _("legal instead"),
    }


def tapped_move(game: Game, data: Any, move: Any, place: str) -> tuple[Any, bool]:
    """The move after a tap on ``place`` in the picture, and whether to decide it now."""
    if game.present is None or game.present.touch is None or not isinstance(move, dict):
        return move, False
    try:
        state = game.parse_state(data)
    except MalformedInput:
        return move, False
    return touch.tap(game, state, move, place)
