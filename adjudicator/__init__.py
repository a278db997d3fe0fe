"""Rules reference and adjudicator for The Manhattan Project, Imperial and Quarantine.

The public API is small::

    from adjudicator import get_game
    game = get_game("imperial")
    report = game.check(state_json)        # every violation at once
    verdict = game.adjudicate(state_json, move_json)
    options = game.options_of(state_json)  # every legal action of the player to move
    scores = game.score(state_json)
    rule = game.rule("IM-101")

Everything its API raises on purpose derives from :class:`AdjudicatorError`;
malformed input raises :class:`MalformedInput`, which lists every problem with its path.
"""

from .core.catalog import Rule
from .core.errors import FieldError, MalformedInput
from .core.exceptions import AdjudicatorError
from .core.game import Game, UnknownExample
from .core.i18n import LANGS, UnknownLanguage
from .core.verdicts import (
    Action,
    Alternative,
    MoveVerdict,
    Notice,
    Options,
    Report,
    ScoreReport,
    Violation,
)
from .games import UnknownGame, available_games, get_game

__all__ = [
    "LANGS",
    "Action",
    "AdjudicatorError",
    "Alternative",
    "FieldError",
    "Game",
    "MalformedInput",
    "MoveVerdict",
    "Notice",
    "Options",
    "Report",
    "Rule",
    "ScoreReport",
    "UnknownExample",
    "UnknownGame",
    "UnknownLanguage",
    "Violation",
    "available_games",
    "get_game",
]
__version__ = "0.1.0"
