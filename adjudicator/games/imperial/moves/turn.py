"""What every kind of Imperial move shares: a nation's turn on the
rondel around the action of its space.

A rondel turn takes a space in reach (its government pays for the extra spaces), does the
space's action (the kind's own module), and invests when the nation lands on or passes
Investor (or, in the variant, after every turn). The book's frame applies that order, so
a kind's effect is only its action: ``effect(before, after, move)`` changes ``after``.
Each rondel kind lists its candidates space by space, nearest first, through
:func:`candidates`, and says them through :func:`said` and :func:`told`, which add the
space, its cost, the investor card and a purchase to the kind's own words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ..board import NATIONS, Board, board
from ..bonds import governments, invest
from ..counted import conserve
from ..investing import investing, purchase_effects, purchase_words, purchases
from ..logic import (
    action_of,
    bond_supply,
    distance,
    next_seat,
    next_turn,
    player,
    reached_25,
    rondel_cost,
)
from ..models import RONDEL, AnyMove, State
from ..payments import investors, invests, purses, rondel_space
from ..registry import checks
from ..vocab import space_name

Data = dict[str, Any]
#: A kind's own candidates at one space: ``own(state, board, base)``.
Own = Callable[[State, Board, Data], Iterable[Data]]
#: A kind's own random details at one space: ``pick(state, base, rng)`` (``None``: skip).
Pick = Callable[[State, Data, random.Random], Data | None]


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


# --- applying: the frame of every move -----------------------------------------------------


def _rondel_turn(state: State, new: State, move: Any, effect: Callable[..., Any]) -> list[Message]:
    nid = move.nation
    n = new.nations[nid]
    space = rondel_space(state, move)
    cost = rondel_cost(distance(n.rondel, space))
    gov_name = n.government
    msgs: list[Message] = []
    if cost:
        player(new, gov_name).cash -= cost
        msgs.append(
            checks.message(
                N_("{player} pays {cost}M for the extra spaces."), player=gov_name, cost=cost
            )
        )
    investing_now = invests(state, move)
    n.rondel = space  # type: ignore[assignment]
    msgs += effect(state, new, move)
    if new.variant == "standard":
        if investing_now:
            card = new.investor_card
            invest(new, move, card, msgs)
            governments(new, card, msgs)
            new.investor_card = next_seat(new, card)
    elif move.investments:
        invest(new, move, None, msgs)
        governments(new, state.nations[nid].government, msgs)
    new.turn = next_turn(new, nid)  # type: ignore[assignment]
    return msgs


def frame(
    state: State, move: AnyMove, effect: Callable[..., Sequence[Message]]
) -> tuple[State, list[Message]]:
    """The state after a legal move and what happened, in words: a rondel turn around the
    kind's action (a gift or an opening purchase is its effect alone); the game ends when a
    nation reaches 25 power points; the money and pieces stay counted."""
    new = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    if hasattr(move, "space"):
        msgs = _rondel_turn(state, new, move, effect)
    else:
        msgs = list(effect(state, new, move))
    if reached_25(new):
        new.over = True
    conserve(state, new)
    return new, msgs


# --- listing a rondel kind: space by space, nearest first -----------------------------------


def candidates(
    state: State, kind: MoveKind[Any], own: Own, once: bool = False, bare: Data | None = None
) -> Iterator[Data]:
    """The candidates of a rondel kind at each space of its action in reach: its own (at
    the first such space only, when ``once``), then each purchase an investor may make
    there (with the kind's ``bare`` action: an import of nothing)."""
    bare = bare or {}
    nation = mover(state)
    if state.opening is not None or nation is None:
        return
    b = board()
    spaces = reachable(state, nation)
    first = True
    for space in spaces:
        if action_of(space) != kind.type:
            continue
        base: Data = {"type": kind.type, "nation": nation, "space": space}
        yield from own(state, b, base) if first or not once else (base,)
        first = False
        if investing(state, nation, space):
            for purchase in purchases(state, nation, space):
                yield {**base, **bare, "investments": [purchase]}


def where(state: State, nation: str, space: str) -> Message:
    """A rondel space with how far it is and what the extra spaces cost."""
    n = state.nations[nation]
    steps = distance(n.rondel, space)
    cost = rondel_cost(steps)
    if n.rondel is None:
        return checks.message(N_("{space}, from the centre, free"), space=space_name(space))
    if cost:
        return checks.message(
            N_plural("{space}, {count} space on, {cost}M", "{space}, {count} spaces on, {cost}M"),
            space=space_name(space),
            count=steps,
            cost=cost,
        )
    return checks.message(
        N_plural("{space}, {count} space on, free", "{space}, {count} spaces on, free"),
        space=space_name(space),
        count=steps,
    )


def said(state: State, data: Data, what: Message) -> Message:
    """A rondel candidate in a sentence: the space, how far and at what cost, and what is
    done ("Factory, 1 space on, free: build no factory.")."""
    at = where(state, data["nation"], data["space"])
    if data.get("investments"):
        purchase = purchase_words(data["investments"][0])
        return checks.message(
            N_("{where}: {what}; {purchase}."), where=at, what=what, purchase=purchase
        )
    return checks.message(N_("{where}: {what}."), where=at, what=what)


def told(state: State, data: Data, action: Sequence[Message]) -> list[Message]:
    """The main effects of a rondel turn, from the state before it: the cost of the extra
    spaces, what the action pays or gains, the investor card and a purchase."""
    n = state.nations[data["nation"]]
    out = []
    cost = rondel_cost(distance(n.rondel, data["space"]))
    if cost:
        out.append(
            checks.message(
                N_("{player} pays {cost}M for the extra spaces."), player=n.government, cost=cost
            )
        )
    out += action
    card = state.investor_card
    if state.variant == "standard" and card and investing(state, data["nation"], data["space"]):
        out.append(checks.message(N_("{player} takes 2M with the investor card."), player=card))
    for purchase in data.get("investments") or ():
        out += purchase_effects(state, purchase)
    return out


def bonds_group(data: Data) -> Message | None:
    """The sub-list of an investor's purchases at a space."""
    if not data.get("investments"):
        return None
    return checks.message(
        N_("{space}: the bonds {player} may buy"),
        space=space_name(data["space"]),
        player=data["investments"][0]["player"],
    )


def rondel_kind(
    kind: MoveKind[Any],
    *,
    own: Own,
    what: Callable[[State, Data], Message],
    effects: Callable[[State, Data], Sequence[Message]],
    pick: Pick,
    once: bool = False,
    bare: Data | None = None,
) -> MoveKind[Any]:
    """Give a rondel kind its listing, words, effects, sub-lists and samples from its own
    parts at one space (``once``: its own candidates at the first space of its action
    only, the same at the others)."""
    kind.enumerate(lambda state: candidates(state, kind, own, once, bare))
    kind.words(lambda state, data: said(state, data, what(state, data)))
    kind.told(lambda state, data: told(state, data, effects(state, data)))
    if kind.grouper is None:
        kind.group(lambda state, data: bonds_group(data))
    kind.sample(lambda state, rng: samples(state, kind, pick, rng))
    return kind


# --- sampling a rondel kind -----------------------------------------------------------------


def _spaces(state: State, nation: str) -> list[str]:
    """The spaces a playout tries: those in reach, from the centre any."""
    n = state.nations[nation]
    gov = player(state, n.government)
    found = []
    for space in RONDEL:
        steps = distance(n.rondel, space)
        if n.rondel is not None and not 1 <= steps <= 6:
            continue
        if gov is not None and rondel_cost(steps) > gov.cash:
            continue
        found.append(space)
    return found


def random_investments(state: State, nation: str, space: str, rng: random.Random) -> list[Data]:
    """A plausible round of investments, one investor after the other in seat order, each
    choosing among what is for sale and affordable after the earlier ones."""
    if not investing(state, nation, space):
        return []
    cash = purses(state, nation, space)
    for_sale = {nid: set(bond_supply(state, nid)) for nid in NATIONS}
    out: list[Data] = []
    for who in investors(state, nation):
        if rng.random() < 0.4:
            continue
        target = rng.choice(NATIONS) if state.variant == "standard" else nation
        owned = [b.cost for b in player(state, who).bonds if b.nation == target]
        trade = rng.choice(owned) if owned and rng.random() < 0.3 else None
        budget = cash[who] + (trade or 0)
        choices = sorted(c for c in for_sale[target] if c <= budget and c > (trade or 0))
        if not choices:
            continue
        bond = rng.choice(choices)
        item: Data = {"player": who, "nation": target, "bond": bond}
        if trade is not None:
            item["trade_in"] = trade
            for_sale[target].add(trade)
        for_sale[target].discard(bond)
        cash[who] -= bond - (trade or 0)
        out.append(item)
    return out


def samples(state: State, kind: MoveKind[Any], pick: Pick, rng: random.Random) -> list[Data]:
    """Random candidates of a rondel kind for a playout: at each space of its action that
    a playout tries, its own random details, with a random round of investments and
    without."""
    nation = mover(state)
    if state.opening is not None or nation is None:
        return []
    out: list[Data] = []
    spaces = [s for s in _spaces(state, nation) if action_of(s) == kind.type]
    rng.shuffle(spaces)
    for space in spaces:
        base = pick(state, {"type": kind.type, "nation": nation, "space": space}, rng)
        if base is None:
            continue
        bought = random_investments(state, nation, space, rng)
        if bought:
            out.append({**base, "investments": bought})
        out.append(base)
    return out
