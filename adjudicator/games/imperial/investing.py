"""The investing of a rondel turn, for the legal-actions list (:mod:`.options`): where
bonds are bought, each purchase an investor may make alone, a Swiss bank stopping the nation
on Investor, and a purchase in words and in effects."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.i18n import N_, Message
from .logic import bond_supply, index, interest_due, passes_investor, player, tax_result
from .models import INVESTOR, TAXATION, State
from .vocab import nation_name

DOMAIN = "imperial"
Candidate = dict[str, Any]


def _message(template: Any, **params: Any) -> Message:
    return Message(DOMAIN, template, params)


def investing(state: State, nation: str, space: str) -> bool:
    if state.variant != "standard":
        return True
    return space == INVESTOR or passes_investor(state.nations[nation].rondel, space)


def _budget(state: State, nation: str, space: str, name: str) -> int:
    """The most ``name`` can have when the bonds are bought (the game's checks say the rest)."""
    p = player(state, name)
    cash = int(p.cash) + (2 if state.variant == "standard" else 0)
    if space == INVESTOR:
        cash += interest_due(state, nation).get(name, 0)
    elif space == TAXATION and state.nations[nation].government == name:
        cash += tax_result(state, nation)["bonus"]
    return cash


def purchases(state: State, nation: str, space: str) -> Iterator[dict[str, Any]]:
    """Each purchase one investor may make at ``space``, alone."""
    names = [p.name for p in state.players]
    if state.variant == "standard":
        card = state.investor_card
        names = [n for n in names if n == card or player(state, n).swiss_bank]
    for name in names:
        budget = _budget(state, nation, space, name)
        owned = [b for b in player(state, name).bonds]
        for target in state.nations:
            for bond in bond_supply(state, target):
                if bond <= budget:
                    yield {"player": name, "nation": target, "bond": bond}
                for old in sorted({b.cost for b in owned if b.nation == target}):
                    if old < bond <= budget + old:
                        yield {"player": name, "nation": target, "bond": bond, "trade_in": old}


def forced(state: State, nation: str, base: Candidate, spaces: list[str]) -> Iterator[Candidate]:
    """A Swiss bank stopping the nation on Investor, when the nation could pass it on its way
    to one of ``spaces`` (those in reach)."""
    current = state.nations[nation].rondel
    if state.variant != "standard" or not any(passes_investor(current, s) for s in spaces):
        return
    for p in state.players:
        if p.swiss_bank:
            yield {**base, "forced_by": p.name}


def purchase_words(purchase: dict[str, Any]) -> Message:
    if purchase.get("trade_in") is None:
        return _message(
            N_("{player} buys the {cost}M bond of {nation}"),
            player=purchase["player"],
            cost=purchase["bond"],
            nation=nation_name(purchase["nation"]),
        )
    return _message(
        N_("{player} trades the {old}M bond of {nation} up to the {cost}M one, paying {price}M"),
        player=purchase["player"],
        old=purchase["trade_in"],
        cost=purchase["bond"],
        nation=nation_name(purchase["nation"]),
        price=purchase["bond"] - purchase["trade_in"],
    )


def purchase_effects(state: State, purchase: dict[str, Any]) -> list[Message]:
    name, target = purchase["player"], purchase["nation"]
    price = purchase["bond"] - (purchase.get("trade_in") or 0)
    said = [
        _message(
            N_("{player} buys the {cost}M bond of {nation} for {price}M."),
            player=name,
            cost=purchase["bond"],
            nation=nation_name(target),
            price=price,
        )
    ]
    totals = index(state).totals[target]
    gov = state.nations[target].government
    mine = totals.get(name, 0) + price
    if gov != name and mine > (totals.get(gov, 0) if gov else 0):
        said.append(
            _message(N_("{player} now governs {nation}."), player=name, nation=nation_name(target))
        )
    return said
