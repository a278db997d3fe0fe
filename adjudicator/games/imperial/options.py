"""What the nation to move may do: every plausible move of each kind, for ``legal_actions``.

The core keeps the legal candidates. Listed: each rondel space the nation may reach this
turn, and there the factory sites, the import placements (one unit at a time), the
maneuver's moves (one unit at a time, each with the battles it may call there, from
:mod:`.destinations`), the taxation, and at each space where bonds are bought the purchases
of each investor (one purchase at a time). In the expert opening: the bonds on offer.
``notes`` says what is combined from the listed pieces, and what is not listed (gifts).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.game import OptionsProvider
from ...core.i18n import N_, Message, N_plural
from .board import Board, board
from .destinations import maneuver_words, maneuvers
from .logic import (
    action_of,
    bond_supply,
    distance,
    free_factories,
    game_over,
    index,
    interest_due,
    passes_investor,
    player,
    rondel_cost,
    tax_result,
)
from .models import RONDEL, State
from .vocab import (
    building_name,
    nation_name,
    region_name,
    region_names,
    space_name,
)

DOMAIN = "imperial"

#: The kinds listed, in the rondel's order (and the expert opening's purchases).
KINDS: tuple[str, ...] = (
    "factory",
    "production",
    "maneuver",
    "investor",
    "import",
    "taxation",
    "opening",
)

Candidate = dict[str, Any]


def _message(template: Any, **params: Any) -> Message:
    return Message(DOMAIN, template, params)


def mover(state: State) -> str | None:
    """The nation to move: the state's turn, or else the first with a government."""
    if state.turn is not None:
        return state.turn
    return next((nid for nid, n in state.nations.items() if n.government), None)


def reachable(state: State, nation: str) -> list[str]:
    """The rondel spaces the nation may take this turn, nearest first, that its government
    can pay for."""
    n = state.nations[nation]
    gov = player(state, n.government)
    start = -1 if n.rondel is None else RONDEL.index(n.rondel)
    ahead = [RONDEL[(start + step) % 8] for step in range(1, 9 if n.rondel is None else 7)]
    return [s for s in ahead if gov is None or rondel_cost(distance(n.rondel, s)) <= gov.cash]


def _investing(state: State, nation: str, space: str) -> bool:
    if state.variant != "standard":
        return True
    return action_of(space) == "investor" or passes_investor(state.nations[nation].rondel, space)


# --- the actions of the spaces ----------------------------------------------------------------


def _factory(state: State, b: Board, base: Candidate) -> Iterator[Candidate]:
    n = state.nations[base["nation"]]
    yield base
    built = {f.region for f in n.factories}
    for region in b.homes_of[base["nation"]]:
        if region not in built:
            yield {**base, "region": region}


def _import(state: State, b: Board, base: Candidate) -> Iterator[Candidate]:
    yield {**base, "units": []}
    for region in b.homes_of[base["nation"]]:
        yield {**base, "units": [{"kind": "army", "region": region}]}
        if b.is_port(region):
            yield {**base, "units": [{"kind": "fleet", "region": region}]}


def _budget(state: State, nation: str, space: str, name: str) -> int:
    """The most ``name`` can have when the bonds are bought (the game's checks say the rest)."""
    p = player(state, name)
    cash = int(p.cash) + (2 if state.variant == "standard" else 0)
    if space == "investor":
        cash += interest_due(state, nation).get(name, 0)
    elif space == "taxation" and state.nations[nation].government == name:
        cash += tax_result(state, nation)["bonus"]
    return cash


def _purchases(state: State, nation: str, space: str) -> Iterator[dict[str, Any]]:
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


def _rondel(state: State, nation: str, kind: str | None) -> Iterator[Candidate]:
    b = board()
    units_at: str | None = None  # the maneuver space where the unit moves are listed
    for space in reachable(state, nation):
        action = action_of(space)
        if kind is not None and action != kind:
            continue
        base: Candidate = {"type": action, "nation": nation, "space": space}
        if action == "factory":
            yield from _factory(state, b, base)
        elif action == "import":
            yield from _import(state, b, base)
        elif action == "maneuver" and units_at is None:
            units_at = space
            yield from maneuvers(state, b, base)
        else:
            yield base
        if _investing(state, nation, space):
            plain = {**base, "units": []} if action == "import" else base
            for purchase in _purchases(state, nation, space):
                yield {**plain, "investments": [purchase]}


