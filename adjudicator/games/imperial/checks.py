"""The state checks of Imperial: invariants of a snapshot of the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ...core.checks import CheckRegistry
from ...core.i18n import N_
from ...core.verdicts import Notice, Violation
from .board import NATIONS, components
from .logic import count, free_factories, index, occupied
from .models import BOND_COSTS, State

checks = CheckRegistry("imperial")

PLURAL = {"army": "armies", "fleet": "fleets"}
FACTORY_PIECES = components().factories["armaments"]
FLAGS_PER_NATION = components().flags_per_nation
BANK_MONEY = components().money
EXPERT_MONEY = {6: 15, 5: 18, 4: 22, 3: 28, 2: 40}
CARDS_EACH = {2: 3, 3: 2, 4: 1, 5: 1, 6: 1}
PAIRS = {
    3: (("GB", "AH"), ("RU", "IT"), ("GE", "FR")),
    2: (("FR", "AH"), ("GE", "AH"), ("RU", "IT"), ("GB", "IT")),
}


#: Words put into messages, translated in the message's language.
WORDS = {
    "army": N_("army"),
    "fleet": N_("fleet"),
    "armaments": N_("armaments"),
    "shipyard": N_("shipyard"),
    "hostile": N_("hostile"),
    "friendly": N_("friendly"),
    "factory": N_("Factory"),
    "production": N_("Production"),
    "production_1": N_("Production (first)"),
    "production_2": N_("Production (second)"),
    "maneuver": N_("Maneuver"),
    "maneuver_1": N_("Maneuver (first)"),
    "maneuver_2": N_("Maneuver (second)"),
    "investor": N_("Investor"),
    "import": N_("Import"),
    "taxation": N_("Taxation"),
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


def before_first_turn(state: State) -> bool:
    return all(n.rondel is None and n.power_points == 0 for n in state.nations.values())


@checks.state("IM-102", title=N_("Power points stay between 0 and 25"))
def power_track(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if n.power_points > 25:
            yield checks.violation(
                "IM-102",
                N_("{nation} has {points} power points; the track ends at 25."),
                f"/nations/{nid}/power_points",
                nation=nid,
                points=n.power_points,
            )


@checks.state("IM-106", title=N_("The state says the game is over exactly at 25 power points"))
def end_recorded(state: State) -> Iterator[Violation]:
    reached = any(n.power_points >= 25 for n in state.nations.values())
    if state.over is True and not reached:
        yield checks.violation(
            "IM-106",
            N_("The state says the game is over, but no nation has 25 power points."),
            "/over",
        )
    elif state.over is False and reached:
        yield checks.violation(
            "IM-106",
            N_("A nation has 25 power points, so the game is over; the state says it is not."),
            "/over",
        )


@checks.state("IM-201", title=N_("Each bond exists once, in the printed values"))
def bonds_valid(state: State) -> Iterator[Violation]:
    seen: set[tuple[str, int]] = set()
    for i, p in enumerate(state.players):
        for j, b in enumerate(p.bonds):
            if b.cost not in BOND_COSTS:
                yield checks.violation(
                    "IM-201",
                    N_("There is no {cost}M bond of {nation}."),
                    f"/players/{i}/bonds/{j}",
                    cost=b.cost,
                    nation=b.nation,
                )
            elif (b.nation, b.cost) in seen:
                yield checks.violation(
                    "IM-201",
                    N_("The {cost}M bond of {nation} is held twice."),
                    f"/players/{i}/bonds/{j}",
                    cost=b.cost,
                    nation=b.nation,
                )
            seen.add((b.nation, b.cost))


@checks.state("IM-202", title=N_("Units within each nation's pieces"))
def unit_supply(state: State) -> Iterator[Violation]:
    idx = index(state)
    totals: Counter[tuple[str, str]] = Counter()
    for (nation, kind, _, _), n in idx.units.items():
        totals[(nation, kind)] += n
    for (nation, kind), n in sorted(totals.items()):
        limit = idx.board.supply[nation][PLURAL[kind]]
        if n > limit:
            yield checks.violation(
                "IM-202",
                N_("{nation} has {count} {kind} pieces on the board; it owns {limit}."),
                "/units",
                nation=nation,
                count=n,
                kind=word(kind),
                limit=limit,
            )


@checks.state("IM-203", title=N_("At most 15 factories of each kind"))
def factory_pieces(state: State) -> Iterator[Violation]:
    kinds = Counter(f.kind for n in state.nations.values() for f in n.factories)
    for kind, n in sorted(kinds.items()):
        if n > FACTORY_PIECES:
            yield checks.violation(
                "IM-203",
                N_("{count} {kind} factories are built; the box holds 15."),
                "/nations",
                count=n,
                kind=word(kind),
            )


@checks.state("IM-204", title=N_("Factories stand in own home cities of the right colour"))
def factory_places(state: State) -> Iterator[Violation]:
    b = index(state).board
    seen: set[str] = set()
    for nid, n in state.nations.items():
        for j, f in enumerate(n.factories):
            path = f"/nations/{nid}/factories/{j}"
            if b.home.get(f.region) != nid:
                yield checks.violation(
                    "IM-204",
                    N_("{nation} has a factory in {region}, not one of its home provinces."),
                    path,
                    nation=nid,
                    region=f.region,
                )
            elif b.city[f.region] != f.kind:
                yield checks.violation(
                    "IM-204",
                    N_("The city of {region} takes the factory kind {city}, not {kind}."),
                    path,
                    region=f.region,
                    city=word(b.city[f.region]),
                    kind=word(f.kind),
                )
            if f.region in seen:
                yield checks.violation(
                    "IM-204",
                    N_("{region} has two factories; a city holds one."),
                    path,
                    region=f.region,
                )
            seen.add(f.region)


@checks.state("IM-205", title=N_("At most 15 flags per nation"))
def flag_supply(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if len(n.flags) > FLAGS_PER_NATION:
            yield checks.violation(
                "IM-205",
                N_("{nation} has {count} flags on the board; it owns 15."),
                f"/nations/{nid}/flags",
                nation=nid,
                count=len(n.flags),
            )


# --- conservation: every piece of the box is somewhere -------------------------------------


def _uncounted(state: State, attribute: str) -> list[str]:
    return [nid for nid in NATIONS if getattr(state.nations[nid], attribute) is None]


@checks.state("IM-208", title=N_("Each bond once: on its nation's stack or held"))
def bonds_counted(state: State) -> Iterator[Violation | Notice]:
    for nid in NATIONS:
        stack = state.nations[nid].stack
        if stack is None:
            continue
        held = Counter(b.cost for p in state.players for b in p.bonds if b.nation == nid)
        piled = Counter(stack)
        path = f"/nations/{nid}/stack"
        for cost in sorted(set(piled) - set(BOND_COSTS)):
            yield checks.violation(
                "IM-208", N_("There is no {cost}M bond of {nation}."), path, cost=cost, nation=nid
            )
        for cost in BOND_COSTS:
            if held[cost] + piled[cost] == 0:
                yield checks.violation(
                    "IM-208",
                    N_(
                        "The {cost}M bond of {nation} is missing: nobody holds it and it is not "
                        "on the stack."
                    ),
                    path,
                    cost=cost,
                    nation=nid,
                )
            elif piled[cost] and held[cost] + piled[cost] > 1:
                yield checks.violation(
                    "IM-208",
                    N_(
                        "The {cost}M bond of {nation} is counted twice: on the stack and held, "
                        "or twice on the stack."
                    ),
                    path,
                    cost=cost,
                    nation=nid,
                )
    missing = _uncounted(state, "stack")
    if missing:
        yield checks.notice(
            "IM-208",
            N_(
                "The bond stacks of {nations} were not counted, so a lost bond cannot be found "
                "there; the bonds nobody holds are taken to be on them."
            ),
            "/nations",
            nations=", ".join(missing),
        )


def _on_board(state: State) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for u in state.units:
        found[(u.nation, u.kind)] += u.count
    return found


@checks.state("IM-209", title=N_("Every army and fleet is on the board or beside it"))
def units_counted(state: State) -> Iterator[Violation | Notice]:
    supply = index(state).board.supply
    board_count = _on_board(state)
    for nid in NATIONS:
        spare = state.nations[nid].spare
        if spare is None:
            continue
        for kind, beside in (("army", spare.armies), ("fleet", spare.fleets)):
            pieces = supply[nid][PLURAL[kind]]
            on = board_count[(nid, kind)]
            if on <= pieces and on + beside != pieces:
                yield checks.violation(
                    "IM-209",
                    N_(
                        "{nation} has {on} {kind} pieces on the board and {beside} beside it, "
                        "{total} in all; it owns {pieces}."
                    ),
                    f"/nations/{nid}/spare/{PLURAL[kind]}",
                    nation=nid,
                    on=on,
                    beside=beside,
                    total=on + beside,
                    kind=word(kind),
                    pieces=pieces,
                )
    missing = _uncounted(state, "spare")
    if missing:
        yield checks.notice(
            "IM-209",
            N_(
                "The armies and fleets beside the board were not counted for {nations}, so a "
                "lost one cannot be found."
            ),
            "/nations",
            nations=", ".join(missing),
        )


@checks.state("IM-210", title=N_("Every factory piece is on the board or beside it"))
def factories_counted(state: State) -> Iterator[Violation | Notice]:
    spare = state.spare_factories
    if spare is None:
        yield checks.notice(
            "IM-210",
            N_("The factories beside the board were not counted, so a lost one cannot be found."),
            "/spare_factories",
        )
        return
    built = Counter(f.kind for n in state.nations.values() for f in n.factories)
    for kind in ("armaments", "shipyard"):
        pieces = components().factories[kind]
        beside = getattr(spare, kind)
        if built[kind] <= pieces and built[kind] + beside != pieces:
            yield checks.violation(
                "IM-210",
                N_(
                    "{built} {kind} factories are built and {beside} are beside the board, "
                    "{total} in all; the box holds {pieces}."
                ),
                f"/spare_factories/{kind}",
                built=built[kind],
                beside=beside,
                total=built[kind] + beside,
                kind=word(kind),
                pieces=pieces,
            )


@checks.state("IM-211", title=N_("Every flag is on the board or beside it"))
def flags_counted(state: State) -> Iterator[Violation | Notice]:
    for nid in NATIONS:
        n = state.nations[nid]
        if n.spare is None or len(n.flags) > FLAGS_PER_NATION:
            continue
        if len(n.flags) + n.spare.flags != FLAGS_PER_NATION:
            yield checks.violation(
                "IM-211",
                N_(
                    "{nation} has {on} flags on the board and {beside} beside it, {total} in "
                    "all; it owns {pieces}."
                ),
                f"/nations/{nid}/spare/flags",
                nation=nid,
                on=len(n.flags),
                beside=n.spare.flags,
                total=len(n.flags) + n.spare.flags,
                pieces=FLAGS_PER_NATION,
            )
    missing = _uncounted(state, "spare")
    if missing:
        yield checks.notice(
            "IM-211",
            N_(
                "The flags beside the board were not counted for {nations}, so a lost one cannot "
                "be found."
            ),
            "/nations",
            nations=", ".join(missing),
        )


@checks.state("IM-212", title=N_("The money of the box: cash, treasuries and bank"))
def money_counted(state: State) -> Iterator[Violation | Notice]:
    in_play = sum(p.cash for p in state.players) + sum(n.treasury for n in state.nations.values())
    if state.bank is None:
        if in_play > BANK_MONEY:
            yield checks.violation(
                "IM-212",
                N_("The players and the treasuries hold {money}M; the box holds only {total}M."),
                "/players",
                money=in_play,
                total=BANK_MONEY,
            )
        else:
            yield checks.notice(
                "IM-212",
                N_(
                    "The bank was not counted, so missing money cannot be found; the {money}M in "
                    "play fit in the {total}M of the box."
                ),
                "/bank",
                money=in_play,
                total=BANK_MONEY,
            )
    elif in_play + state.bank != BANK_MONEY:
        yield checks.violation(
            "IM-212",
            N_(
                "The players and the treasuries hold {money}M and the bank {bank}M, {sum}M in "
                "all; the box holds {total}M."
            ),
            "/bank",
            money=in_play,
            bank=state.bank,
            sum=in_play + state.bank,
            total=BANK_MONEY,
        )


@checks.state("IM-206", "IM-207", title=N_("Armies on land, fleets at sea or in their port"))
def unit_places(state: State) -> Iterator[Violation]:
    b = index(state).board
    for i, u in enumerate(state.units):
        path = f"/units/{i}/region"
        if u.region in b.impassable:
            yield checks.violation(
                "IM-207", N_("No unit may stand in {region}."), path, region=u.region
            )
        elif u.kind == "army" and u.region in b.seas:
            yield checks.violation(
                "IM-206",
                N_("An army of {nation} is at sea in {region}."),
                path,
                nation=u.nation,
                region=u.region,
            )
        elif (
            u.kind == "fleet"
            and u.region not in b.seas
            and not (b.home.get(u.region) == u.nation and b.is_port(u.region))
        ):
            yield checks.violation(
                "IM-206",
                N_("A fleet of {nation} is on land in {region}, which is not its port."),
                path,
                nation=u.nation,
                region=u.region,
            )


@checks.state("IM-802", title=N_("The tax marker is on the chart"))
def tax_chart(state: State) -> Iterator[Violation]:
    for nid, n in state.nations.items():
        if not 5 <= n.tax <= 15:
            yield checks.violation(
                "IM-802",
                N_("{nation}'s tax marker is at {tax}; the chart runs from 5 to 15."),
                f"/nations/{nid}/tax",
                nation=nid,
                tax=n.tax,
            )


@checks.state("IM-401", title=N_("The nation to move has a government"))
def turn_nation(state: State) -> Iterator[Violation]:
    if state.turn is not None and state.nations[state.turn].government is None:
        yield checks.violation(
            "IM-401",
            N_("{nation} has no government, so its turn is skipped."),
            "/turn",
            nation=state.turn,
        )


@checks.state("IM-610", title=N_("Armies in foreign home provinces have a stance"))
def stances(state: State) -> Iterator[Violation]:
    b = index(state).board
    for i, u in enumerate(state.units):
        foreign = u.kind == "army" and b.home.get(u.region) not in (None, u.nation)
        if foreign and u.stance is None:
            yield checks.violation(
                "IM-610",
                N_("The army of {nation} in {region} must be hostile or friendly."),
                f"/units/{i}/stance",
                nation=u.nation,
                region=u.region,
            )
        elif not foreign and u.stance is not None:
            yield checks.violation(
                "IM-610",
                N_(
                    "Only armies in another nation's home province have a stance; "
                    "{nation} in {region} has none."
                ),
                f"/units/{i}/stance",
                nation=u.nation,
                region=u.region,
            )


@checks.state("IM-612", title=N_("The last free factory is never occupied"))
def last_factory(state: State) -> Iterator[Violation]:
    idx = index(state)
    for nid, n in state.nations.items():
        if n.factories and not free_factories(state, nid, idx.units):
            yield checks.violation(
                "IM-612",
                N_(
                    "Every factory of {nation} holds a hostile army; "
                    "its last one may only be entered friendly."
                ),
                f"/nations/{nid}/factories",
                nation=nid,
            )


@checks.state("IM-615", "IM-616", title=N_("Flags mark regions held alone, never home provinces"))
def flags(state: State) -> Iterator[Violation]:
    idx = index(state)
    b = idx.board
    owner: dict[str, str] = {}
    for nid, n in state.nations.items():
        for j, r in enumerate(n.flags):
            if r in b.home or r in b.impassable:
                yield checks.violation(
                    "IM-616",
                    N_("{nation} has a flag in {region}; home provinces take no flags."),
                    f"/nations/{nid}/flags/{j}",
                    nation=nid,
                    region=r,
                )
            elif r in owner:
                yield checks.violation(
                    "IM-615",
                    N_("{region} carries two flags."),
                    f"/nations/{nid}/flags/{j}",
                    region=r,
                )
            owner[r] = nid
    present: dict[str, set[str]] = {}
    for (nation, _, region, _), cnt in idx.units.items():
        if cnt > 0 and region not in b.home and region not in b.impassable:
            present.setdefault(region, set()).add(nation)
    for region, nations in sorted(present.items()):
        if len(nations) == 1:
            (only,) = nations
            if owner.get(region) != only and len(state.nations[only].flags) < FLAGS_PER_NATION:
                yield checks.violation(
                    "IM-615",
                    N_("{nation} alone holds {region}, so its flag belongs there."),
                    f"/nations/{only}/flags",
                    nation=only,
                    region=region,
                )


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
                    nation=nid,
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
                nation=nid,
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
                else N_("{player} governs no nation and holds a Swiss bank.")
            )
            yield checks.violation("IM-707", template, f"/players/{i}/swiss_bank", player=p.name)


@checks.state("IM-710", "IM-951", title=N_("The investor card is with a player, or out of play"))
def investor_card(state: State) -> Iterator[Violation]:
    if state.variant == "standard" and state.investor_card is None and state.opening is None:
        yield checks.violation(
            "IM-710",
            N_("In the standard game a player always holds the investor card."),
            "/investor_card",
        )
    if state.variant == "no_investor_card" and state.investor_card is not None:
        yield checks.violation(
            "IM-951",
            N_("The variant without the investor card has no investor card."),
            "/investor_card",
        )


# --- setup ---------------------------------------------------------------------------------


@checks.state("IM-301", "IM-305", title=N_("Starting money by player count"))
def setup_money(state: State) -> Iterator[Violation]:
    if not before_first_turn(state):
        return
    n = len(state.players)
    for i, p in enumerate(state.players):
        if state.setup == "standard" and p.cash != 2:
            yield checks.violation(
                "IM-301",
                N_("{player} has {cash}M after buying the starting bonds; everyone keeps 2M."),
                f"/players/{i}/cash",
                player=p.name,
                cash=p.cash,
            )
        if state.setup == "expert" and n in EXPERT_MONEY:
            spent = p.cash + sum(b.cost for b in p.bonds)
            if spent != EXPERT_MONEY[n]:
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
                        nation=nation,
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
        if n in CARDS_EACH and len(mine) != CARDS_EACH[n]:
            yield checks.violation(
                "IM-302",
                N_(
                    "{player} was dealt {count} flag cards; with {players} players "
                    "each gets {expected}."
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
                first=first,
                second=second,
            )
    for nid in NATIONS:
        paid = sum(c for (nation, c), names in idx.holders.items() if nation == nid for _ in names)
        if state.nations[nid].treasury != paid:
            yield checks.violation(
                "IM-303",
                N_("{nation}'s treasury holds {treasury}M; its bonds brought {paid}M."),
                f"/nations/{nid}/treasury",
                nation=nid,
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
                    nation=nid,
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
                nation=nid,
            )
        if n.tax != 5:
            yield checks.violation(
                "IM-307",
                N_("{nation}'s tax marker starts on 2-5."),
                f"/nations/{nid}/tax",
                nation=nid,
            )
    if state.units or any(n.flags for n in state.nations.values()):
        yield checks.violation(
            "IM-307", N_("No units or flags are on the board before the first turn."), "/units"
        )


__all__ = ["checks", "count", "occupied"]
