"""The move and effect checks of Imperial: whether an action may be taken.

Applying a move is :mod:`.engine`'s job, and the legal alternatives are :mod:`.options`'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.i18n import N_
from ...core.verdicts import Violation
from .board import NATIONS
from .checks import PLURAL, checks, word
from .engine import interest, invests, purses
from .logic import (
    action_of,
    bond_supply,
    distance,
    free_factories,
    game_over,
    index,
    interest_due,
    occupied,
    passes_investor,
    player,
    reached_25,
    resolve_space,
    rondel_cost,
    seat_order_from,
    tax_result,
)
from .maneuver import simulate
from .models import (
    ALL_MOVES,
    ROUND_MOVES,
    FactoryMove,
    ImportMove,
    InvestorMove,
    ManeuverMove,
    ProductionMove,
    State,
    TaxationMove,
    TransferMove,
)

# --- the end -------------------------------------------------------------------------------


@checks.move("IM-101", "IM-106", title=N_("No move after the end"), moves=ALL_MOVES)
def after_the_end(state: State, move: Any) -> Iterator[Violation]:
    if not game_over(state):
        return
    if move.type in ROUND_MOVES and reached_25(state):
        yield checks.violation(
            "IM-101", N_("The game is over: a nation has 25 power points."), "/move"
        )
    else:
        yield checks.violation("IM-106", N_("The game is over: no move is made after it."), "/move")


# --- the rondel ----------------------------------------------------------------------------


@checks.move(
    "IM-401",
    "IM-403",
    "IM-404",
    title=N_("A legal step on the rondel"),
    moves=ROUND_MOVES,
)
def rondel(state: State, move: Any) -> Iterator[Violation]:
    if game_over(state):
        return
    nation = state.nations[move.nation]
    if nation.government is None:
        yield checks.violation(
            "IM-401",
            N_("{nation} has no government, so it does not move."),
            "/move/nation",
            nation=move.nation,
        )
        return
    if state.turn is not None and move.nation != state.turn:
        yield checks.violation(
            "IM-401",
            N_("It is {turn}'s turn, not {nation}'s."),
            "/move/nation",
            turn=state.turn,
            nation=move.nation,
        )
    space = resolve_space(nation.rondel, move.type, move.space)
    if action_of(space) != move.type:
        yield checks.violation(
            "IM-403",
            N_("The space {space} is not a {action} space."),
            "/move/space",
            space=word(space),
            action=word(move.type),
        )
        return
    steps = distance(nation.rondel, space)
    if nation.rondel is not None and steps == 0:
        yield checks.violation(
            "IM-403",
            N_("{nation} may not stay on {space}."),
            "/move/space",
            nation=move.nation,
            space=word(space),
        )
    elif steps > 6:
        yield checks.violation(
            "IM-403",
            N_("{space} is {steps} spaces ahead; the most is 6."),
            "/move/space",
            space=word(space),
            steps=steps,
        )
    else:
        cost = rondel_cost(steps)
        gov = player(state, nation.government)
        if gov is not None and cost > gov.cash:
            yield checks.violation(
                "IM-404",
                N_("{player} must pay {cost}M for the extra spaces and has {cash}M."),
                "/move/space",
                player=gov.name,
                cost=cost,
                cash=gov.cash,
            )


# --- factory, production, import -----------------------------------------------------------


@checks.move(
    "IM-501",
    "IM-502",
    "IM-503",
    title=N_("Where and whether a factory can be built"),
    moves=("factory",),
)
def factory(state: State, move: FactoryMove) -> Iterator[Violation]:
    if move.region is None:
        return  # the nation takes the space and builds nothing, which the rules allow
    idx = index(state)
    b = idx.board
    n = state.nations[move.nation]
    if b.home.get(move.region) != move.nation:
        yield checks.violation(
            "IM-503",
            N_("{region} is not a home province of {nation}."),
            "/move/region",
            region=move.region,
            nation=move.nation,
        )
        return
    if any(f.region == move.region for f in n.factories):
        yield checks.violation(
            "IM-503", N_("{region} already has a factory."), "/move/region", region=move.region
        )
    if occupied(b, idx.units, move.region):
        yield checks.violation(
            "IM-503", N_("A hostile army stands in {region}."), "/move/region", region=move.region
        )
    if move.kind is not None and move.kind != b.city[move.region]:
        yield checks.violation(
            "IM-502",
            N_("The city of {region} takes the factory kind {city}, not {kind}."),
            "/move/kind",
            region=move.region,
            city=word(b.city[move.region]),
            kind=word(move.kind),
        )
    if n.treasury < 5:
        yield checks.violation(
            "IM-501",
            N_("A factory costs 5M; {nation}'s treasury has {money}M."),
            f"/nations/{move.nation}/treasury",
            nation=move.nation,
            money=n.treasury,
        )


def supply_left(state: State, nation: str, kind: str) -> int:
    idx = index(state)
    used = sum(c for (na, k, _, _), c in idx.units.items() if na == nation and k == kind)
    return int(idx.board.supply[nation][PLURAL[kind]]) - used


def produced(state: State, move: ProductionMove) -> list[tuple[str, str]]:
    idx = index(state)
    free = free_factories(state, move.nation, idx.units)
    regions = free if move.factories is None else move.factories
    kinds = {f.region: f.kind for f in state.nations[move.nation].factories}
    return [(r, "army" if kinds.get(r) == "armaments" else "fleet") for r in regions]


@checks.move("IM-504", "IM-505", title=N_("Which factories produce"), moves=("production",))
def production(state: State, move: ProductionMove) -> Iterator[Violation]:
    if move.factories is None:
        return
    idx = index(state)
    free = free_factories(state, move.nation, idx.units)
    own = {f.region for f in state.nations[move.nation].factories}
    for i, r in enumerate(move.factories):
        if r not in own:
            yield checks.violation(
                "IM-504",
                N_("{nation} has no factory in {region}."),
                f"/move/factories/{i}",
                nation=move.nation,
                region=r,
            )
        elif r not in free:
            yield checks.violation(
                "IM-504",
                N_("The factory in {region} holds a hostile army and does not produce."),
                f"/move/factories/{i}",
                region=r,
            )
    if len(set(move.factories)) != len(move.factories):
        yield checks.violation("IM-504", N_("Each factory produces one unit."), "/move/factories")
    for kind in ("army", "fleet"):
        wanted = sum(1 for _, k in produced(state, move) if k == kind)
        left = supply_left(state, move.nation, kind)
        if wanted > left:
            yield checks.violation(
                "IM-505",
                N_("{nation} has only {left} {kind} pieces left."),
                "/move",
                nation=move.nation,
                left=left,
                kind=word(kind),
            )


@checks.move(
    "IM-505", "IM-506", "IM-507", title=N_("What can be imported, and where"), moves=("import",)
)
def imports(state: State, move: ImportMove) -> Iterator[Violation]:
    idx = index(state)
    b = idx.board
    if len(move.units) > 3:
        yield checks.violation(
            "IM-506",
            N_("At most 3 units are imported; {count} were named."),
            "/move/units",
            count=len(move.units),
        )
    n = state.nations[move.nation]
    if len(move.units) > n.treasury:
        yield checks.violation(
            "IM-506",
            N_("{count} units cost {count}M; {nation}'s treasury has {money}M."),
            "/move/units",
            count=len(move.units),
            nation=move.nation,
            money=n.treasury,
        )
    for i, item in enumerate(move.units):
        path = f"/move/units/{i}"
        if b.home.get(item.region) != move.nation:
            yield checks.violation(
                "IM-507",
                N_("{region} is not a home province of {nation}."),
                path,
                region=item.region,
                nation=move.nation,
            )
        elif occupied(b, idx.units, item.region):
            yield checks.violation(
                "IM-507", N_("A hostile army stands in {region}."), path, region=item.region
            )
        elif item.kind == "fleet" and not b.is_port(item.region):
            yield checks.violation(
                "IM-507",
                N_("Fleets are placed only in ports; {region} is not one."),
                path,
                region=item.region,
            )
    for kind in ("army", "fleet"):
        wanted = sum(1 for u in move.units if u.kind == kind)
        left = supply_left(state, move.nation, kind)
        if wanted > left:
            yield checks.violation(
                "IM-505",
                N_("{nation} has only {left} {kind} pieces left."),
                "/move/units",
                nation=move.nation,
                left=left,
                kind=word(kind),
            )


# --- maneuver ------------------------------------------------------------------------------

MANEUVER_RULES = (
    "IM-207",
    "IM-601",
    "IM-602",
    "IM-603",
    "IM-604",
    "IM-605",
    "IM-606",
    "IM-607",
    "IM-608",
    "IM-609",
    "IM-611",
    "IM-612",
    "IM-613",
    "IM-614",
    "IM-618",
)


@checks.move(
    *MANEUVER_RULES, title=N_("Movements, battles and destruction on the map"), moves=("maneuver",)
)
def maneuver(state: State, move: ManeuverMove) -> Iterator[Violation]:
    yield from simulate(state, move).violations


# --- investing -----------------------------------------------------------------------------


def _open_nations(state: State, nation: str) -> set[str]:
    """In the variant: the nation that moved, and the nations after it with no government."""
    found = {nation}
    start = NATIONS.index(nation)
    for step in range(1, 6):
        nid = NATIONS[(start + step) % 6]
        if state.nations[nid].government is not None:
            break
        found.add(nid)
    return found


def investors(state: State, nation: str) -> list[str]:
    """Who may invest after ``nation``'s turn, in the order they do."""
    if state.variant != "standard":
        return seat_order_from(state, state.nations[nation].government)
    order = seat_order_from(state, state.investor_card)
    return [n for n in order if n == state.investor_card or player(state, n).swiss_bank]