def candidates(state: State, kind: str | None = None) -> Iterator[Candidate]:
    """Every plausible move of ``kind`` (``None``: of every kind) for the nation to move."""
    if game_over(state):
        return
    if state.opening is not None:
        if kind in (None, "opening"):
            who, nation = state.opening.player, state.opening.nation
            yield {"type": "opening", "player": who, "nation": nation}
            for bond in bond_supply(state, nation):
                yield {"type": "opening", "player": who, "nation": nation, "bond": bond}
        return
    moving = mover(state)
    if moving is not None and kind != "opening":
        yield from _rondel(state, moving, kind)


# --- in words -------------------------------------------------------------------------------


def where(state: State, nation: str, space: str) -> Message:
    """A rondel space with how far it is and what the extra spaces cost."""
    n = state.nations[nation]
    steps = distance(n.rondel, space)
    cost = rondel_cost(steps)
    if n.rondel is None:
        return _message(N_("{space}, from the centre, free"), space=space_name(space))
    if cost:
        return _message(
            N_plural("{space}, {count} space on, {cost}M", "{space}, {count} spaces on, {cost}M"),
            space=space_name(space),
            count=steps,
            cost=cost,
        )
    return _message(
        N_plural("{space}, {count} space on, free", "{space}, {count} spaces on, free"),
        space=space_name(space),
        count=steps,
    )


def _action_words(state: State, data: Candidate) -> Message:
    """What the action of the space does, without the investing."""
    kind, nation = data["type"], data["nation"]
    if kind == "factory":
        if data.get("region") is None:
            return _message(N_("build no factory"))
        return _message(
            N_("build a factory ({kind}) in {region}"),
            kind=building_name(board().city[data["region"]]),
            region=region_name(data["region"]),
        )
    if kind == "production":
        regions = free_factories(state, nation, index(state).units)
        if not regions:
            return _message(N_("no factory can produce"))
        return _message(N_("the factories in {regions} produce"), regions=region_names(regions))
    if kind == "import":
        if not data.get("units"):
            return _message(N_("import nothing"))
        item = data["units"][0]
        if item["kind"] == "fleet":
            return _message(
                N_("import a fleet into {region} for 1M"), region=region_name(item["region"])
            )
        return _message(
            N_("import an army into {region} for 1M"), region=region_name(item["region"])
        )
    if kind == "maneuver":
        return maneuver_words(data)
    if kind == "taxation":
        result = tax_result(state, nation)
        return _message(
            N_(
                "collect {revenue}M in taxes: {points} power points, a bonus of {bonus}M, "
                "{income}M to the treasury"
            ),
            revenue=result["revenue"],
            points=result["power_points"],
            bonus=result["bonus"],
            income=result["income"],
        )
    return _message(N_("pay the interest"))


def _purchase_words(purchase: dict[str, Any]) -> Message:
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


def describe(state: State, data: Candidate) -> Message:
    """One candidate in a line: the space, how far and at what cost, and what is done."""
    if data["type"] == "opening":
        if data.get("bond") is None:
            return _message(N_("{player} buys no bond of {nation}"), player=data["player"],
                            nation=nation_name(data["nation"]))  # fmt: skip
        return _purchase_words(data)
    at = where(state, data["nation"], data["space"])
    what = _action_words(state, data)
    if data.get("investments"):
        purchase = _purchase_words(data["investments"][0])
        return _message(N_("{where}: {what}; {purchase}"), where=at, what=what, purchase=purchase)
    return _message(N_("{where}: {what}"), where=at, what=what)


# --- what an action does --------------------------------------------------------------------


def _produced(state: State, nation: str) -> dict[str, int]:
    """The units the nation's free factories produce, as far as its pieces go."""
    kinds = {f.region: f.kind for f in state.nations[nation].factories}
    made = {"army": 0, "fleet": 0}
    for region in free_factories(state, nation, index(state).units):
        made["army" if kinds[region] == "armaments" else "fleet"] += 1
    supply = board().supply[nation]
    for kind, plural in (("army", "armies"), ("fleet", "fleets")):
        used = sum(u.count for u in state.units if u.nation == nation and u.kind == kind)
        made[kind] = max(0, min(made[kind], int(supply[plural]) - used))
    return made


