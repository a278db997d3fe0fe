"""The components (IM-2xx): bonds, units, factories, flags and money, each within the box,
and, where the state counts what is beside the board, each piece accounted for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Notice, Violation
from ..board import NATIONS, components
from ..data import BANK_MONEY, FACTORY_PIECES, FLAGS_PER_NATION, PLURAL
from ..logic import index, on_board
from ..models import BOND_COSTS, RondelMove, State
from ..payments import bank_payout
from ..registry import checks
from ..vocab import building_name, nation_name, nation_names, region_name, unit_name


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
                    nation=nation_name(b.nation),
                )
            elif (b.nation, b.cost) in seen:
                yield checks.violation(
                    "IM-201",
                    N_("The {cost}M bond of {nation} is held twice."),
                    f"/players/{i}/bonds/{j}",
                    cost=b.cost,
                    nation=nation_name(b.nation),
                )
            seen.add((b.nation, b.cost))


@checks.state("IM-202", title=N_("Units within each nation's pieces"))
def unit_supply(state: State) -> Iterator[Violation]:
    supply = index(state).board.supply
    for (nation, kind), n in sorted(on_board(state).items()):
        limit = supply[nation][PLURAL[kind]]
        if n > limit:
            yield checks.violation(
                "IM-202",
                N_("{nation} has {count} {kind} pieces on the board; it owns {limit}."),
                "/units",
                nation=nation_name(nation),
                count=n,
                kind=unit_name(kind),
                limit=limit,
            )


@checks.state("IM-203", title=N_("At most 15 factories of each kind"))
def factory_pieces(state: State) -> Iterator[Violation]:
    kinds = Counter(f.kind for n in state.nations.values() for f in n.factories)
    for kind, n in sorted(kinds.items()):
        if n > FACTORY_PIECES:
            yield checks.violation(
                "IM-203",
                N_("There are {count} {kind:pl} on the board; the box holds 15."),
                "/nations",
                count=n,
                kind=building_name(kind),
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
                    nation=nation_name(nid),
                    region=region_name(f.region),
                )
            elif b.city[f.region] != f.kind:
                yield checks.violation(
                    "IM-204",
                    N_("The city of {region} takes the factory kind {city}, not {kind}."),
                    path,
                    region=region_name(f.region),
                    city=building_name(b.city[f.region]),
                    kind=building_name(f.kind),
                )
            if f.region in seen:
                yield checks.violation(
                    "IM-204",
                    N_("{region} has two factories; a city holds one."),
                    path,
                    region=region_name(f.region),
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
                nation=nation_name(nid),
                count=len(n.flags),
            )


@checks.state("IM-206", "IM-207", title=N_("Armies on land, fleets at sea or in their port"))
def unit_places(state: State) -> Iterator[Violation]:
    b = index(state).board
    for i, u in enumerate(state.units):
        path = f"/units/{i}/region"
        if u.region in b.impassable:
            yield checks.violation(
                "IM-207", N_("No unit may stand in {region}."), path, region=region_name(u.region)
            )
        elif u.kind == "army" and u.region in b.seas:
            yield checks.violation(
                "IM-206",
                N_("An army of {nation} is at sea in {region}."),
                path,
                nation=nation_name(u.nation),
                region=region_name(u.region),
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
                nation=nation_name(u.nation),
                region=region_name(u.region),
            )


# --- conservation: every piece of the box is somewhere -------------------------------------


def _not_counted(state: State, attribute: str) -> list[str]:
    """The nations whose ``attribute`` (what lies beside the board) the state leaves out."""
    return [nid for nid in NATIONS if getattr(state.nations[nid], attribute) is None]


@checks.state("IM-208", title=N_("Each bond once: on its nation's stack or held"))
def bonds_counted(state: State) -> Iterator[Violation | Notice]:
    for nid in NATIONS:
        stack = state.nations[nid].stack
        if stack is not None:
            yield from _stack(state, nid, stack)
    missing = _not_counted(state, "stack")
    if len(missing) == len(NATIONS):
        yield checks.notice(
            "IM-208",
            N_(
                "The bond stacks were not counted, so a lost bond cannot be found there; the "
                "bonds nobody holds are taken to be on them."
            ),
            "/nations",
        )
    elif missing:
        yield checks.notice(
            "IM-208",
            N_(
                "The bond stacks of {nations} were not counted, so a lost bond cannot be found "
                "there; the bonds nobody holds are taken to be on them."
            ),
            "/nations",
            nations=nation_names(missing),
        )


def _stack(state: State, nid: str, stack: list[int]) -> Iterator[Violation]:
    held = Counter(b.cost for p in state.players for b in p.bonds if b.nation == nid)
    piled = Counter(stack)
    path = f"/nations/{nid}/stack"
    for cost in sorted(set(piled) - set(BOND_COSTS)):
        yield checks.violation(
            "IM-208",
            N_("There is no {cost}M bond of {nation}."),
            path,
            cost=cost,
            nation=nation_name(nid),
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
                nation=nation_name(nid),
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
                nation=nation_name(nid),
            )


@checks.state(
    "IM-209", "IM-211", title=N_("Every army, fleet and flag is on the board or beside it")
)
def pieces_counted(state: State) -> Iterator[Violation | Notice]:
    """One count for the three kinds of piece each nation keeps beside the board."""
    supply = index(state).board.supply
    board_count = on_board(state)
    for nid in NATIONS:
        n = state.nations[nid]
        if n.spare is None:
            continue
        for kind, beside in (("army", n.spare.armies), ("fleet", n.spare.fleets)):
            pieces, on = supply[nid][PLURAL[kind]], board_count[(nid, kind)]
            if on <= pieces and on + beside != pieces:
                yield checks.violation(
                    "IM-209",
                    N_(
                        "The {kind} pieces of {nation}: {on} on the board, {beside} beside it, "
                        "{total} in all; it owns {pieces}."
                    ),
                    f"/nations/{nid}/spare/{PLURAL[kind]}",
                    nation=nation_name(nid),
                    on=on,
                    beside=beside,
                    total=on + beside,
                    kind=unit_name(kind),
                    pieces=pieces,
                )
        on = len(n.flags)
        if on <= FLAGS_PER_NATION and on + n.spare.flags != FLAGS_PER_NATION:
            yield checks.violation(
                "IM-211",
                N_(
                    "The flags of {nation}: {on} on the board, {beside} beside it, {total} in "
                    "all; it owns {pieces}."
                ),
                f"/nations/{nid}/spare/flags",
                nation=nation_name(nid),
                on=on,
                beside=n.spare.flags,
                total=on + n.spare.flags,
                pieces=FLAGS_PER_NATION,
            )
    missing = _not_counted(state, "spare")
    if len(missing) == len(NATIONS):
        yield checks.notice(
            "IM-209",
            N_(
                "The armies and fleets beside the board were not counted, so a lost one cannot "
                "be found."
            ),
            "/nations",
        )
        yield checks.notice(
            "IM-211",
            N_("The flags beside the board were not counted, so a lost one cannot be found."),
            "/nations",
        )
    elif missing:
        yield checks.notice(
            "IM-209",
            N_(
                "The armies and fleets beside the board were not counted for {nations}, so a "
                "lost one cannot be found."
            ),
            "/nations",
            nations=nation_names(missing),
        )
        yield checks.notice(
            "IM-211",
            N_(
                "The flags beside the board were not counted for {nations}, so a lost one cannot "
                "be found."
            ),
            "/nations",
            nations=nation_names(missing),
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
                N_plural(
                    "{count} {kind} is counted: {built} on the board and {beside} beside it; "
                    "the box holds {pieces}.",
                    "{count} {kind:pl} are counted: {built} on the board and {beside} beside it; "
                    "the box holds {pieces}.",
                ),
                f"/spare_factories/{kind}",
                built=built[kind],
                beside=beside,
                count=built[kind] + beside,
                kind=building_name(kind),
                pieces=pieces,
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


@checks.move("IM-212", title=N_("The bank pays only what it holds"))
def bank_pays(state: State, move: RondelMove) -> Iterator[Violation]:
    """The 420M of the box are all the money there is (dispute IM-D22): a counted bank
    cannot pay out more than it holds."""
    if state.bank is None:
        return
    need = bank_payout(state, move)
    if need > state.bank:
        yield checks.violation(
            "IM-212",
            N_(
                "The bank would pay out {need}M in this turn and holds {bank}M; the box holds "
                "no more money."
            ),
            "/bank",
            need=need,
            bank=state.bank,
        )