@checks.move(
    "IM-702",
    "IM-703",
    "IM-704",
    "IM-705",
    "IM-709",
    "IM-952",
    title=N_("Who invests, in what order, in which bonds, and paying for them"),
    moves=ROUND_MOVES,
)
def investments(state: State, move: Any) -> Iterator[Violation]:
    """The round of investments, one after the other: each purchase is judged on what is
    for sale and what the buyer has after the earlier ones of the same round."""
    if not move.investments:
        return
    nation = state.nations[move.nation]
    space = resolve_space(nation.rondel, move.type, move.space)
    standard = state.variant == "standard"
    if standard and move.type != "investor" and not passes_investor(nation.rondel, space):
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
            and inv.nation not in _open_nations(state, move.nation)
            and index(state).governs.get(inv.player)
        ):
            yield checks.violation(
                "IM-952",
                N_("After {nation}'s turn, governments invest only in {nation}."),
                path,
                nation=move.nation,
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
    inv: Any,
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
                nation=inv.nation,
                player=earlier,
            )
        return checks.violation(
            "IM-703",
            N_("The {cost}M bond of {nation} is not for sale."),
            path + "/bond",
            cost=inv.bond,
            nation=inv.nation,
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
                nation=inv.nation,
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


@checks.move("IM-708", title=N_("A Swiss bank stops a nation on Investor"), moves=("investor",))
def forced(state: State, move: InvestorMove) -> Iterator[Violation]:
    if move.forced_by is None:
        return
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
            nation=move.nation,
            due=due,
            money=treasury,
        )


