"""Move and effect checks, ``apply`` and ``alternatives`` for Imperial."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.checks import Kind
from ...core.i18n import N_, Message
from ...core.verdicts import Alternative, Violation
from .board import NATIONS
from .board import board as index_board
from .checks import PLURAL, checks, word
from .logic import (
    action_of,
    bond_supply,
    distance,
    free_factories,
    game_over,
    governments_after,
    index,
    interest_due,
    next_seat,
    next_turn,
    occupied,
    passes_investor,
    player,
    resolve_space,
    rondel_cost,
    seat_order_from,
    tax_result,
)
from .maneuver import simulate
from .models import (
    RONDEL,
    Bond,
    Factory,
    FactoryMove,
    ImportMove,
    InvestorMove,
    ManeuverMove,
    ProductionMove,
    State,
    TaxationMove,
    TransferMove,
    Units,
)

ROUND_MOVES = ("factory", "production", "import", "maneuver", "investor", "taxation")

#: Problems only known while applying a move, keyed by ``id`` of the resulting state.
_NOTES: dict[int, list[Violation]] = {}


def _note(after: State, violation: Violation) -> None:
    _NOTES.setdefault(id(after), []).append(violation)


def _notes(after: Any, rule: str) -> Iterator[Violation]:
    for v in _NOTES.get(id(after), []):
        if v.rule == rule:
            yield v


# --- the rondel ----------------------------------------------------------------------------


@checks.move(
    "IM-101",
    "IM-401",
    "IM-403",
    "IM-404",
    title=N_("A legal step on the rondel"),
    moves=ROUND_MOVES,
)
def rondel(state: State, move: Any) -> Iterator[Violation]:
    if game_over(state):
        yield checks.violation(
            "IM-101", N_("The game is over: a nation has 25 power points."), "/move"
        )
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


def _supply_left(state: State, nation: str, kind: str) -> int:
    idx = index(state)
    used = sum(c for (na, k, _, _), c in idx.units.items() if na == nation and k == kind)
    return int(idx.board.supply[nation][PLURAL[kind]]) - used


def _produced(state: State, move: ProductionMove) -> list[tuple[str, str]]:
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
        wanted = sum(1 for _, k in _produced(state, move) if k == kind)
        left = _supply_left(state, move.nation, kind)
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
        left = _supply_left(state, move.nation, kind)
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


@checks.move(
    "IM-702",
    "IM-703",
    "IM-705",
    "IM-709",
    "IM-952",
    title=N_("Who invests, in what order, and in which bonds"),
    moves=ROUND_MOVES,
)
def investments(state: State, move: Any) -> Iterator[Violation]:
    if not move.investments:
        return
    nation = state.nations[move.nation]
    space = resolve_space(nation.rondel, move.type, move.space)
    names = {p.name for p in state.players}
    if state.variant == "standard":
        if move.type != "investor" and not passes_investor(nation.rondel, space):
            yield checks.violation(
                "IM-709",
                N_("Bonds are bought only when the nation lands on or passes the Investor space."),
                "/move/investments",
            )
            return
        order = seat_order_from(state, state.investor_card)
        allowed = [n for n in order if n == state.investor_card or player(state, n).swiss_bank]
    else:
        gov = nation.government
        order = seat_order_from(state, gov)
        allowed = order
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
        if state.variant != "standard" and inv.nation not in _open_nations(state, move.nation):
            p = player(state, inv.player)
            if index(state).governs.get(p.name):
                yield checks.violation(
                    "IM-952",
                    N_("After {nation}'s turn, governments invest only in {nation}."),
                    path,
                    nation=move.nation,
                )
        if inv.bond not in bond_supply(state, inv.nation):
            yield checks.violation(
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
                yield checks.violation(
                    "IM-703",
                    N_("{player} can trade in only a smaller bond of {nation} that they own."),
                    path + "/trade_in",
                    player=inv.player,
                    nation=inv.nation,
                )


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


@checks.effect("IM-701", title=N_("The interest is paid in full"), moves=("investor",))
def interest_paid(before: State, move: Any, after: State) -> Iterator[Violation]:
    yield from _notes(after, "IM-701")


@checks.effect("IM-704", title=N_("Bonds are paid from the player's cash"), moves=ROUND_MOVES)
def bond_paid(before: State, move: Any, after: State) -> Iterator[Violation]:
    yield from _notes(after, "IM-704")


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


# --- apply ---------------------------------------------------------------------------------


def _rebuild(units: dict[Any, int]) -> list[Units]:
    order = {n: i for i, n in enumerate(NATIONS)}
    out = []
    for (nation, kind, region, stance), n in sorted(
        units.items(), key=lambda kv: (order[kv[0][0]], kv[0][1], kv[0][2], str(kv[0][3]))
    ):
        if n > 0:
            out.append(
                Units.model_construct(
                    nation=nation, kind=kind, region=region, count=n, stance=stance
                )
            )
    return out


def _pay_interest(new: State, nation: str, msgs: list[Message]) -> None:
    due = interest_due(new, nation)
    n = new.nations[nation]
    gov = n.government
    others = sum(v for k, v in due.items() if k != gov)
    own = due.get(gov, 0) if gov else 0
    for name, amount in due.items():
        if name == gov:
            continue
        p = player(new, name)
        p.cash += amount
    if n.treasury >= others:
        n.treasury -= others
        paid_own = min(own, n.treasury)
        n.treasury -= paid_own
        if gov:
            player(new, gov).cash += paid_own
    else:
        short = others - n.treasury
        n.treasury = 0
        g = player(new, gov)
        g.cash -= short
        if g.cash < 0:
            _note(
                new,
                checks.violation(
                    "IM-701",
                    N_(
                        "{player} must cover {short}M of interest from own cash and has "
                        "only {cash}M."
                    ),
                    f"/nations/{nation}/treasury",
                    player=gov,
                    short=short,
                    cash=g.cash + short,
                ),
            )
    msgs.append(
        checks.message(
            N_("{nation} pays {total}M interest."), nation=nation, total=sum(due.values())
        )
    )


def _invest(new: State, move: Any, card: str | None, bonus: bool, msgs: list[Message]) -> None:
    if bonus and card:
        player(new, card).cash += 2
        msgs.append(checks.message(N_("{player} takes 2M with the investor card."), player=card))
    for inv in move.investments:
        p = player(new, inv.player)
        price = inv.bond - (inv.trade_in or 0)
        if p.cash < price:
            _note(
                new,
                checks.violation(
                    "IM-704",
                    N_("{player} needs {price}M for the bond and has {cash}M."),
                    "/move/investments",
                    player=inv.player,
                    price=price,
                    cash=p.cash,
                ),
            )
        p.cash -= price
        new.nations[inv.nation].treasury += price
        if inv.trade_in is not None:
            p.bonds = [
                b for b in p.bonds if not (b.nation == inv.nation and b.cost == inv.trade_in)
            ]
        p.bonds.append(Bond.model_construct(nation=inv.nation, cost=inv.bond))
        msgs.append(
            checks.message(
                N_("{player} buys the {cost}M bond of {nation} for {price}M."),
                player=inv.player,
                cost=inv.bond,
                nation=inv.nation,
                price=price,
            )
        )


def _governments(new: State, reference: str | None, msgs: list[Message]) -> None:
    for nid, gov in governments_after(new, reference).items():
        if new.nations[nid].government != gov:
            new.nations[nid].government = gov
            msgs.append(
                checks.message(N_("{player} now governs {nation}."), player=gov, nation=nid)
            )
    ruling = {n.government for n in new.nations.values()}
    for p in new.players:
        p.swiss_bank = p.name not in ruling


def _doubtful(move: ManeuverMove) -> list[Message]:
    """A note for each border used whose map confidence is not high."""
    b = index_board()
    pairs = [(f.from_, f.to) for f in move.fleets]
    pairs += [(a, c) for army in move.armies for a, c in itertools.pairwise(army.route)]
    notes = []
    for a, c in dict.fromkeys(pairs):
        confidence = b.confidence(a, c)
        if confidence not in (None, "high"):
            notes.append(
                checks.message(
                    N_(
                        "The border {source}-{target} is rated {confidence} in the map data, "
                        "not confirmed on a printed board."
                    ),
                    source=a,
                    target=c,
                    confidence=confidence,
                )
            )
    return notes


def apply(state: State, move: Any) -> tuple[State, Sequence[Message]]:
    new = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    if len(_NOTES) > 64:
        _NOTES.clear()
    _NOTES.pop(id(new), None)
    msgs: list[Message] = []
    if isinstance(move, TransferMove):
        giver = player(new, move.source)
        giver.cash -= move.amount
        new.nations[move.target].treasury += move.amount
        msgs.append(
            checks.message(
                N_("{player} gives {amount}M to {nation}."),
                player=giver.name,
                amount=move.amount,
                nation=move.target,
            )
        )
        return new, msgs
    nid = move.nation
    n = new.nations[nid]
    space = resolve_space(n.rondel, move.type, move.space)
    passing = passes_investor(n.rondel, space)
    cost = rondel_cost(distance(n.rondel, space))
    gov_name = n.government
    if cost:
        player(new, gov_name).cash -= cost
        msgs.append(
            checks.message(
                N_("{player} pays {cost}M for the extra spaces."), player=gov_name, cost=cost
            )
        )
    n.rondel = space  # type: ignore[assignment]
    idx = index(state)
    if isinstance(move, FactoryMove):
        n.treasury -= 5
        kind: Any = idx.board.city[move.region]
        n.factories.append(Factory.model_construct(region=move.region, kind=kind))
        msgs.append(
            checks.message(
                N_("{nation} builds a factory in {region}."), nation=nid, region=move.region
            )
        )
    elif isinstance(move, ProductionMove):
        units = dict(idx.units)
        left = {k: _supply_left(state, nid, k) for k in ("army", "fleet")}
        for region, kind in _produced(state, move):
            if left[kind] > 0:
                left[kind] -= 1
                units[(nid, kind, region, None)] = units.get((nid, kind, region, None), 0) + 1
        new.units = _rebuild(units)
        msgs.append(checks.message(N_("{nation} produces."), nation=nid))
    elif isinstance(move, ImportMove):
        units = dict(idx.units)
        for item in move.units:
            key = (nid, item.kind, item.region, None)
            units[key] = units.get(key, 0) + 1
        n.treasury -= len(move.units)
        new.units = _rebuild(units)
        msgs.append(
            checks.message(N_("{nation} imports {count} units."), nation=nid, count=len(move.units))
        )
    elif isinstance(move, ManeuverMove):
        out = simulate(state, move)
        new.units = _rebuild(out.units)
        for owner, regions in out.factories.items():
            new.nations[owner].factories = [
                f for f in new.nations[owner].factories if f.region not in regions
            ]
        for region, holder in out.flags.items():
            for other in new.nations.values():
                if region in other.flags:
                    other.flags.remove(region)
            if holder:
                new.nations[holder].flags.append(region)
        msgs.append(
            checks.message(
                N_("{nation} maneuvers; {battles} battles fought."), nation=nid, battles=out.battles
            )
        )
        msgs.extend(_doubtful(move))
    elif isinstance(move, TaxationMove):
        result = tax_result(state, nid)
        n.tax = result["tax"]
        n.power_points = min(25, n.power_points + result["power_points"])
        n.treasury += result["income"]
        if result["bonus"] and gov_name:
            player(new, gov_name).cash += result["bonus"]
        msgs.append(
            checks.message(
                N_(
                    "{nation} collects {revenue}M tax: marker on {tax}, bonus {bonus}M, "
                    "+{points} power points, {income}M to the treasury."
                ),
                nation=nid,
                revenue=result["revenue"],
                tax=result["tax"],
                bonus=result["bonus"],
                points=result["power_points"],
                income=result["income"],
            )
        )
    elif isinstance(move, InvestorMove):
        _pay_interest(new, nid, msgs)
    standard = new.variant == "standard"
    if standard and (isinstance(move, InvestorMove) or passing) and not game_over(new):
        card = new.investor_card
        _invest(new, move, card, True, msgs)
        _governments(new, card, msgs)
        new.investor_card = next_seat(new, card)
    elif not standard and move.investments:
        _invest(new, move, None, False, msgs)
        _governments(new, state.nations[nid].government, msgs)
    new.turn = next_turn(new, nid)  # type: ignore[assignment]
    return new, msgs


# --- alternatives --------------------------------------------------------------------------


def _candidates(state: State, move: Any) -> list[dict[str, Any]]:
    """Simple moves to offer instead: the same action first, then the other spaces."""
    if isinstance(move, TransferMove):
        giver = player(state, move.source)
        if giver is None or not giver.cash:
            return []
        return [
            {"type": "transfer", "source": giver.name, "target": nid, "amount": 1}
            for nid in NATIONS
        ][:3]
    nid = move.nation if state.turn is None else state.turn
    b = index(state).board
    n = state.nations[nid]
    out: list[dict[str, Any]] = []
    for space in sorted(RONDEL, key=lambda sp: (action_of(sp) != move.type, RONDEL.index(sp))):
        action = action_of(space)
        if action == "factory":
            out += [
                {"type": "factory", "nation": nid, "space": space, "region": r}
                for r in b.homes_of[nid]
                if all(f.region != r for f in n.factories)
            ]
        elif action == "import":
            out.append({"type": "import", "nation": nid, "space": space, "units": []})
        else:
            out.append({"type": action, "nation": nid, "space": space})
    return out


def _describe(state: State, data: dict[str, Any]) -> Message:
    if data["type"] == "transfer":
        return checks.message(
            N_("{player} gives {amount}M to {nation}."),
            player=data["source"],
            amount=data["amount"],
            nation=data["target"],
        )
    n = state.nations[data["nation"]]
    cost = rondel_cost(distance(n.rondel, data["space"]))
    if data["type"] == "factory":
        return checks.message(
            N_("{space}: a factory in {region}; the rondel costs {cost}M."),
            space=word(data["space"]),
            region=data["region"],
            cost=cost,
        )
    return checks.message(
        N_("{space}; the rondel costs {cost}M."), space=word(data["space"]), cost=cost
    )


def alternatives(state: State, move: Any) -> list[Alternative]:
    from . import GAME

    found: list[Alternative] = []
    for data in _candidates(state, move):
        candidate = GAME.move_adapter.validate_python(data)
        broken = any(
            True
            for check in checks.of_kind(Kind.MOVE)
            if check.applies_to(data["type"])
            for _ in check.func(state, candidate)
        )
        if not broken:
            found.append(Alternative(data, _describe(state, data)))
        if len(found) >= 10:
            break
    return found
