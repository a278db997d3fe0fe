"""Move checks, the effect of each move (`apply`), and legal alternatives."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import TypeAdapter

from ...core.i18n import N_, Message, N_plural, Name
from ...core.verdicts import Alternative, Violation
from .checks import checks, fits
from .data import (
    AIRCRAFT_LIMIT,
    BRIBE_SLOTS,
    CONTRACTORS_PER_TYPE,
    FREE_SLOTS,
    FUEL_LIMIT,
    PIECES_PER_TYPE,
    REPAIR_LIMIT,
    REPAIR_OTHER_COSTS,
    REPAIR_OWN_COST,
    SPACE_SPECS,
    SPY_LIMIT,
)
from .logic import piece_counts, points, target
from .models import (
    BOMB_MOVES,
    CENTRAL_MOVES,
    GREY,
    KINDS,
    MOVE_TYPES,
    PLACING_MOVES,
    SPACES,
    AirStrike,
    Amounts,
    Bomb,
    BuildBomb,
    Building,
    BuildingRef,
    Construct,
    DesignBomb,
    GeneralSupply,
    LoadBomb,
    Move,
    Negotiate,
    Piece,
    PlaceBuilding,
    PlaceCentral,
    Player,
    Repair,
    State,
    Test,
    TestBomb,
    Turn,
    WorkerRef,
    Workers,
)
from .names import (
    allowed_name,
    amounts,
    bomb_name,
    bomb_place,
    building_name,
    building_place,
    colour_name,
    move_name,
    ordinal,
    resource_name,
    slot_place,
    space_name,
    worker_name,
    worker_names,
)
from .names import amount as amount_of

PLURAL = {"laborer": "laborers", "engineer": "engineers", "scientist": "scientists"}


def _workers_of(move: Any) -> list[WorkerRef]:
    if isinstance(move, PlaceCentral | Construct | AirStrike | Repair):
        return [move.worker]
    if isinstance(move, DesignBomb | PlaceBuilding | BuildBomb):
        return list(move.workers)
    return []


def _available(p: Player, refs: Sequence[WorkerRef]) -> str | None:
    """The first worker type the player lacks in the personal supply, if any."""
    need = Counter((r.kind, r.contractor) for r in refs)
    for (kind, grey), n in need.items():
        have = p.contractors.get(kind) if grey else p.workers.get(kind)
        if n > have:
            return kind
    return None


def general_supply(state: State, colour: str, kind: str) -> tuple[int, int]:
    """(own-colour pieces, grey pieces) of ``kind`` left in the general supply."""
    counts = piece_counts(state)
    own = max(0, PIECES_PER_TYPE - counts[(colour, kind)])
    grey = max(0, CONTRACTORS_PER_TYPE - counts[(GREY, kind)])
    return own, grey


# --- 1xx/4xx: who moves, and when -------------------------------------------------------------


@checks.move("MP-103", title=N_("No move after the game has ended"))
def game_over(state: State, move: Any) -> Iterator[Violation]:
    goal = target(state)
    for p in state.players:
        if points(p) >= goal:
            yield checks.violation(
                "MP-103",
                N_("The game is over: {player} has reached {target} points."),
                "/move",
                player=colour_name(p.colour),
                target=goal,
            )
            return
    if state.game_over:
        yield checks.violation("MP-103", N_("The game is over: no move can follow."), "/move")


@checks.move("MP-406", "MP-407", title=N_("Only the active player acts"))
def whose_turn(state: State, move: Any) -> Iterator[Violation]:
    if move.player is not None and move.player != state.turn.active:
        rule = "MP-406" if move.type in BOMB_MOVES else "MP-407"
        yield checks.violation(
            rule,
            N_("It is {active} turn, not {player} turn."),
            "/move/player",
            active=colour_name(state.turn.active, "gen"),
            player=colour_name(move.player, "gen"),
        )


@checks.move("MP-401", title=N_("Place or retrieve, not both"), moves=("retrieve",))
def place_or_retrieve(state: State, move: Any) -> Iterator[Violation]:
    if state.turn.placing:
        yield checks.violation(
            "MP-401",
            N_("{player} has already placed or taken a bomb action this turn and cannot retrieve."),
            "/move",
            player=colour_name(state.turn.active),
        )


@checks.move(
    "MP-402",
    title=N_("No worker in supply: retrieve"),
    moves=(*PLACING_MOVES, *BOMB_MOVES, "end_turn"),
)
def must_retrieve(state: State, move: Any) -> Iterator[Violation]:
    p = state.active
    if not state.turn.placing and p.workers.total() + p.contractors.total() == 0:
        yield checks.violation(
            "MP-402",
            N_("{player} has no worker in the personal supply and must retrieve."),
            "/move",
            player=colour_name(p.colour),
        )


@checks.move("MP-403", title=N_("A retrieval brings back an own worker"), moves=("retrieve",))
def retrieve_something(state: State, move: Any) -> Iterator[Violation]:
    colour = state.turn.active
    if not any(pc.colour == colour for pc in state.all_pieces()):
        yield checks.violation(
            "MP-403",
            N_("None of {owner} own workers is out; {player} must place instead."),
            "/move",
            owner=colour_name(colour, "gen"),
            player=colour_name(colour),
        )


@checks.move("MP-404", title=N_("One central placement, first"), moves=CENTRAL_MOVES)
def step_one(state: State, move: Any) -> Iterator[Violation]:
    if state.turn.step != 1:
        yield checks.violation(
            "MP-404",
            N_("The central board is closed for this turn: step 1 is over."),
            "/move",
        )


@checks.move("MP-405", title=N_("A placing turn places a worker"), moves=("end_turn",))
def placed_one(state: State, move: Any) -> Iterator[Violation]:
    if state.turn.placed == 0:
        yield checks.violation(
            "MP-405",
            N_("{player} has placed no worker this turn; place one or retrieve."),
            "/move",
            player=colour_name(state.turn.active),
        )


# --- 5xx central board ------------------------------------------------------------------------


@checks.move("MP-503", title=N_("Workers come from the personal supply"), moves=PLACING_MOVES)
def from_supply(state: State, move: Any) -> Iterator[Violation]:
    lacking = _available(state.active, _workers_of(move))
    if lacking is not None:
        yield checks.violation(
            "MP-503",
            N_("{player} has not enough workers of type {kind} in the personal supply."),
            "/move",
            player=colour_name(state.turn.active),
            kind=worker_name(lacking),
        )


def _space_of(move: Any) -> str:
    if isinstance(move, PlaceCentral | AirStrike):
        return move.space
    return {"construct": "construction", "repair": "repair", "design_bomb": "design_bomb"}[
        move.type
    ]


@checks.move("MP-501", title=N_("One worker per space"), moves=CENTRAL_MOVES)
def space_free(state: State, move: Any) -> Iterator[Violation]:
    space = _space_of(move)
    if space != "construction" and state.board.space(space):
        yield checks.violation(
            "MP-501",
            N_("{space} is already occupied."),
            "/move/space" if hasattr(move, "space") else "/move",
            space=space_name(space),
        )


@checks.move("MP-502", title=N_("Worker type of a space"), moves=("place_central",))
def space_worker_type(state: State, move: Any) -> Iterator[Violation]:
    allowed = SPACE_SPECS[move.space].allowed
    if allowed is not None and move.worker.kind not in allowed:
        yield checks.violation(
            "MP-502",
            N_("{space} takes only: {allowed}."),
            "/move/worker/kind",
            space=space_name(move.space),
            allowed=allowed_name(allowed),
        )


WORKER_KEYS = ("laborers", "engineers", "scientists")


def holding(p: Player, what: str) -> int:
    """How much of ``what`` (a resource, a track or a worker type) the player holds."""
    if what in WORKER_KEYS:
        return p.workers.get(what[:-1]) + p.contractors.get(what[:-1])
    return int(getattr(p, what))


def _short(p: Player, cost: dict[str, int] | Amounts) -> str | None:
    for what, amount in cost.items():
        if holding(p, what) < amount:
            return what
    return None


@checks.move(
    "MP-504",
    "MP-512",
    "MP-513",
    "MP-514",
    "MP-515",
    "MP-517",
    "MP-518",
    "MP-519",
    title=N_("Cost and output of a central space"),
    moves=("place_central",),
)
def space_cost(state: State, move: Any) -> Iterator[Violation]:
    spec = SPACE_SPECS[move.space]
    lacking = _short(state.active, spec.cost)
    if lacking is not None:
        yield checks.violation(
            "MP-504" if move.skip else spec.rule,
            N_("{space} costs {cost}; {player} does not have enough {what}."),
            "/move/space",
            space=space_name(move.space),
            cost=amounts(spec.cost),
            player=colour_name(state.turn.active),
            what=resource_name(lacking),
        )
    n = len(spec.outputs)
    if (move.output is not None and move.output >= n) or (move.output is None and n > 1):
        yield checks.violation(
            spec.rule,
            N_plural(
                "{space} offers {count} output option; choose it.",
                "{space} offers {count} output options; choose one of them.",
            ),
            "/move/output",
            space=space_name(move.space),
            count=n,
        )


def _gained_workers(output: Amounts | dict[str, int]) -> tuple[str, int] | None:
    items = output.items()
    for what, amount in items:
        if what in ("laborers", "engineers", "scientists"):
            return what[:-1], amount
    return None


def _contractor_problem(state: State, output: Any, contractors: int | None) -> str | None:
    gained = _gained_workers(output)
    if contractors is None:
        return None
    if gained is None:
        return "none" if contractors else None
    kind, n = gained
    own, grey = general_supply(state, state.turn.active, kind)
    if contractors > n or contractors > grey or n - contractors > own:
        return kind
    return None


@checks.move(
    "MP-516",
    title=N_("Workers gained come from the general supply"),
    moves=("place_central", "place_building"),
)
def gained_workers(state: State, move: Any) -> Iterator[Violation]:
    if move.skip:
        return
    if isinstance(move, PlaceCentral):
        outputs = SPACE_SPECS[move.space].outputs
        output: Any = outputs[min(move.output or 0, len(outputs) - 1)]
    else:
        b = _target_building(state, move)
        if b is None or move.output >= len(b.outputs):
            return
        output = b.outputs[move.output]
    bad = _contractor_problem(state, output, move.contractors)
    if bad is not None:
        yield checks.violation(
            "MP-516",
            N_plural(
                "The general supply cannot give {count} contractor with the rest in {owner} "
                "colour.",
                "The general supply cannot give {count} contractors with the rest in {owner} "
                "colour.",
            ),
            "/move/contractors",
            count=move.contractors or 0,
            owner=colour_name(state.turn.active, "gen"),
        )


def slot_price(state: State, slot: int, worker: str) -> int:
    """What building from market ``slot`` costs (an engineer builds $2 and $3 for free)."""
    if worker == "engineer" and slot in FREE_SLOTS:
        return 0
    prices = state.market_prices
    return prices[slot] if slot < len(prices) else prices[-1] if prices else 20


@checks.move(
    "MP-505", "MP-510", "MP-511", title=N_("Building from the market"), moves=("construct",)
)
def construct_check(state: State, move: Any) -> Iterator[Violation]:
    p = state.active
    if move.slot is None:
        if move.drawn is not None:
            yield checks.violation(
                "MP-511", N_("No building is taken, so no card is drawn."), "/move/drawn"
            )
        return
    if move.slot >= len(state.market) or state.market[move.slot] is None:
        yield checks.violation(
            "MP-510",
            N_("The market slot {slot} holds no building."),
            "/move/slot",
            slot=move.slot + 1,
        )
        return
    price = slot_price(state, move.slot, move.worker.kind)
    if p.money < price:
        rule = "MP-505" if move.slot == 0 and p.money + state.bribe >= price else "MP-510"
        yield checks.violation(
            rule,
            N_("The building in {slot} costs ${price}; {player} has ${money}."),
            "/move/slot",
            slot=slot_place(move.slot, slot_price(state, move.slot, "laborer")),
            price=price,
            player=colour_name(p.colour),
            money=p.money,
        )
    if (state.building_deck > 0) != (move.drawn is not None):
        yield checks.violation(
            "MP-511",
            N_plural(
                "The deck has {count} building card: the move must name the card revealed "
                "for the $20 slot exactly when the deck is not empty.",
                "The deck has {count} building cards: the move must name the card revealed "
                "for the $20 slot exactly when the deck is not empty.",
            ),
            "/move/drawn",
            count=state.building_deck,
        )


# --- 6xx air strikes and repair ---------------------------------------------------------------


@checks.move("MP-522", "MP-601", "MP-602", "MP-603", title=N_("Air strikes"), moves=("air_strike",))
def air_strike_check(state: State, move: Any) -> Iterator[Violation]:
    me = state.active
    mine = {"fighters": me.fighters, "bombers": me.bombers}
    theirs = {p.colour: {"fighters": p.fighters, "bombers": p.bombers} for p in state.players}
    for k, attack in enumerate(move.attacks):
        path = f"/move/attacks/{k}"
        spend = "fighters" if attack.kind == "fighter" else "bombers"
        rule = "MP-601" if attack.kind == "fighter" else "MP-603"
        if mine[spend] <= 0:
            yield checks.violation(
                "MP-522",
                N_("The {nth} needs one of {owner} {aircraft}, and none is left."),
                path,
                nth=ordinal(k + 1, "attack"),
                owner=colour_name(me.colour, "gen"),
                aircraft=resource_name(spend, "pl"),
            )
            return
        mine[spend] -= 1
        if attack.target == me.colour or attack.target not in theirs:
            yield checks.violation(
                rule,
                N_("{target} is not an opponent."),
                path + "/target",
                target=colour_name(attack.target),
            )
            return
        if attack.kind == "fighter":
            hit = attack.aircraft
            if hit is None or theirs[attack.target][hit] <= 0:
                yield checks.violation(
                    "MP-601",
                    N_(
                        "A fighter attack must name {owner} fighters or bombers, and that "
                        "player must have one."
                    ),
                    path + "/aircraft",
                    owner=colour_name(attack.target, "gen"),
                )
                return
            theirs[attack.target][hit] -= 1
        else:
            if theirs[attack.target]["fighters"] > 0:
                yield checks.violation(
                    "MP-602",
                    N_plural(
                        "{target} still has {count} fighter and cannot be bombed.",
                        "{target} still has {count} fighters and cannot be bombed.",
                    ),
                    path,
                    target=colour_name(attack.target),
                    count=theirs[attack.target]["fighters"],
                )
                return
            victim = state.player(attack.target)
            if (
                victim is None
                or attack.building is None
                or attack.building >= len(victim.buildings)
            ):
                yield checks.violation(
                    "MP-603",
                    N_("Bombing must name one of {owner} buildings."),
                    path + "/building",
                    owner=colour_name(attack.target, "gen"),
                )
                return


def _repair_problem(p: Player, entries: Sequence[int]) -> str | None:
    if len(entries) > REPAIR_LIMIT:
        return "limit"
    for index, n in Counter(entries).items():
        if index >= len(p.buildings) or p.buildings[index].damage < n:
            return "damage"
    return None


@checks.move("MP-520", "MP-606", "MP-607", title=N_("Repairs"), moves=("repair",))
def repair_check(state: State, move: Any) -> Iterator[Violation]:
    me = state.active
    if me.money < REPAIR_OWN_COST:
        yield checks.violation(
            "MP-520",
            N_("Repair costs $5; {player} has ${money}."),
            "/move",
            player=colour_name(me.colour),
            money=me.money,
        )
    if _repair_problem(me, move.own) is not None:
        yield checks.violation(
            "MP-606",
            N_("{player} may remove at most 3 damage points, and only where there is damage."),
            "/move/own",
            player=colour_name(me.colour),
        )
    seen: set[str] = set()
    for k, other in enumerate(move.others):
        p = state.player(other.player)
        if p is None or p.colour == me.colour or p.colour in seen:
            problem: str | None = "who"
        else:
            problem = _repair_problem(p, other.buildings)
            if problem is None and p.money < sum(REPAIR_OTHER_COSTS[: len(other.buildings)]):
                problem = "money"
        seen.add(other.player)
        if problem is not None:
            yield checks.violation(
                "MP-607",
                N_(
                    "{player} cannot repair that: each other player removes at most 3 damage "
                    "points of their own, paying $2, $3 and $5."
                ),
                f"/move/others/{k}",
                player=colour_name(other.player),
            )


# --- 8xx bomb design -------------------------------------------------------------------------


@checks.move("MP-521", "MP-801", "MP-802", title=N_("Designing bombs"), moves=("design_bomb",))
def design_check(state: State, move: Any) -> Iterator[Violation]:
    if sorted(w.kind for w in move.workers) != ["engineer", "scientist"]:
        yield checks.violation(
            "MP-521",
            N_("Design Bomb takes exactly one engineer and one scientist."),
            "/move/workers",
        )
    if state.design_closed:
        yield checks.violation(
            "MP-802",
            N_("Design Bomb is closed for the rest of the game."),
            "/move",
        )
        return
    n = len(state.players)
    if (
        len(move.picks) != n
        or len(set(move.picks)) != n
        or any(i >= len(state.bomb_row) for i in move.picks)
    ):
        yield checks.violation(
            "MP-801",
            N_(
                "Each of the {count} players picks one different face-up card, starting "
                "with the active player."
            ),
            "/move/picks",
            count=n,
        )
    want = n + 1 if state.bomb_deck >= n + 1 else 0
    if len(move.revealed) != want:
        yield checks.violation(
            "MP-802",
            N_plural(
                "The refill reveals {count} card from a deck of {deck}.",
                "The refill reveals {count} cards from a deck of {deck}.",
            ),
            "/move/revealed",
            count=want,
            deck=state.bomb_deck,
        )


# --- 6xx negotiation -------------------------------------------------------------------------


@checks.move("MP-605", title=N_("What a deal may cover"), moves=("negotiate",))
def deal_check(state: State, move: Any) -> Iterator[Violation]:
    partner = state.player(move.partner)
    if (
        partner is None
        or partner.colour == state.turn.active
        or move.about != "air_strikes"
        or move.transfer.items()
        or move.lasts != "this_round"
    ):
        yield checks.violation(
            "MP-605",
            N_(
                "A deal is only about air strikes until the active player's next turn, "
                "between two players, and moves no goods."
            ),
            "/move",
        )


# --- 7xx buildings ---------------------------------------------------------------------------


def _target_building(state: State, move: PlaceBuilding) -> Building | None:
    owner = state.player(move.owner or state.turn.active)
    if owner is None or move.building >= len(owner.buildings):
        return None
    return owner.buildings[move.building]


@checks.move("MP-701", title=N_("Using an opponent's building"), moves=("place_building",))
def espionage_check(state: State, move: Any) -> Iterator[Violation]:
    owner = move.owner or state.turn.active
    if owner == state.turn.active or state.player(owner) is None:
        return
    used = {(r.owner, r.building) for r in state.turn.spied}
    used.add((owner, move.building))
    if not state.turn.espionage or len(used) > state.active.spies:
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} may use {count} opponent's building this turn, and only after "
                "taking Espionage in step 1.",
                "{player} may use {count} opponents' buildings this turn, and only after "
                "taking Espionage in step 1.",
            ),
            "/move/owner",
            player=colour_name(state.turn.active),
            count=state.active.spies if state.turn.espionage else 0,
        )


@checks.move(
    "MP-604",
    "MP-711",
    "MP-712",
    "MP-713",
    "MP-714",
    title=N_("Placing workers on a building"),
    moves=("place_building",),
)
def building_check(state: State, move: Any) -> Iterator[Violation]:
    b = _target_building(state, move)
    if b is None:
        yield checks.violation("MP-711", N_("There is no such building."), "/move/building")
        return
    if b.damage:
        yield checks.violation(
            "MP-604",
            N_plural(
                "That building has {count} damage point and cannot be used.",
                "That building has {count} damage points and cannot be used.",
            ),
            "/move/building",
            count=b.damage,
        )
    if b.occupants:
        yield checks.violation("MP-712", N_("That building is already occupied."), "/move/building")
    if not fits([w.kind for w in move.workers], list(b.workers)):
        yield checks.violation(
            "MP-711",
            N_("That building takes exactly: {needs}."),
            "/move/workers",
            needs=worker_names(b.workers),
        )
    if b.costs:
        if move.cost >= len(b.costs):
            yield checks.violation(
                "MP-713",
                N_plural(
                    "That building has {count} cost option.",
                    "That building has {count} cost options.",
                ),
                "/move/cost",
                count=len(b.costs),
            )
        else:
            lacking = _short(state.active, b.costs[move.cost])
            if lacking is not None:
                yield checks.violation(
                    "MP-713",
                    N_("{player} cannot pay the building's cost: not enough {what}."),
                    "/move/cost",
                    player=colour_name(state.turn.active),
                    what=resource_name(lacking),
                )
    elif move.cost:
        yield checks.violation(
            "MP-713", N_("That building costs nothing, so it has no cost option."), "/move/cost"
        )
    if move.output >= len(b.outputs):
        yield checks.violation(
            "MP-714",
            N_plural(
                "That building has {count} output option; choose it.",
                "That building has {count} output options; choose one.",
            ),
            "/move/output",
            count=len(b.outputs),
        )


# --- 9xx bomb actions ------------------------------------------------------------------------


@checks.move("MP-901", title=N_("Building a bomb"), moves=("build_bomb",))
def build_check(state: State, move: Any) -> Iterator[Violation]:
    p = state.active
    if move.card >= len(p.hand):
        yield checks.violation(
            "MP-901",
            N_("{player} has no such bomb card in hand."),
            "/move/card",
            player=colour_name(p.colour),
        )
        return
    card = p.hand[move.card]
    kinds = Counter(w.kind for w in move.workers)
    if (
        kinds["engineer"] != card.engineers
        or kinds["scientist"] != card.scientists
        or kinds["laborer"]
        or _available(p, move.workers) is not None
    ):
        yield checks.violation(
            "MP-901",
            N_("The bomb needs {workers} from {owner} personal supply, and no laborer."),
            "/move/workers",
            workers=amounts([("engineers", card.engineers), ("scientists", card.scientists)]),
            owner=colour_name(p.colour, "gen"),
        )
    fuel = getattr(p, card.kind)
    if fuel < card.fuel:
        yield checks.violation(
            "MP-901",
            N_("The bomb needs {fuel}; {player} has {have}."),
            "/move/card",
            fuel=amount_of(card.kind, card.fuel),
            player=colour_name(p.colour),
            have=amount_of(card.kind, fuel),
        )


@checks.move("MP-903", "MP-904", title=N_("Testing a bomb"), moves=("test_bomb",))
def test_check(state: State, move: Any) -> Iterator[Violation]:
    p = state.active
    if p.test is not None:
        yield checks.violation(
            "MP-904",
            N_("{player} has already tested a bomb."),
            "/move",
            player=colour_name(p.colour),
        )
        return
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].card.kind != "plutonium":
        yield checks.violation(
            "MP-903",
            N_("Only a built plutonium bomb can be tested."),
            "/move/bomb",
        )
    if not state.test_markers:
        yield checks.violation("MP-903", N_("No implosion-test marker is left."), "/move")


@checks.move("MP-905", title=N_("Loading a bomb"), moves=("load_bomb",))
def load_check(state: State, move: Any) -> Iterator[Violation]:
    p = state.active
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].loaded:
        yield checks.violation(
            "MP-905", N_("That bomb does not exist or is already loaded."), "/move/bomb"
        )
        return
    cost = p.bombs[move.bomb].card.load_cost
    if p.bombers < cost:
        yield checks.violation(
            "MP-905",
            N_("Loading costs {cost}; {player} has {bombers}."),
            "/move/bomb",
            cost=amount_of("bombers", cost),
            player=colour_name(p.colour),
            bombers=amount_of("bombers", p.bombers),
        )


# --- apply ----------------------------------------------------------------------------------

LIMITS = {
    "plutonium": FUEL_LIMIT,
    "uranium": FUEL_LIMIT,
    "fighters": AIRCRAFT_LIMIT,
    "bombers": AIRCRAFT_LIMIT,
    "spies": SPY_LIMIT,
}


def _take(p: Player, refs: Sequence[WorkerRef]) -> list[Piece]:
    pieces = []
    for r in refs:
        pool = p.contractors if r.contractor else p.workers
        setattr(pool, PLURAL[r.kind], pool.get(r.kind) - 1)
        pieces.append(Piece(kind=r.kind, colour=GREY if r.contractor else p.colour))
    return pieces


def _pay(p: Player, cost: dict[str, int] | Amounts) -> None:
    for what, amount in cost.items():
        if what in WORKER_KEYS:  # not a printed cost (MP-710), but never crash on it
            kind = what[:-1]
            own = min(amount, p.workers.get(kind))
            setattr(p.workers, what, p.workers.get(kind) - own)
            setattr(p.contractors, what, p.contractors.get(kind) - (amount - own))
        else:
            setattr(p, what, getattr(p, what) - amount)


def _gain(
    state: State,
    p: Player,
    output: dict[str, int] | Amounts,
    contractors: int | None,
    out: list[Message],
) -> None:
    items = output.items()
    for what, amount in items:
        if what in LIMITS:
            new = min(LIMITS[what], getattr(p, what) + amount)
            setattr(p, what, max(new, getattr(p, what)))
        elif what in ("money", "yellowcake"):
            setattr(p, what, getattr(p, what) + amount)
        else:
            kind = what[:-1]
            own, grey = general_supply(state, p.colour, kind)
            if contractors is None:
                n_own = min(own, amount)
                n_grey = min(grey, amount - n_own)
            else:
                n_grey, n_own = contractors, amount - contractors
            setattr(p.workers, what, p.workers.get(kind) + n_own)
            setattr(p.contractors, what, p.contractors.get(kind) + n_grey)
            if n_own + n_grey < amount:
                out.append(
                    checks.message(
                        N_("The general supply ran short: {player} gets {got}."),
                        player=colour_name(p.colour),
                        got=amount_of(what, n_own + n_grey),
                    )
                )


def _placed(state: State, n: int) -> None:
    state.turn.placing = True
    state.turn.placed += n
    state.turn.step = 2


def _next_turn(state: State, previous: str) -> None:
    seat = state.seat(state.turn.active)
    nxt = state.players[(seat + 1) % len(state.players)].colour
    state.turn = Turn(active=nxt, previous="retrieve" if previous == "retrieve" else "place")
    state.turns_played += 1


def apply(state: State, move: Any) -> tuple[State, list[Message]]:
    new = State.model_validate_json(state.model_dump_json())  # faster than a deepcopy
    p = new.active
    out: list[Message] = []
    handler = _HANDLERS[move.type]
    handler(new, p, move, out)
    if new.general_supply is not None:
        _follow_general_supply(new.general_supply, piece_counts(state), piece_counts(new))
    goal = target(new)
    for q in new.players:
        if q.points is not None:
            q.points = points(q)
        if points(q) >= goal:
            new.game_over = True
    return new, out


def _follow_general_supply(
    supply: GeneralSupply, before: Counter[tuple[str, str]], after: Counter[tuple[str, str]]
) -> None:
    """A counted general supply gives or takes back what came into or left play (MP-214)."""
    for (colour, kind), n in (after - before).items():
        _add(supply, colour, kind, -n)
    for (colour, kind), n in (before - after).items():
        _add(supply, colour, kind, n)


def _add(supply: GeneralSupply, colour: str, kind: str, n: int) -> None:
    if colour == GREY:
        pool: Workers | None = supply.contractors
    else:
        pool = next((w for c, w in supply.workers.items() if c == colour), None)
    if pool is not None:
        setattr(pool, PLURAL[kind], max(0, pool.get(kind) + n))


def _apply_central(new: State, p: Player, move: PlaceCentral, out: list[Message]) -> None:
    spec = SPACE_SPECS[move.space]
    new.board.space(move.space).extend(_take(p, [move.worker]))
    _pay(p, spec.cost)
    if not move.skip:
        _gain(new, p, spec.outputs[move.output or 0], move.contractors, out)
        if move.space == "espionage":
            new.turn.espionage = True
    for q in new.players:
        if q is not p:
            _gain(new, q, spec.group, None, out)
    if spec.bribe:
        new.bribe += 1
    _placed(new, 1)
    out.append(
        checks.message(
            N_("{player} places a worker on {space}."),
            player=colour_name(p.colour),
            space=space_name(move.space),
        )
    )


def _apply_construct(new: State, p: Player, move: Construct, out: list[Message]) -> None:
    new.board.construction.extend(_take(p, [move.worker]))
    _placed(new, 1)
    if move.slot is None:
        return
    card = new.market[move.slot]
    assert card is not None
    price = slot_price(new, move.slot, move.worker.kind)
    p.money -= price
    if move.slot == 0:
        p.money += new.bribe
        new.bribe = 0
    if move.slot in BRIBE_SLOTS:
        new.bribe += 1
    p.buildings.append(Building(**card.model_dump()))
    del new.market[move.slot]
    if new.building_deck > 0 and move.drawn is not None:
        new.market.append(move.drawn.model_copy(deep=True))
        new.building_deck -= 1
    else:
        new.market.append(None)
    out.append(
        checks.message(
            N_("{player} builds the {kind} from {slot} for ${price}."),
            player=colour_name(p.colour),
            kind=building_name(card.kind),
            slot=slot_place(
                move.slot,
                new.market_prices[move.slot] if move.slot < len(new.market_prices) else 20,
            ),
            price=price,
        )
    )


def _apply_air(new: State, p: Player, move: AirStrike, out: list[Message]) -> None:
    new.board.space(move.space).extend(_take(p, [move.worker]))
    _placed(new, 1)
    for attack in move.attacks:
        victim = new.player(attack.target)
        assert victim is not None
        if attack.kind == "fighter":
            p.fighters -= 1
            assert attack.aircraft is not None
            setattr(victim, attack.aircraft, getattr(victim, attack.aircraft) - 1)
        else:
            p.bombers -= 1
            assert attack.building is not None
            victim.buildings[attack.building].damage += 1
    out.append(
        checks.message(
            N_plural("{player} makes {count} attack.", "{player} makes {count} attacks."),
            player=colour_name(p.colour),
            count=len(move.attacks),
        )
    )


def _apply_repair(new: State, p: Player, move: Repair, out: list[Message]) -> None:
    new.board.repair.extend(_take(p, [move.worker]))
    _placed(new, 1)
    p.money -= REPAIR_OWN_COST
    for index in move.own:
        p.buildings[index].damage -= 1
    for other in move.others:
        q = new.player(other.player)
        assert q is not None
        for k, index in enumerate(other.buildings):
            q.buildings[index].damage -= 1
            q.money -= REPAIR_OTHER_COSTS[k]
    repaired = len(move.own) + sum(len(o.buildings) for o in move.others)
    out.append(
        checks.message(
            N_plural(
                "{player} pays $5 for the Repair space; {count} damage point is removed.",
                "{player} pays $5 for the Repair space; {count} damage points are removed.",
            ),
            player=colour_name(p.colour),
            count=repaired,
        )
    )


def _apply_design(new: State, p: Player, move: DesignBomb, out: list[Message]) -> None:
    new.board.design_bomb.extend(_take(p, move.workers))
    _placed(new, len(move.workers))
    seat = new.seat(p.colour)
    row = list(new.bomb_row)
    n = len(new.players)
    for k, pick in enumerate(move.picks):
        new.players[(seat + k) % n].hand.append(row[pick])
    for j, card in enumerate(row):
        if j not in move.picks:
            p.hand.append(card)
    if move.revealed:
        new.bomb_row = [c.model_copy(deep=True) for c in move.revealed]
        new.bomb_deck -= len(move.revealed)
    else:
        new.bomb_row = []
        new.design_closed = True
        out.append(checks.message(N_("Design Bomb is now closed for the rest of the game.")))


def _apply_building(new: State, p: Player, move: PlaceBuilding, out: list[Message]) -> None:
    owner = new.player(move.owner or p.colour)
    assert owner is not None
    b = owner.buildings[move.building]
    b.occupants.extend(_take(p, move.workers))
    _placed(new, len(move.workers))
    if b.costs:
        _pay(p, b.costs[move.cost])
    if not move.skip:
        _gain(new, p, b.outputs[move.output], move.contractors, out)
    if owner is not p:
        new.turn.spied.append(BuildingRef(owner=owner.colour, building=move.building))
    out.append(
        checks.message(
            N_plural(
                "{player} places {count} worker on {building}.",
                "{player} places {count} workers on {building}.",
            ),
            player=colour_name(p.colour),
            count=len(move.workers),
            building=building_place(owner.colour, move.building, b.kind),
        )
    )


def _apply_build(new: State, p: Player, move: BuildBomb, out: list[Message]) -> None:
    card = p.hand.pop(move.card)
    setattr(p, card.kind, getattr(p, card.kind) - card.fuel)
    p.bombs.append(Bomb(card=card, occupants=_take(p, move.workers)))
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} builds a bomb: {kind}."),
            player=colour_name(p.colour),
            kind=bomb_name(card.kind),
        )
    )


def _apply_test(new: State, p: Player, move: TestBomb, out: list[Message]) -> None:
    bomb = p.bombs.pop(move.bomb)
    value = max(new.test_markers)
    new.test_markers.remove(value)
    p.test = Test(value=value, occupants=bomb.occupants)
    new.bomb_deck += 1
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} tests a plutonium bomb and takes the {value} test marker."),
            player=colour_name(p.colour),
            value=value,
        )
    )


def _apply_load(new: State, p: Player, move: LoadBomb, out: list[Message]) -> None:
    bomb = p.bombs[move.bomb]
    p.bombers -= bomb.card.load_cost
    bomb.loaded = True
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} loads {bomb} for {cost}: 5 more points."),
            player=colour_name(p.colour),
            bomb=bomb_place(p.colour, move.bomb, bomb.card.kind),
            cost=amount_of("bombers", bomb.card.load_cost),
        )
    )


def _apply_negotiate(new: State, p: Player, move: Negotiate, out: list[Message]) -> None:
    out.append(
        checks.message(
            N_("{player} and {partner} agree on air strikes until {owner} next turn."),
            player=colour_name(p.colour),
            owner=colour_name(p.colour, "gen"),
            partner=colour_name(move.partner),
        )
    )


def _apply_end(new: State, p: Player, move: Any, out: list[Message]) -> None:
    _next_turn(new, "place")
    out.append(
        checks.message(
            N_("{player} ends the turn; {next} plays next."),
            player=colour_name(p.colour),
            next=colour_name(new.turn.active),
        )
    )


def _apply_retrieve(new: State, p: Player, move: Any, out: list[Message]) -> None:
    def home(pieces: list[Piece], *, keep_others: bool) -> list[Piece]:
        kept = []
        for pc in pieces:
            if pc.colour == GREY:
                if keep_others:
                    kept.append(pc)
                continue
            owner = new.player(pc.colour)
            if pc.colour == p.colour or not keep_others:
                assert owner is not None
                setattr(owner.workers, PLURAL[pc.kind], owner.workers.get(pc.kind) + 1)
            else:
                kept.append(pc)
        return kept

    # step 1 and 3: the central board
    for name in SPACES:
        space = new.board.space(name)
        space[:] = [pc for pc in home(space, keep_others=True) if pc.colour != GREY]
    # step 1: own workers on opponents' buildings; step 2: everything on own cards
    for q in new.players:
        for b in q.buildings:
            b.occupants = home(b.occupants, keep_others=q is not p)
    for bomb in p.bombs:
        bomb.occupants = home(bomb.occupants, keep_others=False)
    if p.test is not None:
        p.test.occupants = home(p.test.occupants, keep_others=False)
    p.contractors.laborers = p.contractors.engineers = p.contractors.scientists = 0
    out.append(checks.message(N_("{player} retrieves workers."), player=colour_name(p.colour)))
    _next_turn(new, "retrieve")


_HANDLERS: dict[str, Any] = {
    "place_central": _apply_central,
    "construct": _apply_construct,
    "air_strike": _apply_air,
    "repair": _apply_repair,
    "design_bomb": _apply_design,
    "place_building": _apply_building,
    "build_bomb": _apply_build,
    "test_bomb": _apply_test,
    "load_bomb": _apply_load,
    "negotiate": _apply_negotiate,
    "end_turn": _apply_end,
    "retrieve": _apply_retrieve,
}
assert set(_HANDLERS) == set(MOVE_TYPES)

# --- alternatives ----------------------------------------------------------------------------

MOVE_ADAPTER: TypeAdapter[Any] = TypeAdapter(Move)


def is_legal(state: State, move: Any) -> bool:
    from . import GAME

    return GAME.is_legal(state, move)


def _worker_options(p: Player) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for kind in KINDS:
        if p.workers.get(kind):
            found.append({"kind": kind})
        # A contractor may be placed even while the player still has workers of that kind.
        if p.contractors.get(kind):
            found.append({"kind": kind, "contractor": True})
    return found


def candidates(state: State) -> list[dict[str, Any]]:
    """Plausible moves for the active player, legal or not."""
    p = state.active
    found: list[dict[str, Any]] = []
    workers = _worker_options(p)
    if state.turn.step == 1:
        for space, spec in SPACE_SPECS.items():
            if space not in PlaceCentral.model_fields["space"].annotation.__args__:  # type: ignore[union-attr]
                continue
            for w in workers:
                output = 0 if len(spec.outputs) > 1 else None
                found.append(
                    {"type": "place_central", "space": space, "worker": w, "output": output}
                )
        for w in workers:
            for slot in range(len(state.market)):
                drawn = (
                    state.market[0].model_dump()
                    if state.building_deck and state.market[0]
                    else None
                )
                found.append({"type": "construct", "worker": w, "slot": slot, "drawn": drawn})
        for w in workers:
            found += _air_strike_candidates(state, w)
    for j, b in enumerate(p.buildings):
        refs = _fill(p, list(b.workers))
        if refs is not None:
            found.append({"type": "place_building", "building": j, "workers": refs})
    for j, card in enumerate(p.hand):
        refs = _fill(p, ["engineer"] * card.engineers + ["scientist"] * card.scientists)
        if refs is not None:
            found.append({"type": "build_bomb", "card": j, "workers": refs})
    for j in range(len(p.bombs)):
        found.append({"type": "load_bomb", "bomb": j})
        found.append({"type": "test_bomb", "bomb": j})
    found.append({"type": "end_turn"})
    found.append({"type": "retrieve"})
    return found


def _air_strike_candidates(state: State, worker: dict[str, Any]) -> list[dict[str, Any]]:
    """Single air strikes on each opponent: a fighter attack, and bombing their first
    building (legal only once they have no fighters)."""
    found: list[dict[str, Any]] = []
    for other in state.players:
        if other.colour == state.active.colour:
            continue
        for aircraft in ("fighters", "bombers"):
            attack = {"kind": "fighter", "target": other.colour, "aircraft": aircraft}
            found.append({"type": "air_strike", "worker": worker, "attacks": [attack]})
        if other.buildings:
            bombing = {"kind": "bomber", "target": other.colour, "building": 0}
            found.append({"type": "air_strike", "worker": worker, "attacks": [bombing]})
    return found


def _fill(p: Player, needs: list[str]) -> list[dict[str, Any]] | None:
    own: dict[str, int] = {k: p.workers.get(k) for k in KINDS}
    grey: dict[str, int] = {k: p.contractors.get(k) for k in KINDS}
    refs: list[dict[str, Any]] = []
    for need in sorted(needs, key=lambda n: n == "any"):
        kinds: tuple[str, ...] = KINDS if need == "any" else (need,)
        for kind in kinds:
            if own[kind]:
                own[kind] -= 1
                refs.append({"kind": kind})
                break
            if grey[kind]:
                grey[kind] -= 1
                refs.append({"kind": kind, "contractor": True})
                break
        else:
            return None
    return refs


def summary(state: State, data: dict[str, Any]) -> Message | Name:
    """A move in words, as a player would say it: what it does and where."""
    kind = data["type"]
    worker = worker_name((data.get("worker") or {}).get("kind", "any"))
    me = state.turn.active
    if kind == "place_central":
        return checks.message(
            N_("place a worker ({kind}) on {space}"), kind=worker, space=space_name(data["space"])
        )
    if kind == "construct":
        slot = data.get("slot")
        card = state.market[slot] if slot is not None and slot < len(state.market) else None
        if slot is None or card is None:
            return checks.message(
                N_("a worker ({kind}) on Construction, building nothing"), kind=worker
            )
        return checks.message(
            N_("build the {building} from {slot} with a worker ({kind})"),
            building=building_name(card.kind),
            slot=slot_place(slot, slot_price(state, slot, "laborer")),
            kind=worker,
        )
    if kind == "place_building":
        owner = state.player(data.get("owner") or me)
        index = data["building"]
        if owner is not None and index < len(owner.buildings):
            return checks.message(
                N_("place workers on {building}"),
                building=building_place(owner.colour, index, owner.buildings[index].kind),
            )
    if kind == "air_strike" and len(data.get("attacks") or ()) == 1:
        attack = data["attacks"][0]
        victim = state.player(attack["target"])
        if attack["kind"] == "bomber" and victim is not None and victim.buildings:
            index = attack.get("building") or 0
            return checks.message(
                N_("bomb {building}"),
                building=building_place(victim.colour, index, victim.buildings[index].kind),
            )
        return checks.message(
            N_("a fighter attack on {owner} {aircraft}"),
            owner=colour_name(attack["target"], "gen"),
            aircraft=resource_name(attack.get("aircraft") or "fighters", "pl"),
        )
    p = state.active
    if kind == "build_bomb" and data["card"] < len(p.hand):
        return checks.message(
            N_("build the {nth} in hand ({kind})"),
            nth=ordinal(data["card"] + 1, "card"),
            kind=bomb_name(p.hand[data["card"]].kind),
        )
    if kind in ("test_bomb", "load_bomb") and data["bomb"] < len(p.bombs):
        bomb = bomb_place(me, data["bomb"], p.bombs[data["bomb"]].card.kind)
        if kind == "test_bomb":
            return checks.message(N_("test {bomb}"), bomb=bomb)
        return checks.message(N_("load {bomb}"), bomb=bomb)
    return move_name(kind)


def _same_offer(data: dict[str, Any]) -> tuple[Any, ...]:
    """What an alternative offers, whatever worker does it (one offer per place)."""
    attacks = tuple(
        (a.get("kind"), a.get("target"), a.get("aircraft"), a.get("building"))
        for a in data.get("attacks") or ()
    )
    return (
        data["type"],
        data.get("space"),
        data.get("slot"),
        data.get("owner"),
        data.get("building"),
        data.get("card"),
        data.get("bomb"),
        attacks,
    )


def alternatives(state: State, move: Any) -> list[Alternative]:
    found: list[Alternative] = []
    every = candidates(state)
    prefix = str(getattr(move, "space", "")).split("_")[0]
    attacks = getattr(move, "attacks", None) or []
    target = attacks[0].target if attacks else None

    def closeness(c: dict[str, Any]) -> tuple[bool, bool]:
        hits = [a.get("target") for a in c.get("attacks") or ()]
        same_space = bool(prefix) and str(c.get("space", "")).startswith(prefix)
        return (not same_space, target not in hits)

    same = sorted((c for c in every if c["type"] == move.type), key=closeness)
    others = [c for c in every if c["type"] != move.type]
    shown: set[tuple[Any, ...]] = set()
    for data in same + others:
        key = _same_offer(data)
        if key in shown:
            continue
        try:
            parsed = MOVE_ADAPTER.validate_python(data)
        except ValueError:
            continue
        if is_legal(state, parsed):
            shown.add(key)
            found.append(
                Alternative(
                    {k: v for k, v in data.items() if v is not None},
                    checks.message(N_("Legal: {move}."), move=summary(state, data)),
                )
            )
        if len(found) >= 8:
            break
    return found
