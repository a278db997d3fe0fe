"""The player aid of the Manhattan Project: the turn, the central board's spaces with what
they cost and give (from :data:`.data.SPACE_SPECS`, which the checks use), the bomb actions,
the target by number of players and the seat bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.aid import Action, Figure, Table
from ...core.i18n import N_, Localized, N_plural, Name
from .data import (
    LOAD_POINTS,
    REPAIR_OTHER_COSTS,
    SEAT_MONEY,
    SEAT_SPECIALIST,
    SPACE_SPECS,
    TARGET,
    TEST_MARKERS,
    Space,
)
from .vocab import DOMAIN, allowed_name, amount, amounts, joined, message

if TYPE_CHECKING:
    from ...core.game import Game

#: The turn: place or retrieve, then the bomb actions.
TURN: tuple[str, ...] = (
    "MP-401",
    "MP-404",
    "MP-405",
    "MP-501",
    "MP-701",
    "MP-406",
    "MP-408",
    "MP-409",
)
#: The move that names spaces printed twice alike.
MOVE_OF = {"air_strike_1": "air_strike", "air_strike_2": "air_strike"}
#: The end of the game and the points.
END: tuple[str, ...] = ("MP-101", "MP-103", "MP-102", "MP-902", "MP-104")


def _gives(space: str) -> Localized | None:
    spec = SPACE_SPECS[space]
    if not spec.outputs:
        return None
    gain = amounts(spec.outputs[0])
    for other in spec.outputs[1:]:
        gain = message(N_("{first} or {second}"), first=gain, second=amounts(other))
    if spec.group:
        return message(
            N_("{gain}; every other player gets {gift}"), gain=gain, gift=amounts(spec.group)
        )
    return gain


def actions(game: Game) -> Sequence[Action]:
    rows: list[Action] = []
    seen: list[Space] = []
    for space, spec in SPACE_SPECS.items():
        if spec in seen:  # the two air-strike spaces are one row
            continue
        seen.append(spec)
        move = MOVE_OF.get(space)
        name = Name(DOMAIN, "move", move) if move else Name(DOMAIN, "space", space)
        rows.append(
            Action(spec.rule, name, amounts(spec.cost) if spec.cost else None, _gives(space))
        )
    others = joined([amount("money", n) for n in REPAIR_OTHER_COSTS])
    rows.append(Action("MP-607", None, others))
    rows += [
        Action("MP-901", Name(DOMAIN, "move", "build_bomb")),
        Action("MP-903", Name(DOMAIN, "move", "test_bomb")),
        Action(
            "MP-905",
            Name(DOMAIN, "move", "load_bomb"),
            None,
            message(N_plural("{count} point", "{count} points"), count=LOAD_POINTS),
        ),
    ]
    return rows


def figures(game: Game) -> Sequence[Figure]:
    markers = {n: ", ".join(str(m) for m in values) for n, values in TEST_MARKERS.items()}
    return [Figure("MP-101", TARGET), Figure("MP-301", markers)]


def tables(game: Game) -> Sequence[Table]:
    seats = tuple(range(1, len(SEAT_MONEY) + 1))
    money = tuple(amount("money", n) if n else "—" for n in SEAT_MONEY)
    specialist = tuple(str(n) if n else "—" for n in SEAT_SPECIALIST)
    return [
        Table(
            "MP-305",
            ("#", *seats),
            (
                (Name(DOMAIN, "resource", "money"), *money),
                (allowed_name(("engineer", "scientist")), *specialist),
            ),
            by_seat=True,
        )
    ]
