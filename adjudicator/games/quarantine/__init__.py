"""Quarantine (2–4 players): the rules reference and adjudicator."""

from __future__ import annotations

from pathlib import Path

from ...core.game import Game
from ...core.i18n import N_
from . import aid as _aid
from . import present as _present
from . import sampler as _sampler
from . import scoring as _scoring
from .alternatives import alternatives
from .models import State
from .moves import book
from .rules import checks


def _to_move(state: State) -> str | None:
    """The active player (the shared table gives the next move to their seat)."""
    return str(state.round.active)


GAME = Game(
    id="quarantine",
    prefix="QU",
    name=N_("Quarantine"),
    package_dir=Path(__file__).parent,
    state_model=State,
    checks=checks,
    scorer=_scoring.score,
    **{**book.parts(), "alternatives": alternatives},
    default_example="mid-game",
    sampler=_sampler,
    present=_present.PRESENT,
    aid=_aid,
    players=(2, 4),
    to_move=_to_move,
)
