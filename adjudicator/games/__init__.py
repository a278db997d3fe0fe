"""The games, each a subpackage with the same parts under the same names.

========================  =====================================================================
part                      what it holds
========================  =====================================================================
``__init__.py``           ``GAME``: the :class:`~adjudicator.core.game.Game` (registration only)
``models.py``             the pydantic state models (and the parts several moves share)
``data.py``               tables loaded from data files; the constants of the box
``vocab.py``              the names of entities and the message helpers
``rules/__init__.py``     ``checks = CheckRegistry("<game-id>")``, importing every section
``rules/<section>.py``    the state checks of one section of ``rules.toml``
``moves/<kind>.py``       one kind of move: its class (saying its ``type``), its move and
                          effect checks, its effect, how it is listed, sampled and said,
                          the places of the picture it names (:mod:`adjudicator.core.moves`)
``moves/__init__.py``     ``book = MoveBook(checks, (...))``: the kinds in the order a turn
                          offers them; the move union, ``apply``, the options list and the
                          sampler's moves are derived from it; the checks of several kinds
                          are in ``moves/several_kinds.py``
``engine.py``             what every move shares when it is applied (the book's frame)
``alternatives.py``       the legal alternatives to an illegal move (nearest first)
``sampler.py``            seeded random states and moves (``Game.sampler``: playouts, soak)
``scoring.py``            the end of the game and the scoring
``present.py``            the picture of a state and the page's labels
``aid.py``                what the printed player aid lists: the turn's and the end's rules,
                          the actions' costs and the figures, read from ``data.py``
``rules.toml``            the rules catalog: rulebooks, sections, rules (English msgids)
``glossary.toml``         the terms and the vocabulary in the four languages
``disputes.toml``         where the printed texts disagree, and the reading followed
``COMPARED.md``           how the rulebooks compare
``examples/*.json``       named example states
``cases/<section>.yaml``  the cases of a section (``<section>-disputes.yaml``: of its disputes)
========================  =====================================================================

From a rule ID, its section (``rules.toml``) names its cases (``cases/<section>.yaml``);
``adjudicator rules GAME ID --format json`` gives the file and line of each check that
declares it (a state check in ``rules/<section>.py``, a move check in its kind's module).
Imperial differs in two places: what every rondel turn shares around its action (the space,
its cost, the investing) is ``moves/turn.py``, the book's frame, rather than ``engine.py``;
and its move classes stay in ``models.py``, since the parts of a turn that several kinds
share (payments, bonds, the maneuver's phases) are typed by them. Other modules hold what
is particular to one game (Imperial's ``board.py``, ``maneuver.py`` and map, Quarantine's
``geometry.py``). The spine
(``core/``) and the page (``web/``) know no game by name: they reach each game through its
``GAME`` and the fields of :class:`~adjudicator.core.game.Game`.
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
