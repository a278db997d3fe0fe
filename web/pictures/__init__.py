"""SVG pictures of a state, drawn by the server, with the offending parts marked.

Each game has a module here named after its package (``manhattan_project.py``,
``imperial.py``, ``quarantine.py``) with ``draw(state, marked, lang, links) -> str``: the
parsed state, the JSON pointers of the violations, the page's language. Every text
that came from the user goes through :func:`markupsafe.escape`.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from adjudicator.core.game import Game
from adjudicator.core.i18n import Message
from adjudicator.games import GAME_PACKAGES

from ..labels import FIELDS, entity_name

log = logging.getLogger(__name__)


def is_marked(path: str, marked: Iterable[str]) -> bool:
    """Whether ``path`` or a part inside it is one of the ``marked`` JSON pointers."""
    return any(m == path or m.startswith(path + "/") for m in marked)


def draw(
    game: Game, state: Any, paths: Iterable[str], lang: str, links: Any = False
) -> Markup | None:
    """The picture of ``state``, or ``None`` when the game has none (or it failed).

    With ``links``, the parts of the picture link to their fields in the form editor;
    ``links`` may be a function from a state pointer to the HTML id to link to.
    """
    package = GAME_PACKAGES.get(game.id)
    if package is None:
        return None
    try:
        module = importlib.import_module(f"{__name__}.{package}")
    except ModuleNotFoundError:
        return None

    def names(kind: str, entity: str) -> str:
        fallback = Message("adjudicator", FIELDS[entity]).render(lang) if entity in FIELDS else ""
        return entity_name(game, kind, entity, lang, fallback)

    try:
        svg: str = module.draw(state, set(paths), lang, links=links, names=names)
    except Exception:  # a picture must never break the verdict
        log.exception("drawing %s failed", game.id)
        return None
    return Markup(svg)
