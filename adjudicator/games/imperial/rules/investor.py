"""The investor (IM-7xx): governments, Swiss banks, the investor card, interest, and the
round of investments."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..board import NATIONS
from ..logic import (
    bond_supply,
    index,
    passes_investor,
    player,
    resolve_space,
)
from ..models import Investment, InvestorMove, RondelMove, State
from ..payments import investors, invests, open_nations, purses
from ..registry import checks
from ..vocab import nation_name


@checks.state("IM-706", title=N_("The government holds the largest bond total"))
def governments(state: State) -> Iterator[Violation]:
    idx = index(state)
    for nid, n in state.nations.items():
        totals = idx.totals[nid]
        best = max(totals.values(), default=0)
        if n.government is None:
            if best > 0:
                yield checks.violation(
                    "IM-706",
                    N_("Bonds of {nation} are held, so it must have a government."),
                    f"/nations/{nid}/government",
                    nation=nation_name(nid),
                )
        elif totals.get(n.government, 0) < best or best == 0:
            yield checks.violation(
                "IM-706",
                N_(
                    "{player} governs {nation} with {total}M of bonds; "
                    "another player holds {best}M."
                ),
                f"/nations/{nid}/government",
                player=n.government,
                nation=nation_name(nid),
                total=totals.get(n.government, 0),
                best=best,
            )


@checks.state("IM-707", title=N_("A Swiss bank for each player without a government"))
def swiss_banks(state: State) -> Iterator[Violation]:
    if state.opening is not None:
        return  # the Swiss banks are handed out when the opening purchases end
    idx = index(state)
    for i, p in enumerate(state.players):
        governs = bool(idx.governs.get(p.name))
        if governs == p.swiss_bank:
            template = (
                N_("{player} governs a nation and cannot hold a Swiss bank.")
                if governs
                else N_(
                    "{player} governs no nation, so holds a Swiss bank, but the state gives none."
                )
            )
            yield checks.violation("IM-707", template, f"/players/{i}/swiss_bank", player=p.name)


@checks.state("IM-710", title=N_("The investor card is with a player"))
def investor_card(state: State) -> Iterator[Violation]:
    if state.variant == "standard" and state.investor_card is None and state.opening is None:
        yield checks.violation(
            "IM-710",
            N_("In the standard game a player always holds the investor card."),
            "/investor_card",
        )


@checks.move(
    "IM-702",
    "IM-703",
    "IM-704",
    "IM-705",
    "IM-709",
    "IM-952",
    title=N_("Who invests, in what order, in which bonds, and paying for them"),
)
def investments(state: State, move: RondelMove) -> Iterator[Violation]:
    """The round of investments, one after the other: each purchase is judged on what is
    for sale and what the buyer has after the earlier ones of the same round."""
    if not move.investments:
        return
    nation = state.nations[move.nation]
    space = resolve_space(nation.rondel, move.type, move.space)
    standard = state.variant == "standard"
    if (
        standard
        and not isinstance(move, InvestorMove)
        and not passes_investor(nation.rondel, space)
    ):
        yield checks.violation(
            "IM-709",
            N_("Bonds are bought only when the nation lands on or passes the Investor space."),
            "/move/investments",
        )
        return
    if not invests(state, move):
        return  # the taxation ends the game first: see the effect check `ended`
    names = {p.name for p in state.players}
    allowed = investors(state, move.nation)
    for_sale = {nid: set(bond_supply(state, nid)) for nid in NATIONS}
    bought: dict[tuple[str, int], str] = {}
    cash = purses(state, move.nation, space)
    seen: list[str] = []
    for i, inv in enumerate(move.investments):
        path = f"/move/investments/{i}"
        if inv.player not in names:
            yield checks.violation(
                "IM-705", N_("{player} is not a player."), path, player=inv.player
            )
            continue
        if inv.player in seen:
            yield checks.violation(
                "IM-705", N_("{player} invests only once."), path, player=inv.player
            )
            continue
        if inv.player not in allowed:
            yield checks.violation(
                "IM-702",
                N_("{player} holds neither the investor card nor a Swiss bank."),
                path,
                player=inv.player,
            )
            continue
        if seen and allowed.index(inv.player) < allowed.index(seen[-1]):
            rule = "IM-952" if state.variant != "standard" else "IM-705"
            yield checks.violation(
                rule, N_("{player} invests out of seat order."), path, player=inv.player
            )
        seen.append(inv.player)
        if (
            state.variant != "standard"
            and inv.nation not in open_nations(state, move.nation)
            and index(state).governs.get(inv.player)
        ):
            yield checks.violation(
                "IM-952",
                N_("After {nation}'s turn, governments invest only in {nation}."),
                path,
                nation=nation_name(move.nation),
            )
        problem = _purchase(state, inv, for_sale[inv.nation], bought, cash, path)
        if problem is not None:
            yield problem
            continue
        for_sale[inv.nation].discard(inv.bond)
        bought[(inv.nation, inv.bond)] = inv.player
        if inv.trade_in is not None:
            for_sale[inv.nation].add(inv.trade_in)
        cash[inv.player] -= inv.bond - (inv.trade_in or 0)


def _purchase(
    state: State,
    inv: Investment,
    for_sale: set[int],
    bought: dict[tuple[str, int], str],
    cash: dict[str, int],
    path: str,
) -> Violation | None:
    """What is wrong with one purchase at its moment in the round, if anything."""
    if inv.bond not in for_sale:
        earlier = bought.get((inv.nation, inv.bond))
        if earlier is not None:
            return checks.violation(
                "IM-703",
                N_(
                    "The {cost}M bond of {nation} was just bought by {player}; "
                    "it is no longer for sale."
                ),
                path + "/bond",
                cost=inv.bond,
                nation=nation_name(inv.nation),
                player=earlier,
            )
        return checks.violation(
            "IM-703",
            N_("The {cost}M bond of {nation} is not for sale."),
            path + "/bond",
            cost=inv.bond,
            nation=nation_name(inv.nation),
        )
    if inv.trade_in is not None:
        p = player(state, inv.player)
        owns = any(b.nation == inv.nation and b.cost == inv.trade_in for b in p.bonds)
        if not owns or inv.trade_in >= inv.bond:
            return checks.violation(
                "IM-703",
                N_("{player} can trade in only a smaller bond of {nation} that they own."),
                path + "/trade_in",
                player=inv.player,
                nation=nation_name(inv.nation),
            )
    price = inv.bond - (inv.trade_in or 0)
    if price > cash[inv.player]:
        return checks.violation(
            "IM-704",
            N_("{player} needs {price}M for the bond and has {cash}M."),
            path,
            player=inv.player,
            price=price,
            cash=cash[inv.player],
        )
    return None
