"""The setup (IM-3xx): starting money, flag cards and bonds, the investor card, the printed
factories, and the expert variant's opening purchases."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from ..board import NATIONS
from ..data import CARDS_EACH, EXPERT_MONEY, MAX_PLAYERS, MIN_PLAYERS, PAIRS
from ..logic import bond_supply, index, player
from ..models import OpeningMove, RondelMove, State
from ..registry import checks
from ..vocab import nation_name


def before_first_turn(state: State) -> bool:
    return all(n.rondel is None and n.power_points == 0 for n in state.nations.values())


def paid_in(state: State, nation: str) -> int:
    """What the bonds of a nation held by the players brought into its treasury."""
    holders = index(state).holders
    return sum(cost * len(names) for (nid, cost), names in holders.items() if nid == nation)


def short_of_start(state: State, i: int) -> int:
    """How much less than the setup leaves them player i holds (cash, and in the expert
    setup the bonds bought with it)."""
    p = state.players[i]
    if state.setup == "expert":
        return EXPERT_MONEY.get(len(state.players), 0) - p.cash - sum(b.cost for b in p.bonds)
    return 2 - p.cash


def gifts_balance(state: State) -> bool:
    """A gift to a treasury is allowed at any time (IM-901), so before the first turn the
    players may hold less than the setup leaves them, by exactly what the treasuries hold
    beyond what their bonds brought in (IM-D28)."""
    given = sum(max(0, short_of_start(state, i)) for i in range(len(state.players)))
    received = sum(max(0, state.nations[nid].treasury - paid_in(state, nid)) for nid in NATIONS)
    return given == received


@checks.state("IM-309", title=N_("Two to six players"))
def player_count(state: State) -> Iterator[Violation]:
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        yield checks.violation(
            "IM-309",
            N_("The table has {count} players; Imperial is played by 2 to 6."),
            "/players",
            count=n,
        )


@checks.state("IM-301", "IM-305", title=N_("Starting money by player count"))
def setup_money(state: State) -> Iterator[Violation]:
    if not before_first_turn(state):
        return
    n = len(state.players)
    gifts = gifts_balance(state)
    for i, p in enumerate(state.players):
        gave = gifts and short_of_start(state, i) > 0
        if state.setup == "standard" and p.cash != 2 and not gave:
            yield checks.violation(
                "IM-301",
                N_("{player} has {cash}M after buying the starting bonds; everyone keeps 2M."),
                f"/players/{i}/cash",
                player=p.name,
                cash=p.cash,
            )
        if state.setup == "expert" and n in EXPERT_MONEY:
            spent = p.cash + sum(b.cost for b in p.bonds)
            if spent != EXPERT_MONEY[n] and not gave:
                yield checks.violation(
                    "IM-305",
                    N_(
                        "{player} started with {money}M; with {count} players "
                        "the expert variant gives {expected}M."
                    ),
                    f"/players/{i}/cash",
                    player=p.name,
                    money=spent,
                    count=n,
                    expected=EXPERT_MONEY[n],
                )
        if state.setup == "expert":
            per_nation = Counter(b.nation for b in p.bonds)
            for nation, k in sorted(per_nation.items()):
                if k > 1:
                    yield checks.violation(
                        "IM-305",
                        N_(
                            "{player} took {count} bonds of {nation} in the expert "
                            "setup; one per nation."
                        ),
                        f"/players/{i}/bonds",
                        player=p.name,
                        count=k,
                        nation=nation_name(nation),
                    )


@checks.state("IM-302", "IM-303", "IM-304", title=N_("Flag cards and starting bonds"))
def setup_bonds(state: State) -> Iterator[Violation]:
    if not before_first_turn(state) or state.setup != "standard":
        return
    idx = index(state)
    b = idx.board
    n = len(state.players)
    dealt: dict[str, str] = {}
    for (nation, cost), names in idx.holders.items():
        if cost == 9:
            dealt[nation] = names[0]
    for i, p in enumerate(state.players):
        mine = sorted(nid for nid, who in dealt.items() if who == p.name)
        if n in CARDS_EACH and len(mine) != CARDS_EACH[n] and not mine:
            yield checks.violation(
                "IM-302",
                N_("{player} was dealt no flag card; with {players} players each gets {expected}."),
                f"/players/{i}/bonds",
                player=p.name,
                players=n,
                expected=CARDS_EACH[n],
            )
        elif n in CARDS_EACH and len(mine) != CARDS_EACH[n]:
            yield checks.violation(
                "IM-302",
                N_plural(
                    "{player} was dealt {count} flag card; with {players} players "
                    "each gets {expected}.",
                    "{player} was dealt {count} flag cards; with {players} players "
                    "each gets {expected}.",
                ),
                f"/players/{i}/bonds",
                player=p.name,
                count=len(mine),
                players=n,
                expected=CARDS_EACH[n],
            )
        expected = sorted((bn, c) for nid in mine for bn, c in b.flag_cards[nid])
        held = sorted((bond.nation, bond.cost) for bond in p.bonds)
        if held != expected:
            yield checks.violation(
                "IM-303",
                N_("{player}'s bonds do not match the backs of the flag cards dealt."),
                f"/players/{i}/bonds",
                player=p.name,
            )
    for first, second in PAIRS.get(n, ()):
        if dealt.get(first) != dealt.get(second):
            yield checks.violation(
                "IM-302",
                N_("With {players} players the {first} card goes with {second}."),
                "/players",
                players=n,
                first=nation_name(first),
                second=nation_name(second),
            )
    gifts = gifts_balance(state)
    for nid in NATIONS:
        paid = paid_in(state, nid)
        treasury = state.nations[nid].treasury
        if treasury < paid or (treasury > paid and not gifts):
            yield checks.violation(
                "IM-303",
                N_("{nation}'s treasury holds {treasury}M; its bonds brought {paid}M."),
                f"/nations/{nid}/treasury",
                nation=nation_name(nid),
                treasury=state.nations[nid].treasury,
                paid=paid,
            )
        if nid not in dealt:
            two = idx.holders.get((nid, 2), [None])[0]
            if state.nations[nid].government != two:
                yield checks.violation(
                    "IM-304",
                    N_("The undealt {nation} card goes to the holder of its 2M bond."),
                    f"/nations/{nid}/government",
                    nation=nation_name(nid),
                )


@checks.state("IM-306", title=N_("The investor card starts left of Austria-Hungary's government"))
def setup_investor(state: State) -> Iterator[Violation]:
    if not before_first_turn(state) or state.variant != "standard" or state.opening:
        return
    gov = state.nations["AH"].government or state.nations["IT"].government
    if gov is None:
        return
    names = [p.name for p in state.players]
    left = names[(names.index(gov) + 1) % len(names)]
    if state.investor_card != left:
        yield checks.violation(
            "IM-306",
            N_("The investor card starts with {player}, seated left of {government}."),
            "/investor_card",
            player=left,
            government=gov,
        )


@checks.state("IM-307", title=N_("Starting factories and markers"))
def setup_board(state: State) -> Iterator[Violation]:
    if not before_first_turn(state):
        return
    b = index(state).board
    for nid, n in state.nations.items():
        have = sorted((f.region, f.kind) for f in n.factories)
        if have != sorted(b.starting_factories[nid]):
            yield checks.violation(
                "IM-307",
                N_("{nation} starts with its two printed factories."),
                f"/nations/{nid}/factories",
                nation=nation_name(nid),
            )
        if n.tax != 5:
            yield checks.violation(
                "IM-307",
                N_("{nation}'s tax marker starts on 2-5."),
                f"/nations/{nid}/tax",
                nation=nation_name(nid),
            )
    if state.units or any(n.flags for n in state.nations.values()):
        yield checks.violation(
            "IM-307", N_("No units or flags are on the board before the first turn."), "/units"
        )


@checks.move(
    "IM-308",
    "IM-703",
    "IM-704",
    title=N_("The expert opening, in order and paid for"),
)
def opening_turn(state: State, move: RondelMove | OpeningMove) -> Iterator[Violation]:
    opening = state.opening
    if not isinstance(move, OpeningMove):
        if opening is not None:
            yield checks.violation(
                "IM-308",
                N_("The first turn comes after the opening purchases; {player} chooses next."),
                "/opening",
                player=opening.player,
            )
        return
    if opening is None:
        yield checks.violation("IM-308", N_("No opening purchases are under way."), "/move")
        return
    if move.player != opening.player:
        yield checks.violation(
            "IM-308",
            N_("It is {player}'s choice, not {other}'s."),
            "/move/player",
            player=opening.player,
            other=move.player,
        )
    if move.nation != opening.nation:
        yield checks.violation(
            "IM-308",
            N_("The bonds of {nation} are on offer, not those of {other}."),
            "/move/nation",
            nation=nation_name(opening.nation),
            other=nation_name(move.nation),
        )
        return
    if move.bond is None:
        return
    if move.bond not in bond_supply(state, move.nation):
        yield checks.violation(
            "IM-703",
            N_("The {cost}M bond of {nation} is not for sale."),
            "/move/bond",
            cost=move.bond,
            nation=nation_name(move.nation),
        )
        return
    buyer = player(state, move.player)
    if buyer is not None and move.bond > buyer.cash:
        yield checks.violation(
            "IM-704",
            N_("{player} needs {price}M for the bond and has {cash}M."),
            "/move/bond",
            player=move.player,
            price=move.bond,
            cash=buyer.cash,
        )


@checks.state("IM-308", title=N_("The opening belongs to the expert setup, before any turn"))
def opening_state(state: State) -> Iterator[Violation]:
    if state.opening is None:
        return
    started = any(n.rondel is not None or n.power_points for n in state.nations.values())
    if state.setup != "expert" or started:
        yield checks.violation(
            "IM-308",
            N_("Opening purchases are made only in the expert setup, before the first turn."),
            "/opening",
        )