def _paid(nation: str, amount: int) -> Message:
    return _message(
        N_("{nation} pays {amount}M from its treasury."), nation=nation_name(nation), amount=amount
    )


def _action_effects(state: State, data: Candidate) -> list[Message]:
    nation, kind = data["nation"], data["type"]
    if kind == "factory" and data.get("region"):
        return [_paid(nation, 5)]
    if kind == "import" and data.get("units"):
        return [_paid(nation, len(data["units"]))]
    if kind == "production":
        made = _produced(state, nation)
        said = []
        if made["army"]:
            said.append(
                _message(
                    N_plural(
                        "{nation} gets {count} new army.", "{nation} gets {count} new armies."
                    ),
                    nation=nation_name(nation),
                    count=made["army"],
                )
            )
        if made["fleet"]:
            said.append(
                _message(
                    N_plural(
                        "{nation} gets {count} new fleet.", "{nation} gets {count} new fleets."
                    ),
                    nation=nation_name(nation),
                    count=made["fleet"],
                )
            )
        return said
    if kind == "investor":
        total = sum(interest_due(state, nation).values())
        return [
            _message(
                N_("{nation} pays {total}M interest."), nation=nation_name(nation), total=total
            )
        ]
    if data.get("battles"):
        return [_message(N_("One battle: each side loses a unit."))]
    return []


def _purchase_effects(state: State, purchase: dict[str, Any]) -> list[Message]:
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


def effects(state: State, data: Candidate) -> list[Message] | None:
    """The main effects of a rondel turn, from the state before it: the cost of the extra
    spaces, what the action pays or gains, the investor card and a purchase. ``None`` (let
    the game apply the move) for the expert opening. The core applies a taxation anyway (an
    effect check concerns it), so the game's own words say what it brings."""
    if data["type"] == "opening":
        return None
    n = state.nations[data["nation"]]
    said = []
    cost = rondel_cost(distance(n.rondel, data["space"]))
    if cost:
        said.append(
            _message(
                N_("{player} pays {cost}M for the extra spaces."), player=n.government, cost=cost
            )
        )
    said += _action_effects(state, data)
    card = state.investor_card
    if state.variant == "standard" and card and _investing(state, data["nation"], data["space"]):
        said.append(_message(N_("{player} takes 2M with the investor card."), player=card))
    for purchase in data.get("investments") or ():
        said += _purchase_effects(state, purchase)
    return said


def group(state: State, data: Candidate) -> Message | None:
    """The sub-list a long kind is folded into: each unit's moves, each investor's bonds."""
    if data.get("investments"):
        return _message(
            N_("{space}: the bonds {player} may buy"),
            space=space_name(data["space"]),
            player=data["investments"][0]["player"],
        )
    if data["type"] != "maneuver":
        return None
    if data.get("fleets"):
        return _message(N_("Fleet in {region}"), region=region_name(data["fleets"][0]["from"]))
    if data.get("armies"):
        source = data["armies"][0]["route"][0]
        return _message(N_("Army in {region}"), region=region_name(source))
    if data.get("battles"):
        return _message(N_("Battles where the units stand"))
    return None


def notes(state: State) -> list[Message]:
    """What the list combines from its pieces, and what it leaves out."""
    if game_over(state) or state.opening is not None:
        return []
    said = [
        N_(
            "A maneuver is listed one unit at a time, each move with the battle it may call "
            "where it arrives. One maneuver moves any number of units, fleets first, each "
            "as listed, and fights any number of battles."
        ),
        N_("Imports are listed one unit at a time: one import brings up to 3 units, 1M each."),
        N_(
            "Bonds are listed one purchase at a time: in one round each investor may buy one, "
            "one after the other in seat order, with what is left."
        ),
        N_("Gifts from a player's cash to a treasury are not listed: any player may make one."),
    ]
    out = [_message(text) for text in said]
    nation = mover(state)
    spaces = [s for s in reachable(state, nation) if action_of(s) == "maneuver"] if nation else []
    if len(spaces) == 2:
        out.insert(
            1,
            _message(
                N_("The unit moves are listed at {space}; they are the same at {other}."),
                space=space_name(spaces[0]),
                other=space_name(spaces[1]),
            ),
        )
    return out


OPTIONS = OptionsProvider(KINDS, candidates, describe, notes, group, effects)
