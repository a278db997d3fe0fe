"""The player aid of Quarantine: the round, the actions with what they cost (from
:mod:`.data`, which the checks use), the special rooms, the end and the scoring, and the
figures that depend on the number of players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.aid import Action, Figure, Table
from ...core.checks import move_types
from ...core.i18n import Listed, N_plural, Name
from .data import SPECIAL_IN_PLAY, TREATMENT_ROOM_PRICE, copies_for
from .moves import ACTION_MOVES, book
from .moves.buy_treatment import BuyTreatment
from .vocab import DOMAIN, room, say

#: The actions paid for with cubes besides the action.
PAID = move_types(BuyTreatment)

if TYPE_CHECKING:
    from ...core.game import Game

#: A round: the draws, the actions, and the contract claimed without an action.
TURN: tuple[str, ...] = ("QU-501", "QU-503", "QU-505", "QU-601", "QU-510", "QU-613", "QU-104")
#: The end of the game and the scoring, tie-breaks included.
END: tuple[str, ...] = ("QU-101", "QU-102", "QU-103", "QU-801", "QU-802")

#: The actions, by their move, and the rule of each: the kinds of move that use one of the
#: round's actions, but for the special rooms' own.
ACTIONS = tuple(
    (kind.type, kind.rule)
    for kind in book
    if kind.type in ACTION_MOVES and kind.section != "special"
)

#: The special rooms and the rule of each.
ROOMS = (
    ("supply_room", "QU-702"),
    ("maintenance", "QU-703"),
    ("on_call_room", "QU-704"),
    ("gift_shop", "QU-705"),
    ("security", "QU-706"),
    ("pharmacy", "QU-707"),
    ("purchasing", "QU-708"),
    ("triage", "QU-709"),
    ("pathology", "QU-710"),
    ("containment", "QU-711"),
    ("cafeteria", "QU-712"),
    ("lab", "QU-713"),
    ("emergency", "QU-714"),
    ("helipad", "QU-715"),
)


def actions(game: Game) -> Sequence[Action]:
    one = say(N_plural("{count} action", "{count} actions"), count=1)
    cubes = say(N_plural("{count} cube", "{count} cubes"), count=TREATMENT_ROOM_PRICE)
    paid = Listed((one, cubes))
    rows = [
        Action(rule, Name(DOMAIN, "move", move), paid if move in PAID else one)
        for move, rule in ACTIONS
    ]
    return rows + [Action(rule, room(kind)) for kind, rule in ROOMS]


def figures(game: Game) -> Sequence[Figure]:
    low, high = game.players
    counts = range(low, high + 1)
    return [
        Figure("QU-302", {n: SPECIAL_IN_PLAY for n in counts}),
        Figure("QU-204", {n: copies_for(n) for n in counts}),
    ]


def tables(game: Game) -> Sequence[Table]:
    return []
