"""The Manhattan Project (Brandon Tibbetts, Minion Games), 2 to 5 players."""

from __future__ import annotations

from pathlib import Path

from ...core.formats import Dropped
from ...core.game import Game
from ...core.i18n import N_
from . import aid as _aid
from . import alternatives as _alternatives
from . import present as _present
from . import sampler as _sampler
from . import scoring as _scoring
from .models import State
from .moves import book
from .rules import checks as _checks


def _to_move(state: State) -> str | None:
    """The active player (the shared table gives the next move to their seat)."""
    return str(state.turn.active)


GAME = Game(
    id="manhattan-project",
    prefix="MP",
    name=N_("The Manhattan Project"),
    package_dir=Path(__file__).parent,
    state_model=State,
    checks=_checks,
    scorer=_scoring.score,
    **{**book.parts(), "alternatives": _alternatives.alternatives},
    default_example="mid-game",
    sampler=_sampler,
    present=_present.PRESENT,
    # Format 2 (2026-12-02): a building card is named by its kind, not its printed title;
    # the `name` a card of format 1 carried is ignored.
    format_version=2,
    upgrades=tuple(
        Dropped("state", where, "name", since=2)
        for where in ("/players/*/buildings/*", "/market/*", "/building_deck/*")
    ),
    aid=_aid,
    players=(2, 5),
    player_kind="colour",
    to_move=_to_move,
)
