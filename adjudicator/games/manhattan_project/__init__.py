"""The Manhattan Project (Brandon Tibbetts, Minion Games), 2 to 5 players."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter

from ...core.game import Game
from ...core.i18n import N_
from . import aid as _aid
from . import alternatives as _alternatives
from . import engine as _engine
from . import options as _options
from . import present as _present
from . import sampler as _sampler
from . import scoring as _scoring
from .models import State
from .moves import Move
from .rules import checks as _checks

GAME = Game(
    id="manhattan-project",
    prefix="MP",
    name=N_("The Manhattan Project"),
    package_dir=Path(__file__).parent,
    state_model=State,
    move_adapter=TypeAdapter(Move),
    checks=_checks,
    apply=_engine.apply,
    scorer=_scoring.score,
    alternatives=_alternatives.alternatives,
    options=_options.OPTIONS,
    default_example="mid-game",
    sampler=_sampler,
    present=_present.PRESENT,
    aid=_aid,
    players=(2, 5),
    player_kind="colour",
)
