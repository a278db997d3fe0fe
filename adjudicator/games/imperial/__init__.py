"""Imperial (2010, 3rd edition): six great powers, their bonds, the rondel and the map.

The board comes from ``map.json`` (package data). To correct it without touching code,
point ``ADJUDICATOR_IMPERIAL_MAP`` at a JSON file: see :mod:`.board`.
"""

from __future__ import annotations

from pathlib import Path

from ...core.game import Game
from ...core.i18n import N_
from . import aid as _aid
from . import alternatives as _alternatives
from . import moves as _moves
from . import present as _present
from . import reference as _reference
from . import rules as _rules
from . import sampler as _sampler
from . import scoring as _scoring
from .models import State

GAME = Game(
    id="imperial",
    prefix="IM",
    name=N_("Imperial"),
    package_dir=Path(__file__).parent,
    state_model=State,
    checks=_rules.checks,
    scorer=_scoring.score,
    **{**_moves.book.parts(), "alternatives": _alternatives.alternatives},
    allowed_by=_moves.allowed_by,
    default_example="mid-game-counted",
    players=(2, 6),
    sampler=_sampler,
    present=_present.PRESENT,
    aid=_aid,
    reference_tables=_reference.TABLES,
    to_move=_moves.player_to_move,
)
