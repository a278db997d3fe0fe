"""What the nation to move may do: every plausible move of each kind, for ``legal_actions``.

The core keeps the legal candidates. Listed: each rondel space the nation may reach this
turn, and there the factory sites, the import placements (one unit at a time), the
maneuver's moves (one unit at a time, each with the battles it may call there, from
:mod:`.destinations`), the taxation, and at each space where bonds are bought the purchases
of each investor (one purchase at a time), and a Swiss bank stopping the nation on Investor.
In the expert opening: the bonds on offer.
``notes`` says what is combined from the listed pieces, and what is not listed (gifts).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.game import OptionsProvider
from ...core.i18n import N_, Listed, Message, N_plural
from .board import Board, board
from .data import FLAGS_PER_NATION
from .destinations import flag_changes, maneuver_words, maneuvers
from .investing import forced, investing, purchase_effects, purchase_words, purchases
from .logic import (
    action_of,
    bond_supply,
    distance,
    free_factories,
    game_over,
    index,
    interest_due,
    player,
    rondel_cost,
    tax_result,
)
from .models import RONDEL, State
from .placing import choose, place
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


def player_to_move(state: State) -> str | None:
    """The player who moves next: the one choosing in the expert opening, else the
    government of the nation to move (``None``: that nation has none)."""
    if state.opening is not None:
        return state.opening.player
    nation = mover(state)
    return state.nations[nation].government if nation else None


def reachable(state: State, nation: str) -> list[str]:
    """The rondel spaces the nation may take this turn, nearest first, that its government
    can pay for."""
    n = state.nations[nation]
    gov = player(state, n.government)
    start = -1 if n.rondel is None else RONDEL.index(n.rondel)
    ahead = [RONDEL[(start + step) % 8] for step in range(1, 9 if n.rondel is None else 7)]
    return [s for s in ahead if gov is None or rondel_cost(distance(n.rondel, s)) <= gov.cash]


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


def _rondel(state: State, nation: str, kind: str | None) -> Iterator[Candidate]:
    b = board()
    units_at: str | None = None  # the maneuver space where the unit moves are listed
    spaces = reachable(state, nation)
    for space in spaces:
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
        if action == "investor":
            yield from forced(state, nation, base, spaces)
        if investing(state, nation, space):
            plain = {**base, "units": []} if action == "import" else base
            for purchase in purchases(state, nation, space):
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


def _taxation_words(result: dict[str, int]) -> Message:
    """What a taxation brings, naming only the parts that are not zero."""
    if not result["revenue"]:
        return _message(N_("collect no tax"))
    parts = []
    if result["power_points"]:
        parts.append(_message(N_plural("{count} power point", "{count} power points"),
                              count=result["power_points"]))  # fmt: skip
    if result["bonus"]:
        parts.append(_message(N_("a bonus of {bonus}M"), bonus=result["bonus"]))
    if result["income"]:
        parts.append(_message(N_("{income}M to the treasury"), income=result["income"]))
    if not parts:
        return _message(N_("collect {revenue}M in taxes"), revenue=result["revenue"])
    return _message(N_("collect {revenue}M in taxes: {parts}"), revenue=result["revenue"],
                    parts=Listed(tuple(parts)))  # fmt: skip


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
        return _taxation_words(tax_result(state, nation))
    if data.get("forced_by"):
        return _message(
            N_("pay the interest, stopped here by the Swiss bank of {player}"),
            player=data["forced_by"],
        )
    return _message(N_("pay the interest"))


def describe(state: State, data: Candidate) -> Message:
    """One candidate in a sentence: the space, how far and at what cost, and what is done
    ("Factory, 1 space on, free: build no factory."). An opening purchase is said as its
    effect says it."""
    if data["type"] == "opening":
        if data.get("bond") is None:
            return _message(N_("{player} buys no bond of {nation}."), player=data["player"],
                            nation=nation_name(data["nation"]))  # fmt: skip
        return _message(N_("{player} buys the {cost}M bond of {nation} for {price}M."),
                        player=data["player"], cost=data["bond"], price=data["bond"],
                        nation=nation_name(data["nation"]))  # fmt: skip
    at = where(state, data["nation"], data["space"])
    what = _action_words(state, data)
    if data.get("investments"):
        purchase = purchase_words(data["investments"][0])
        return _message(N_("{where}: {what}; {purchase}."), where=at, what=what, purchase=purchase)
    return _message(N_("{where}: {what}."), where=at, what=what)


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


def _new_units(nation: str, kind: str, count: int) -> Message:
    if kind == "fleet":
        return _message(
            N_plural("{nation} gets {count} new fleet.", "{nation} gets {count} new fleets."),
            count=count,
            nation=nation_name(nation),
        )
    return _message(
        N_plural("{nation} gets {count} new army.", "{nation} gets {count} new armies."),
        nation=nation_name(nation),
        count=count,
    )


def _action_effects(state: State, data: Candidate) -> list[Message]:
    nation, kind = data["nation"], data["type"]
    if kind == "factory" and data.get("region"):
        return [_paid(nation, 5)]
    if kind == "import" and data.get("units"):
        return [_paid(nation, len(data["units"]))]
    if kind == "production":
        return [_new_units(nation, k, n) for k, n in _produced(state, nation).items() if n]
    if kind == "investor":
        total = sum(interest_due(state, nation).values())
        return [
            _message(
                N_("{nation} pays {total}M interest."), nation=nation_name(nation), total=total
            )
        ]
    said = []
    if data.get("battles"):
        said.append(_message(N_("One battle: each side loses a unit.")))
    if kind == "maneuver":
        for region, holder in flag_changes(state, board(), data, FLAGS_PER_NATION):
            said.append(
                _message(
                    N_("{nation} puts its flag in {region}."),
                    nation=nation_name(holder),
                    region=region_name(region),
                )
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
    if state.variant == "standard" and card and investing(state, data["nation"], data["space"]):
        said.append(_message(N_("{player} takes 2M with the investor card."), player=card))
    for purchase in data.get("investments") or ():
        said += purchase_effects(state, purchase)
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
        N_(
            "Imports are listed one unit at a time; each entry says which units may be "
            "added to it: one import brings up to 3 units, 1M each."
        ),
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


OPTIONS = OptionsProvider(
    KINDS, candidates, describe, notes, group, effects, place=place, choose=choose
)
