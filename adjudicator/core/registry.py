"""The games the spine knows, registered by the games themselves.

``core/`` imports no game module by name: the ``adjudicator.games`` package registers each
game's package here (``register_game``), and the spine looks games up by their ID. A game
is loaded (its package imported) only when it is first asked for.

A vocabulary can also be registered on its own under a gettext domain, which is what the
unit tests of :class:`~adjudicator.core.i18n.Name` do.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .exceptions import AdjudicatorError

if TYPE_CHECKING:
    from .game import Game
    from .vocab import Vocabulary

#: Game ID -> dotted name of its package, in registration (reference) order.
_PACKAGES: dict[str, str] = {}
#: gettext domain -> a vocabulary registered without a game.
_VOCABULARIES: dict[str, Vocabulary] = {}


class UnknownGame(AdjudicatorError, KeyError):
    """No game is registered under that ID."""


class DuplicateGame(AdjudicatorError, ValueError):
    """Another package is already registered under that game ID."""


def register_game(game_id: str, module: str) -> None:
    """Make the game ``game_id``, whose package is ``module``, known to the spine.
    Raises :class:`DuplicateGame` when another package has that ID."""
    known = _PACKAGES.get(game_id)
    if known is not None and known != module:
        raise DuplicateGame(f"game {game_id!r} is already registered as {known}")
    _PACKAGES[game_id] = module


def game_ids() -> tuple[str, ...]:
    """Every registered game ID, in the order the reference lists them."""
    return tuple(_PACKAGES)


def game_module(game_id: str) -> str:
    """The dotted name of the game's package."""
    try:
        return _PACKAGES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def package_dir(game_id: str) -> Path | None:
    """The folder of the game's package without importing it (``None``: not installed)."""
    spec = importlib.util.find_spec(game_module(game_id))
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def load_game(game_id: str) -> Game:
    """The game's :class:`~adjudicator.core.game.Game` (its package's ``GAME``)."""
    game: Game = importlib.import_module(game_module(game_id)).GAME
    return game


def register_vocabulary(domain: str, vocabulary: Vocabulary | None) -> None:
    """Register (or, with ``None``, forget) a vocabulary for a domain that is not a game."""
    if vocabulary is None:
        _VOCABULARIES.pop(domain, None)
    else:
        _VOCABULARIES[domain] = vocabulary


def vocabulary(domain: str) -> Vocabulary | None:
    """The vocabulary of a gettext domain: a game's ``vocab``, or one registered alone."""
    found = _VOCABULARIES.get(domain)
    if found is not None:
        return found
    if domain in _PACKAGES:
        return load_game(domain).vocab
    return None
