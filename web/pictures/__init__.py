"""The pictures of a state, drawn by the server through the game's ``present`` (its
``present.py``: see :class:`adjudicator.core.present.Presentation`), with the offending
parts marked; and what a tap on a picture puts there. Every text that came from the user
is escaped by the SVG writer."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from adjudicator.core.game import Game

from ..labels import entity_name, field_label

log = logging.getLogger(__name__)


#: The names a picture asked for, by game and language (a picture asks for the same few
#: hundred names each time it is drawn: a live table redraws it after every move).
_NAMES: dict[tuple[int, str], tuple[Game, dict[tuple[str, str], str]]] = {}


def namer(game: Game, lang: str) -> Any:
    """``names(kind, entity)`` for the picture: the vocabulary's name, else a label."""
    kept = _NAMES.get((id(game), lang))
    if kept is None or kept[0] is not game:  # (an id is only this game's while it lives)
        kept = _NAMES[(id(game), lang)] = (game, {})
    known = kept[1]

    def names(kind: str, entity: str) -> str:
        found = known.get((kind, entity))
        if found is None:
            fallback = field_label(game, entity, lang, "")
            found = known[(kind, entity)] = entity_name(game, kind, entity, lang, fallback)
        return found

    return names


def draw(
    game: Game, state: Any, paths: Iterable[str], lang: str, links: Any = False
) -> Markup | None:
    """The picture of ``state``, or ``None`` when the game has none (or it failed).

    With ``links``, the parts of the picture link to their fields in the form editor;
    ``links`` may be a function from a state pointer to the HTML id to link to.
    """
    if game.present is None:
        return None
    try:
        html = game.present.draw(state, set(paths), lang, links, namer(game, lang))
    except Exception:  # a picture must never break the verdict
        log.exception("drawing %s failed", game.id)
        return None
    return Markup(html)


def layers(
    game: Game, state: Any, paths: Iterable[str], lang: str, links: Any = False
) -> dict[str, str] | None:
    """The parts of the picture of ``state`` that change with the state, by name (see
    ``Presentation.layers``); ``None`` when the game draws only whole pictures (or failed)."""
    if game.present is None or game.present.layers is None:
        return None
    try:
        return game.present.layers(state, set(paths), lang, links, namer(game, lang))
    except Exception:  # a picture must never break the page (it takes the whole one)
        log.exception("drawing the layers of %s failed", game.id)
        return None


def brushes(game: Game, data: Any, lang: str) -> list[tuple[str, str]]:
    """What a tap on the game's picture can put, as ``(value, text)``; empty: taps only link."""
    present = game.present
    if present is None or present.brushes is None or not isinstance(data, dict):
        return []
    return present.brushes(data, namer(game, lang), lang)


def tap(game: Game, data: Any, where: str, brush: str) -> str:
    """Put ``brush`` at ``where`` (a tap on the picture), changing ``data``; the pointer of
    the part to show afterwards ("" when nothing changed)."""
    present = game.present
    if present is None or present.tap is None or not isinstance(data, dict):
        return ""
    try:
        return present.tap(data, where, brush)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return ""
