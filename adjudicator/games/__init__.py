"""The games, each a subpackage with the same parts under the same names.

=================  ============================================================
part               what it holds
=================  ============================================================
``__init__.py``    ``GAME``: the :class:`~adjudicator.core.game.Game` object
``rules.toml``     the rules catalog (sections and rules, English msgids)
``glossary.toml``  the official terms in the four languages
``disputes.toml``  where the printed texts disagree, and the reading followed
``models.py``      the pydantic state and move models
``checks.py``      the state checks (invariants of a snapshot)
``moves.py``       the move checks, the effects and the legal alternatives
``scoring.py``     the end of the game and the scoring
``sampler.py``     a seeded random legal-move sampler (playouts and the soak)
``examples/``      named example states (JSON)
``cases/``         the cases (YAML)
=================  ============================================================

Other modules hold what is particular to one game (Imperial's ``board.py`` and map,
Quarantine's ``geometry.py``). The page draws each game's state in
``web/pictures/<package>.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.registry import UnknownGame, game_ids, load_game, register_game

if TYPE_CHECKING:
    from ..core.game import Game

#: Game IDs and their subpackages, in the order the reference lists them.
GAME_PACKAGES: dict[str, str] = {
    "manhattan-project": "manhattan_project",
    "imperial": "imperial",
    "quarantine": "quarantine",
}


# The spine (``core/``) knows no game by name: each game registers itself with it here.
for _game_id, _package in GAME_PACKAGES.items():
    register_game(_game_id, f"{__name__}.{_package}")

__all__ = ["GAME_PACKAGES", "UnknownGame", "available_games", "get_game"]


def get_game(game_id: str) -> Game:
    """The game called ``game_id`` (``manhattan-project``, ``imperial`` or ``quarantine``).
    Raises :class:`UnknownGame` for an ID no game registered."""
    return load_game(game_id)


def available_games() -> list[Game]:
    """Every registered game whose subpackage is present."""
    found = []
    for game_id in game_ids():
        try:
            found.append(get_game(game_id))
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{GAME_PACKAGES[game_id]}":
                raise
    return found
