"""Investor (IM-701, IM-708): the nation pays the interest on its bonds (its government
covers what the treasury cannot); a Swiss bank may stop a nation passing Investor. The
round of investments that follows is the rondel turn's (:mod:`.turn`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ....core.i18n import N_, Message
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..board import Board
from ..bonds import pay_interest
from ..investing import forced as swiss_banks_stopping
from ..logic import distance, interest_due, passes_investor, player, rondel_cost
from ..models import InvestorMove, State
from ..payments import interest
from ..registry import checks
from ..vocab import nation_name, space_name
from .turn import Data, reachable, rondel_kind

KIND = MoveKind(InvestorMove, checks, section="investor", label=N_("Investor"), rule="IM-701")


@KIND.check("IM-708", title=N_("A Swiss bank stops a nation on Investor"))
def forced(state: State, move: InvestorMove) -> Iterator[Violation]:
    if move.forced_by is None:
        if move.chosen is not None:
            yield checks.violation(
                "IM-708",
                N_("A chosen space is recorded only when a Swiss bank stops the nation."),
                "/move/chosen",
            )
        return
    yield from _would_pass(state, move)
    p = player(state, move.forced_by)
    if p is None or not p.swiss_bank:
        yield checks.violation(
            "IM-708", N_("Only a Swiss bank may stop a nation on Investor."), "/move/forced_by"
        )
        return
    due = sum(interest_due(state, move.nation).values())
    treasury = state.nations[move.nation].treasury
    if treasury < due:
        yield checks.violation(
            "IM-708",
            N_("{nation} owes {due}M interest and has {money}M, so it cannot be forced to stop."),
            "/move/forced_by",
            nation=nation_name(move.nation),
            due=due,
            money=treasury,
        )


def _would_pass(state: State, move: InvestorMove) -> Iterator[Violation]:
    """A nation stopped by a Swiss bank must have chosen a space it reaches by passing
    Investor (when the move records that space)."""
    current = state.nations[move.nation].rondel
    if move.chosen is None:
        return
    steps = distance(current, move.chosen)
    if not passes_investor(current, move.chosen) or steps > 6:
        yield checks.violation(
            "IM-708",
            N_(
                "{nation} would not pass Investor on its way to {space}, so a Swiss bank "
                "cannot stop it there."
            ),
            "/move/chosen",
            nation=nation_name(move.nation),
            space=space_name(move.chosen),
        )


@KIND.check("IM-701", title=N_("The interest is paid in full"))
def interest_paid(state: State, move: InvestorMove) -> Iterator[Violation]:
    owed = interest(state, move.nation)
    gov = player(state, state.nations[move.nation].government)
    if gov is None or not owed.shortfall:
        return
    cash = gov.cash - rondel_cost(distance(state.nations[move.nation].rondel, "investor"))
    if owed.shortfall > cash:
        yield checks.violation(
            "IM-701",
            N_("{player} must cover {short}M of interest from own cash and has none.")
            if cash <= 0
            else N_("{player} must cover {short}M of interest from own cash and has only {cash}M."),
            f"/nations/{move.nation}/treasury",
            player=gov.name,
            short=owed.shortfall,
            cash=cash,
        )


@KIND.apply
def pay(before: State, after: State, move: InvestorMove) -> list[Message]:
    msgs: list[Message] = []
    pay_interest(before, after, move.nation, msgs)
    return msgs


def own(state: State, b: Board, base: Data) -> Iterator[Data]:
    """Paying the interest, then each Swiss bank stopping the nation here."""
    yield base
    yield from swiss_banks_stopping(state, base["nation"], base, reachable(state, base["nation"]))


def what(state: State, data: Data) -> Message:
    if data.get("forced_by"):
        return checks.message(
            N_("pay the interest, stopped here by the Swiss bank of {player}"),
            player=data["forced_by"],
        )
    return checks.message(N_("pay the interest"))


def effects(state: State, data: Data) -> list[Message]:
    total = sum(interest_due(state, data["nation"]).values())
    return [
        checks.message(
            N_("{nation} pays {total}M interest."), nation=nation_name(data["nation"]), total=total
        )
    ]


def pick(state: State, base: Data, rng: random.Random) -> Data:
    return base


rondel_kind(KIND, own=own, what=what, effects=effects, pick=pick)
