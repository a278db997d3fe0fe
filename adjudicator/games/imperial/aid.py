"""The player aid of Imperial: the turn on the rondel, the actions with their costs (from
:mod:`.data` and :mod:`.logic`, which the checks use), the bonds, the rondel costs, the tax
chart and the power factor, and the figures that depend on the number of players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.aid import COST, Action, Figure, InUnit, Table, TermName, term_name
from ...core.i18n import N_, Message, Name
from .data import CARDS_EACH, EXPERT_MONEY, FACTORY_COST, IMPORT_COST, IMPORT_LIMIT
from .logic import power_factor, rondel_cost, tax_power_points, tax_space
from .models import BOND_COSTS, INTEREST
from .moves import book, factory, imports
from .vocab import DOMAIN

if TYPE_CHECKING:
    from ...core.game import Game

#: A nation's turn on the rondel, then the investments it triggers.
TURN: tuple[str, ...] = (
    "IM-401",
    "IM-403",
    "IM-404",
    "IM-709",
    "IM-702",
    "IM-705",
    "IM-706",
    "IM-710",
)
#: The end of the game and the final score.
END: tuple[str, ...] = ("IM-101", "IM-103", "IM-104", "IM-105")


def money(amount: int) -> Message:
    """An amount of money: "5M" («5 εκατ.»)."""
    return Message(DOMAIN, N_("{amount}M"), {"amount": amount})


def actions(game: Game) -> Sequence[Action]:
    costs: dict[str, Message] = {
        factory.KIND.type: money(FACTORY_COST),
        imports.KIND.type: Message(
            DOMAIN,
            N_("{amount}M a unit, at most {limit}"),
            {"amount": IMPORT_COST, "limit": IMPORT_LIMIT},
        ),
    }
    return [
        Action(kind.rule, Name(DOMAIN, "move", kind.type), costs.get(kind.type))
        for kind in book
        if "space" in kind.model.model_fields  # the actions of the rondel
    ]


def figures(game: Game) -> Sequence[Figure]:
    return [
        Figure("IM-302", CARDS_EACH),
        Figure("IM-305", {n: money(m) for n, m in EXPERT_MONEY.items()}),
    ]


def tables(game: Game) -> Sequence[Table]:
    unit = Name(DOMAIN, "unit-of-money", "M")

    def term(term_id: str, in_money: bool = False) -> TermName | InUnit:
        name = term_name(game, term_id)
        return InUnit(name, unit) if in_money else name

    steps = range(1, 7)
    revenues = range(tax_space(0), tax_space(99) + 1)
    points = range(0, 26, 5)
    return [
        Table(
            "IM-201",
            (term("bond", True), *BOND_COSTS),
            ((term("interest", True), *(INTEREST[c] for c in BOND_COSTS)),),
        ),
        Table(
            "IM-403",
            (term("rondel"), *steps),
            ((InUnit(COST, unit), *(rondel_cost(s) for s in steps)),),
        ),
        Table(
            "IM-804",
            (term("tax_revenue", True), *revenues),
            ((term("power_points"), *(tax_power_points(r) for r in revenues)),),
        ),
        Table(
            "IM-103",
            (term("power_points"), *points),
            ((term("power_factor"), *(power_factor(p) for p in points)),),
        ),
    ]
