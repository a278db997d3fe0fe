"""Taxation (IM-801–806): the nation collects tax from its factories and flags, moves its
tax marker, gains power points, pays its government a success bonus and its units' upkeep,
and the rest goes to its treasury; the game ends when a nation reaches 25 power points."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ....core.i18n import N_, Listed, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board
from ..logic import game_over, player, tax_result
from ..models import State, TaxationMove
from ..registry import checks
from ..vocab import nation_name
from .turn import Data, rondel_kind

KIND = MoveKind(TaxationMove, checks, section="taxation", label=N_("Taxation"), rule="IM-801")

#: Words put into messages (the taxation figures), translated in the message's language.
WORDS = {
    "revenue": N_("revenue"),
    "tax": N_("tax chart space"),
    "bonus": N_("success bonus"),
    "power_points": N_("power points added"),
    "income": N_("income to the treasury"),
}


def word(value: object) -> object:
    """``value`` as a translatable word when it is one of :data:`WORDS`."""
    text = WORDS.get(str(value))
    return checks.message(text) if text else value


_CLAIMS = (
    ("revenue", "IM-801"),
    ("tax", "IM-802"),
    ("bonus", "IM-803"),
    ("power_points", "IM-804"),
    ("income", "IM-805"),
)


@KIND.check(
    "IM-801",
    "IM-802",
    "IM-803",
    "IM-804",
    "IM-805",
    title=N_("The taxation figures"),
)
def taxation(state: State, move: TaxationMove) -> Iterator[Violation]:
    if move.claim is None:
        return
    result = tax_result(state, move.nation)
    for key, rule in _CLAIMS:
        claimed = getattr(move.claim, key)
        if claimed is not None and claimed != result[key]:
            yield checks.violation(
                rule,
                N_("The {what} is {actual}, not {claimed}."),
                f"/move/claim/{key}",
                what=word(key),
                actual=result[key],
                claimed=claimed,
            )


@KIND.effect("IM-806", title=N_("No investing after the game has ended"))
def ended(before: State, move: TaxationMove, after: State) -> Iterator[Violation]:
    if game_over(after) and move.investments and before.variant == "standard":
        yield checks.violation(
            "IM-806",
            N_(
                "The game ended at this taxation, so passing the "
                "Investor space brings no investing."
            ),
            "/move/investments",
        )


@KIND.apply
def collect(before: State, after: State, move: TaxationMove) -> list[Message]:
    nid = move.nation
    result = tax_result(before, nid)
    n = after.nations[nid]
    n.tax = result["tax"]
    n.power_points = min(25, n.power_points + result["power_points"])
    n.treasury += result["income"]
    if result["bonus"] and n.government:
        player(after, n.government).cash += result["bonus"]
    return _taxation_said(result, nid, n.government)


def _taxation_said(result: dict[str, int], nid: str, government: str | None) -> list[Message]:
    """What a taxation did, one sentence a part, leaving out the parts that are nothing."""
    said = [
        checks.message(
            N_("{nation} collects {revenue}M tax; its tax marker goes to {tax}."),
            nation=nation_name(nid),
            revenue=result["revenue"],
            tax=result["tax"],
        )
        if result["revenue"]
        else checks.message(
            N_("{nation} collects no tax; its tax marker goes to {tax}."),
            nation=nation_name(nid),
            tax=result["tax"],
        )
    ]
    if result["bonus"] and government:
        said.append(
            checks.message(
                N_("{player} takes a success bonus of {bonus}M."),
                player=government,
                bonus=result["bonus"],
            )
        )
    if result["power_points"]:
        said.append(
            checks.message(
                N_plural(
                    "{nation} gains {count} power point.", "{nation} gains {count} power points."
                ),
                nation=nation_name(nid),
                count=result["power_points"],
            )
        )
    if result["income"]:
        said.append(
            checks.message(
                N_plural(
                    "{count}M goes to the treasury of {nation}.",
                    "{count}M go to the treasury of {nation}.",
                ),
                nation=nation_name(nid),
                count=result["income"],
            )
        )
    elif result["revenue"]:
        said.append(
            checks.message(
                N_(
                    "Nothing goes to the treasury of {nation}: its armies and fleets cost the "
                    "whole revenue."
                ),
                nation=nation_name(nid),
            )
        )
    return said


def _taxation_words(result: dict[str, int]) -> Message:
    """What a taxation brings, naming only the parts that are not zero."""
    if not result["revenue"]:
        return checks.message(N_("collect no tax"))
    parts = []
    if result["power_points"]:
        parts.append(checks.message(N_plural("{count} power point", "{count} power points"),
                              count=result["power_points"]))  # fmt: skip
    if result["bonus"]:
        parts.append(checks.message(N_("a bonus of {bonus}M"), bonus=result["bonus"]))
    if result["income"]:
        parts.append(checks.message(N_("{income}M to the treasury"), income=result["income"]))
    if not parts:
        return checks.message(N_("collect {revenue}M in taxes"), revenue=result["revenue"])
    return checks.message(N_("collect {revenue}M in taxes: {parts}"), revenue=result["revenue"],
                    parts=Listed(tuple(parts)))  # fmt: skip


def own(state: State, b: Board, base: Data) -> Iterator[Data]:
    yield base


def what(state: State, data: Data) -> Message:
    return _taxation_words(tax_result(state, data["nation"]))


def effects(state: State, data: Data) -> list[Message]:
    return []


def pick(state: State, base: Data, rng: random.Random) -> Data:
    return base


rondel_kind(KIND, own=own, what=what, effects=effects, pick=pick)