@checks.move("IM-701", title=N_("The interest is paid in full"), moves=("investor",))
def interest_paid(state: State, move: InvestorMove) -> Iterator[Violation]:
    owed = interest(state, move.nation)
    gov = player(state, state.nations[move.nation].government)
    if gov is None or not owed.shortfall:
        return
    cash = gov.cash - rondel_cost(distance(state.nations[move.nation].rondel, "investor"))
    if owed.shortfall > cash:
        yield checks.violation(
            "IM-701",
            N_("{player} must cover {short}M of interest from own cash and has only {cash}M."),
            f"/nations/{move.nation}/treasury",
            player=gov.name,
            short=owed.shortfall,
            cash=cash,
        )


@checks.effect("IM-806", title=N_("No investing after the game has ended"), moves=("taxation",))
def ended(before: State, move: Any, after: State) -> Iterator[Violation]:
    if game_over(after) and move.investments and before.variant == "standard":
        yield checks.violation(
            "IM-806",
            N_(
                "The game ended at this taxation, so passing the "
                "Investor space brings no investing."
            ),
            "/move/investments",
        )


# --- taxation ------------------------------------------------------------------------------

_CLAIMS = (
    ("revenue", "IM-801"),
    ("tax", "IM-802"),
    ("bonus", "IM-803"),
    ("power_points", "IM-804"),
    ("income", "IM-805"),
)


@checks.move(
    "IM-801",
    "IM-802",
    "IM-803",
    "IM-804",
    "IM-805",
    title=N_("The taxation figures"),
    moves=("taxation",),
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


# --- money ---------------------------------------------------------------------------------


@checks.move(
    "IM-901",
    "IM-902",
    title=N_("Money moves only from a player to a treasury"),
    moves=("transfer",),
)
def transfer(state: State, move: TransferMove) -> Iterator[Violation]:
    giver = player(state, move.source)
    if giver is None or move.target not in NATIONS:
        yield checks.violation(
            "IM-901",
            N_(
                "Only a gift from a player's own cash to a nation's "
                "treasury is allowed; no loans or other gifts."
            ),
            "/move",
        )
        return
    if move.amount > giver.cash:
        yield checks.violation(
            "IM-902",
            N_("{player} has only {cash}M to give."),
            "/move/amount",
            player=giver.name,
            cash=giver.cash,
        )
