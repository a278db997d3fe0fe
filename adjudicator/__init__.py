"""Rules reference and adjudicator for The Manhattan Project, Imperial and Quarantine.

The public API is small::

    from adjudicator import get_game
    game = get_game("imperial")
    report = game.check(state_json)        # every violation at once
    verdict = game.adjudicate(state_json, move_json)
    scores = game.score(state_json)
"""

from .core.errors import MalformedInput
from .core.verdicts import MoveVerdict, Report, ScoreReport, Violation
from .games import UnknownGame, available_games, get_game

__all__ = [
    "MalformedInput",
    "MoveVerdict",
    "Report",
    "ScoreReport",
    "UnknownGame",
    "Violation",
    "available_games",
    "get_game",
]
__version__ = "0.1.0"
