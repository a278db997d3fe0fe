"""The Manhattan Project (Brandon Tibbetts, Minion Games), 2 to 5 players."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter

from ...core.game import Game
from ...core.i18n import N_
from . import checks as _checks
from . import moves as _moves
from . import options as _options
from . import sampler as _sampler
from . import scoring as _scoring
from .models import Move, State

GAME = Game(
    id="manhattan-project",
    prefix="MP",
    name=N_("The Manhattan Project"),
    package_dir=Path(__file__).parent,
    state_model=State,
    move_adapter=TypeAdapter(Move),
    checks=_checks.checks,
    apply=_moves.apply,
    scorer=_scoring.score,
    alternatives=_moves.alternatives,
    options=_options.OPTIONS,
    default_example="mid-game",
    sampler=_sampler,
    players=(2, 5),
    player_kind="colour",
)
