"""The state checks: invariants of a snapshot of the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

from pydantic import BaseModel

from ...core.checks import CheckRegistry
from ...core.i18n import N_, Message, N_plural, Name
from ...core.verdicts import Notice, Violation
from .data import (
    AIRCRAFT_LIMIT,
    BOMB_CARDS,
    BUILDING_KINDS,
    BUILDINGS_PER_KIND,
    CONTRACTORS_PER_TYPE,
    FUEL_LIMIT,
    KIND_COSTS,
    KIND_OUTPUTS,
    MARKET_SLOTS,
    PIECES_PER_TYPE,
    REGULAR_BUILDINGS,
    SEAT_MONEY,
    SEAT_SPECIALIST,
    SETUP_BUILDING_DECKS,
    SPACE_ALLOWED,
    SPY_LIMIT,
    START_LABORERS,
    START_MONEY,
    STARTING_BUILDINGS,
    STARTING_BUILDINGS_MISPRINT,
    TEST_MARKERS,
)
from .logic import piece_counts, points, target
from .models import GREY, KINDS, SPACES, Building, BuildingCard, State, Workers
from .names import (
    allowed_name,
    bomb_name,
    bomb_place,
    building_name,
    building_place,
    colour_name,
    resource_name,
    space_name,
    track_name,
    worker_name,
)

checks = CheckRegistry("manhattan-project")


def at_setup(state: State) -> bool:
    """The table as set up, before the first player has done anything."""
    return state.turns_played == 0 and not state.turn.placing


def entered(model: BaseModel, field: str) -> bool:
    """Whether ``field`` was given in the input (not left to its default)."""
    return field in model.model_fields_set


# --- 1xx goal and end ------------------------------------------------------------------------


@checks.state("MP-101", title=N_("Only the active player can be at the target"))
def target_reached(state: State) -> Iterator[Violation]:
    goal = target(state)
    for i, p in enumerate(state.players):
        if p.colour != state.turn.active and points(p) >= goal:
            yield checks.violation(
                "MP-101",
                N_(
                    "{player} has {points} points, at or above the target of {target}; "
                    "the game ended on that player's turn."
                ),
                f"/players/{i}",
                player=colour_name(p.colour),
                points=points(p),
                target=goal,
            )


@checks.state("MP-102", "MP-902", "MP-905", title=N_("Announced points match the bombs"))
def announced_points(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.points is None:
            continue
        real = points(p)
        if p.points == real:
            continue
        if p.test is not None and p.points == points(p, tested_values=False):
            rule = "MP-902"
        elif p.points == points(p, loads=False):
            rule = "MP-905"
        else:
            rule = "MP-102"
        yield checks.violation(
            rule,
            N_(
                "{player} announces {announced} points, but the bombs, loads and test give "
                "{points}."
            ),
            f"/players/{i}/points",
            player=colour_name(p.colour),
            announced=p.points,
            points=real,
        )


@checks.state("MP-105", title=N_("The state says when the game is over"))
def game_over_flag(state: State) -> Iterator[Violation]:
    goal = target(state)
    reached = [p for p in state.players if points(p) >= goal]
    if state.game_over and not reached:
        yield checks.violation(
            "MP-105",
            N_("The state says the game is over, but nobody has reached the target of {target}."),
            "/game_over",
            target=goal,
        )
    elif reached and not state.game_over and entered(state, "game_over"):
        yield checks.violation(
            "MP-105",
            N_("{player} has reached the target of {target}, so the game is over."),
            "/game_over",
            player=colour_name(reached[0].colour),
            target=goal,
        )


# --- 2xx components --------------------------------------------------------------------------


@checks.state("MP-201", "MP-202", title=N_("Worker pieces per colour and contractors"))
def worker_pieces(state: State) -> Iterator[Violation]:
    counts = piece_counts(state)
    for i, p in enumerate(state.players):
        for kind in KINDS:
            n = counts[(p.colour, kind)]
            if n > PIECES_PER_TYPE:
                yield checks.violation(
                    "MP-201",
                    N_plural(
                        "{player} has {count} {kind} in play; each colour has only 4.",
                        "{player} has {count} {kind} in play; each colour has only 4.",
                    ),
                    f"/players/{i}",
                    player=colour_name(p.colour),
                    count=n,
                    kind=worker_name(kind, "pl_acc"),
                )
    for kind in KINDS:
        n = counts[(GREY, kind)]
        if n > CONTRACTORS_PER_TYPE:
            yield checks.violation(
                "MP-202",
                N_plural(
                    "{count} contractors ({kind}) are in play; there are only 4.",
                    "{count} contractors ({kind}) are in play; there are only 4.",
                ),
                "/players",
                count=n,
                kind=worker_name(kind, "pl"),
            )


@checks.state("MP-203", "MP-204", "MP-205", title=N_("Track limits"))
def track_limits(state: State) -> Iterator[Violation | Notice]:
    for i, p in enumerate(state.players):
        for field, limit, rule in (
            ("plutonium", FUEL_LIMIT, "MP-203"),
            ("uranium", FUEL_LIMIT, "MP-203"),
            ("fighters", AIRCRAFT_LIMIT, "MP-204"),
            ("bombers", AIRCRAFT_LIMIT, "MP-204"),
            ("spies", SPY_LIMIT, "MP-205"),
        ):
            value = getattr(p, field)
            if not entered(p, field):
                # each player has one marker or disc on every track (000 p. 3)
                yield checks.notice(
                    rule,
                    N_(
                        "The position of {owner} marker on the {track} was not entered; it is "
                        "taken as 0."
                    ),
                    f"/players/{i}/{field}",
                    owner=colour_name(p.colour, "gen"),
                    track=track_name(field, "acc"),
                )
            elif value > limit:
                yield checks.violation(
                    rule,
                    N_("{player} has {value} on the {track}; the limit is {limit}."),
                    f"/players/{i}/{field}",
                    player=colour_name(p.colour),
                    value=value,
                    track=track_name(field, "acc"),
                    limit=limit,
                )


@checks.state("MP-206", title=N_("Money and yellowcake are never negative"))
def never_negative(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for field in ("money", "yellowcake"):
            if getattr(p, field) < 0:
                yield checks.violation(
                    "MP-206",
                    N_("{player} has {value} of {what}; a holding is never below zero."),
                    f"/players/{i}/{field}",
                    player=colour_name(p.colour),
                    value=getattr(p, field),
                    what=resource_name(field),
                )


@checks.state("MP-207", title=N_("Two to five players"))
def player_count(state: State) -> Iterator[Violation]:
    if not 2 <= len(state.players) <= 5:
        yield checks.violation(
            "MP-207",
            N_("The table has {count} players; the game is for 2 to 5."),
            "/players",
            count=len(state.players),
        )


@checks.state("MP-208", title=N_("Bomb cards print one or two values"))
def bomb_cards(state: State) -> Iterator[Violation]:
    cards = [(f"/bomb_row/{j}", c) for j, c in enumerate(state.bomb_row)]
    for i, p in enumerate(state.players):
        cards += [(f"/players/{i}/hand/{j}", c) for j, c in enumerate(p.hand)]
        cards += [(f"/players/{i}/bombs/{j}/card", b.card) for j, b in enumerate(p.bombs)]
    for path, card in cards:
        if (card.kind == "plutonium") != (card.tested_points is not None):
            yield checks.violation(
                "MP-208",
                N_("A plutonium bomb card shows two point values, a uranium bomb card one.")
                if card.kind == "plutonium"
                else N_("A uranium bomb card shows one point value, a plutonium bomb card two."),
                path,
                kind=bomb_name(card.kind),
            )


# --- 2xx conservation: every finite component of the box is somewhere -----------------------


@checks.state("MP-209", title=N_("All 30 bomb cards are counted"))
def bomb_card_count(state: State) -> Iterator[Violation | Notice]:
    row = len(state.bomb_row)
    hands = sum(len(p.hand) for p in state.players)
    built = sum(len(p.bombs) for p in state.players)
    seen = row + hands + built
    if not entered(state, "bomb_deck") and seen < BOMB_CARDS:
        yield checks.notice(
            "MP-209",
            N_("The bomb deck was not entered, so the 30 bomb cards cannot be counted."),
            "/bomb_deck",
        )
        return
    total = seen + state.bomb_deck
    if total == BOMB_CARDS:
        return
    params = dict(count=total, row=row, deck=state.bomb_deck, hands=hands, built=built)
    if total > BOMB_CARDS:
        template = N_(
            "{count} bomb cards are counted ({row} face up, {deck} in the deck, {hands} in "
            "hands, {built} built), but the game has only 30."
        )
    else:
        template = N_(
            "Only {count} of the 30 bomb cards are counted ({row} face up, {deck} in the deck, "
            "{hands} in hands, {built} built); a tested bomb goes back under the deck."
        )
    yield checks.violation("MP-209", template, "/bomb_deck", **params)


@checks.state("MP-210", title=N_("All 50 building cards are counted"))
def building_card_count(state: State) -> Iterator[Violation | Notice]:
    faceup = [c for c in state.market if c is not None]
    faceup += [b for p in state.players for b in p.buildings]
    starting = sum(1 for c in faceup if c.starting)
    regular = len(faceup) - starting + state.building_deck
    if starting > STARTING_BUILDINGS or starting not in (
        STARTING_BUILDINGS,
        STARTING_BUILDINGS_MISPRINT,
    ):
        yield checks.violation(
            "MP-210",
            N_(
                "{count} starting buildings are counted, in the market and in front of the "
                "players; the game has 6 (4 in copies printed without two of them)."
            ),
            "/market",
            count=starting,
        )
    kinds = Counter(c.kind for c in faceup)
    for kind in BUILDING_KINDS:
        if kinds[kind] > BUILDINGS_PER_KIND:
            yield checks.violation(
                "MP-210",
                N_("{count} buildings of the kind {kind} are face up; the game has 10 of each."),
                "/market",
                count=kinds[kind],
                kind=building_name(kind),
            )
    if not entered(state, "building_deck"):
        if regular < REGULAR_BUILDINGS:
            yield checks.notice(
                "MP-210",
                N_("The building deck was not entered, so the building cards cannot be counted."),
                "/building_deck",
            )
        return
    if regular > REGULAR_BUILDINGS:
        template = N_(
            "{count} regular buildings are counted (the market, the deck of {deck} and the "
            "players' buildings), but the game has only 44."
        )
    elif regular < REGULAR_BUILDINGS:
        template = N_(
            "Only {count} of the 44 regular buildings are counted (the market, the deck of "
            "{deck} and the players' buildings)."
        )
    else:
        return
    yield checks.violation(
        "MP-210", template, "/building_deck", count=regular, deck=state.building_deck
    )


@checks.state("MP-211", "MP-212", title=N_("Every implosion-test marker is counted"))
def test_marker_count(state: State) -> Iterator[Violation | Notice]:
    allowed = TEST_MARKERS.get(len(state.players))
    if allowed is None:  # MP-207
        return
    held = [(i, p.test.value) for i, p in enumerate(state.players) if p.test is not None]
    used = Counter(state.test_markers)
    used.update(value for _, value in held)
    missing = Counter(allowed) - used
    if not entered(state, "test_markers"):
        if missing:
            yield checks.notice(
                "MP-211",
                N_("The test markers in the supply were not entered, so they cannot be counted."),
                "/test_markers",
            )
        return
    if missing:
        yield checks.violation(
            "MP-211",
            N_(
                "Test markers {markers} are neither in the supply nor held; with {count} "
                "players all of {allowed} are in play."
            ),
            "/test_markers",
            markers=", ".join(str(v) for v in sorted(missing.elements())),
            count=len(state.players),
            allowed=", ".join(str(v) for v in allowed),
        )
    if state.test_markers:
        top = max(state.test_markers)
        for i, value in held:
            if value < top:
                yield checks.violation(
                    "MP-212",
                    N_(
                        "{player} holds the {value} test marker while the {top} is still in "
                        "the supply; a test takes the highest marker left."
                    ),
                    f"/players/{i}/test/value",
                    player=colour_name(state.players[i].colour),
                    value=value,
                    top=top,
                )


@checks.state("MP-213", title=N_("A player's four laborers are always in play"))
def laborers_in_play(state: State) -> Iterator[Violation | Notice]:
    counts = piece_counts(state)
    for i, p in enumerate(state.players):
        n = counts[(p.colour, "laborer")]
        if n >= PIECES_PER_TYPE:
            continue
        if not (entered(p, "workers") and entered(p.workers, "laborers")):
            yield checks.notice(
                "MP-213",
                N_("The laborers in {owner} personal supply were not entered."),
                f"/players/{i}/workers/laborers",
                owner=colour_name(p.colour, "gen"),
            )
            continue
        yield checks.violation(
            "MP-213",
            N_plural(
                "Only {count} of {owner} 4 laborers is counted; laborers never leave play "
                "(personal supply, central board, buildings, bombs, test marker).",
                "Only {count} of {owner} 4 laborers are counted; laborers never leave play "
                "(personal supply, central board, buildings, bombs, test marker).",
            ),
            f"/players/{i}/workers/laborers",
            owner=colour_name(p.colour, "gen"),
            count=n,
        )


@checks.state("MP-214", title=N_("Every worker piece is somewhere"))
def worker_count(state: State) -> Iterator[Violation | Notice]:
    supply = state.general_supply
    if supply is None:  # the general supply holds whatever is not elsewhere
        return
    counts = piece_counts(state)
    pools: list[tuple[str, Workers | None, str, int]] = [
        (GREY, supply.contractors, "/general_supply/contractors", CONTRACTORS_PER_TYPE)
    ]
    pools += [
        (
            p.colour,
            supply.workers.get(p.colour),
            f"/general_supply/workers/{p.colour}",
            PIECES_PER_TYPE,
        )
        for p in state.players
    ]
    for colour, pool, path, box in pools:
        if pool is None:
            yield checks.notice(
                "MP-214",
                N_(
                    "The general supply was entered without {owner} workers, so they cannot be "
                    "counted."
                ),
                path,
                owner=colour_name(colour, "gen"),
            )
            continue
        for kind in KINDS:
            total = counts[(colour, kind)] + pool.get(kind)
            if total == box:
                continue
            if colour == GREY:
                template = N_plural(
                    "{count} contractor of type {kind} is counted, in play and in the general "
                    "supply; the game has 4.",
                    "{count} contractors of type {kind} are counted, in play and in the general "
                    "supply; the game has 4.",
                )
                params = {"count": total, "kind": worker_name(kind)}
            else:
                template = N_plural(
                    "{count} worker of type {kind} in {owner} colour is counted, in play and in "
                    "the general supply; each colour has 4.",
                    "{count} workers of type {kind} in {owner} colour are counted, in play and in "
                    "the general supply; each colour has 4.",
                )
                params = {
                    "count": total,
                    "kind": worker_name(kind),
                    "owner": colour_name(colour, "gen"),
                }
            yield checks.violation("MP-214", template, f"{path}/{kind}s", **params)


# --- 3xx setup -------------------------------------------------------------------------------


@checks.state("MP-301", title=N_("Implosion-test markers by player count"))
def test_markers(state: State) -> Iterator[Violation]:
    allowed = Counter(TEST_MARKERS.get(len(state.players), ()))
    used = Counter(state.test_markers)
    used.update(p.test.value for p in state.players if p.test is not None)
    extra = used - allowed
    if extra:
        yield checks.violation(
            "MP-301",
            N_("Test markers {markers} are not in play with {count} players."),
            "/test_markers",
            markers=", ".join(str(v) for v in sorted(extra.elements())),
            count=len(state.players),
        )


@checks.state("MP-302", title=N_("The building market"))
def market(state: State) -> Iterator[Violation]:
    prices = state.market_prices
    if (
        len(prices) != MARKET_SLOTS
        or prices[0] != 2
        or prices[1] != 3
        or prices[-1] != 20
        or any(a >= b for a, b in pairwise(prices))
    ):
        yield checks.violation(
            "MP-302",
            N_("The market has 7 slots priced from $2 and $3 up to $20."),
            "/market_prices",
        )
    if len(state.market) != MARKET_SLOTS:
        yield checks.violation(
            "MP-302",
            N_("The market has {count} slots instead of 7."),
            "/market",
            count=len(state.market),
        )
    if at_setup(state):
        starting = [j for j, c in enumerate(state.market) if c is not None and c.starting]
        want = SETUP_BUILDING_DECKS.get(len(starting))
        if state.building_deck != want or any(j >= MARKET_SLOTS - 1 for j in starting):
            yield checks.violation(
                "MP-302",
                N_(
                    "At setup the starting buildings fill the slots from $2, the $20 slot holds "
                    "a regular building, and the deck holds the other regular buildings (43, "
                    "or 41 with a copy missing two starting buildings)."
                ),
                "/market",
            )
    seen_gap = False
    for j, card in enumerate(state.market):
        if card is None:
            seen_gap = True
        elif seen_gap or (state.building_deck > 0 and None in state.market):
            yield checks.violation(
                "MP-302",
                N_(
                    "The market has an empty slot left of the {price} slot, or while the deck "
                    "still has cards."
                ),
                f"/market/{j}",
                price=checks.message(N_("${price}"), price=slot_price_of(state, j)),
            )
            break


@checks.state("MP-303", "MP-802", title=N_("Face-up bomb cards"))
def bomb_row(state: State) -> Iterator[Violation]:
    if at_setup(state) and state.bomb_deck + len(state.bomb_row) != BOMB_CARDS:
        yield checks.violation(
            "MP-303",
            N_("At setup the face-up bomb cards and the deck must hold all 30 cards."),
            "/bomb_deck",
        )
    want = 0 if state.design_closed else len(state.players) + 1
    if len(state.bomb_row) != want:
        yield checks.violation(
            "MP-802" if state.design_closed else "MP-303",
            N_("{count} bomb cards are face up; there must be {want}."),
            "/bomb_row",
            count=len(state.bomb_row),
            want=want,
        )


@checks.state("MP-304", "MP-305", "MP-306", "MP-307", title=N_("The table at setup"))
def setup(state: State) -> Iterator[Violation]:
    if state.turns_played != 0:
        return
    if state.turn.active != state.players[0].colour:
        yield checks.violation(
            "MP-307",
            N_("At setup the first seat, {player}, must be about to play."),
            "/turn/active",
            player=colour_name(state.players[0].colour),
        )
    if state.turn.placing:
        return
    for i, p in enumerate(state.players[:5]):
        if (
            p.workers.laborers != START_LABORERS
            or p.fighters != 1
            or p.bombers != 1
            or p.yellowcake != 0
            or p.buildings
            or p.hand
            or p.bombs
            or p.contractors.total()
        ):
            yield checks.violation(
                "MP-304",
                N_(
                    "{player} does not hold the starting supply: 4 laborers, $10, one "
                    "fighter and one bomber."
                ),
                f"/players/{i}",
                player=colour_name(p.colour),
            )
        specialists = p.workers.engineers + p.workers.scientists
        if p.money != START_MONEY + SEAT_MONEY[i] or specialists != SEAT_SPECIALIST[i]:
            yield checks.violation(
                "MP-305",
                N_plural(
                    "{player}, player {seat}, must start with ${money} and {count} engineer or "
                    "scientist.",
                    "{player}, player {seat}, must start with ${money} and {count} engineers or "
                    "scientists.",
                )
                if SEAT_SPECIALIST[i]
                else N_plural(
                    "{player}, player {seat}, must start with ${money} and no engineer or "
                    "scientist.",
                    "{player}, player {seat}, must start with ${money} and no engineer or "
                    "scientist.",
                ),
                f"/players/{i}",
                player=colour_name(p.colour),
                seat=i + 1,
                money=START_MONEY + SEAT_MONEY[i],
                count=SEAT_SPECIALIST[i],
            )
        if p.plutonium or p.uranium or p.spies:
            yield checks.violation(
                "MP-306",
                N_("{owner} plutonium, enriched-uranium and espionage markers start at 0."),
                f"/players/{i}",
                owner=colour_name(p.colour, "gen"),
            )


# --- 4xx turn --------------------------------------------------------------------------------


@checks.state("MP-408", "MP-409", title=N_("The table after a retrieval"))
def after_retrieval(state: State) -> Iterator[Violation]:
    if state.turn.previous != "retrieve" or state.turn.placing:
        return
    seat = state.seat(state.turn.active)
    i = (seat - 1) % len(state.players)
    prev = state.players[i]
    who = colour_name(prev.colour, "gen")
    for name in SPACES:
        for piece in state.board.space(name):
            if piece.colour in (prev.colour, GREY):
                yield still_out(who, piece.colour, space_name(name), f"/board/{name}")
                break
    for k, other in enumerate(state.players):
        for j, b in enumerate(other.buildings):
            if k == i and b.occupants:
                yield checks.violation(
                    "MP-409",
                    N_("After {owner} retrieval, workers are still on {where}."),
                    f"/players/{i}/buildings/{j}/occupants",
                    owner=who,
                    where=building_place(other.colour, j, b.kind),
                )
            elif k != i and any(pc.colour == prev.colour for pc in b.occupants):
                yield still_out(
                    who,
                    prev.colour,
                    building_place(other.colour, j, b.kind),
                    f"/players/{k}/buildings/{j}/occupants",
                )
    if prev.contractors.total():
        yield checks.violation(
            "MP-408",
            N_("After {owner} retrieval, contractors are still in that player's personal supply."),
            f"/players/{i}/contractors",
            owner=who,
        )
    for j, bomb in enumerate(prev.bombs):
        if bomb.occupants:
            yield checks.violation(
                "MP-409",
                N_("After {owner} retrieval, workers are still on {where}."),
                f"/players/{i}/bombs/{j}/occupants",
                owner=who,
                where=bomb_place(prev.colour, j, bomb.card.kind),
            )
    if prev.test is not None and prev.test.occupants:
        yield checks.violation(
            "MP-409",
            N_("After {owner} retrieval, workers are still on that player's test marker."),
            f"/players/{i}/test/occupants",
            owner=who,
        )


def still_out(who: Message | Name, colour: str, where: Message | Name, path: str) -> Violation:
    """MP-408: a worker of the retrieving player, or a contractor, left somewhere."""
    if colour == GREY:
        return checks.violation(
            "MP-408",
            N_("After {owner} retrieval, a contractor is still on {where}."),
            path,
            owner=who,
            where=where,
        )
    return checks.violation(
        "MP-408",
        N_("After {owner} retrieval, one of that player's workers is still on {where}."),
        path,
        owner=who,
        where=where,
    )


# --- 5xx central board -----------------------------------------------------------------------


@checks.state("MP-501", "MP-502", "MP-521", title=N_("Occupancy of the central board"))
def board_occupancy(state: State) -> Iterator[Violation]:
    for name in SPACES:
        pieces = state.board.space(name)
        if name == "construction" or not pieces:
            continue
        if name == "design_bomb":
            if len(pieces) > 2:
                yield crowded(name, len(pieces))
            elif not fits([pc.kind for pc in pieces], ["engineer", "scientist"], partial=True):
                yield checks.violation(
                    "MP-521",
                    N_("Design Bomb holds exactly one engineer and one scientist."),
                    f"/board/{name}",
                )
            continue
        if len(pieces) > 1:
            yield crowded(name, len(pieces))
        allowed = SPACE_ALLOWED.get(name)
        if allowed is not None:
            for j, pc in enumerate(pieces):
                if pc.kind not in allowed:
                    yield checks.violation(
                        "MP-502",
                        N_("A worker of type {kind} is on {space}, which takes only: {allowed}."),
                        f"/board/{name}/{j}",
                        kind=worker_name(pc.kind),
                        space=space_name(name),
                        allowed=allowed_name(allowed),
                    )


def crowded(name: str, n: int) -> Violation:
    """MP-501: more workers on a space than it holds."""
    return checks.violation(
        "MP-501",
        N_plural(
            "{count} worker is on {space}; it holds one at a time.",
            "{count} workers are on {space}; it holds one at a time.",
        )
        if name != "design_bomb"
        else N_plural(
            "{count} worker is on {space}; it holds one engineer and one scientist.",
            "{count} workers are on {space}; it holds one engineer and one scientist.",
        ),
        f"/board/{name}",
        count=n,
        space=space_name(name),
    )


# --- 7xx espionage and buildings -------------------------------------------------------------


@checks.state("MP-701", title=N_("Opponents' buildings used this turn"))
def spied_buildings(state: State) -> Iterator[Violation]:
    spied = state.turn.spied
    if not spied:
        return
    active = state.active
    distinct = {(r.owner, r.building) for r in spied}
    if not state.turn.espionage or any(r.owner == active.colour for r in spied):
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} used {count} opponent's building this turn without taking Espionage "
                "in step 1.",
                "{player} used {count} opponents' buildings this turn without taking Espionage "
                "in step 1.",
            ),
            "/turn/spied",
            player=colour_name(active.colour),
            count=len(distinct),
        )
    elif len(distinct) > active.spies:
        yield checks.violation(
            "MP-701",
            N_plural(
                "{player} used {used} opponents' buildings this turn with only {count} spy.",
                "{player} used {used} opponents' buildings this turn with only {count} spies.",
            ),
            "/turn/spied",
            player=colour_name(active.colour),
            used=len(distinct),
            count=active.spies,
        )


@checks.state("MP-710", "MP-711", title=N_("Printed values of the buildings"))
def building_cards(state: State) -> Iterator[Violation]:
    cards: list[tuple[str, BuildingCard, Building | None]] = [
        (f"/market/{j}", c, None) for j, c in enumerate(state.market) if c is not None
    ]
    for i, p in enumerate(state.players):
        cards += [(f"/players/{i}/buildings/{j}", b, b) for j, b in enumerate(p.buildings)]
    for path, card, owned in cards:
        if card.kind not in BUILDING_KINDS:
            yield checks.violation(
                "MP-710",
                N_("A building card is a mine, factory, university, reactor or enrichment plant."),
                path + "/kind",
            )
            continue
        made = {k for option in card.outputs for k, _ in option.items()}
        paid = {k for option in card.costs for k, _ in option.items()}
        if not card.outputs or made - KIND_OUTPUTS[card.kind] or paid - KIND_COSTS[card.kind]:
            yield checks.violation(
                "MP-710",
                N_("A building of the kind {kind} cannot cost or produce that."),
                path,
                kind=building_name(card.kind),
            )
        if not 1 <= len(card.workers) <= 3:
            yield checks.violation(
                "MP-711",
                N_plural(
                    "A building takes one, two or three workers, not {count}.",
                    "A building takes one, two or three workers, not {count}.",
                ),
                path + "/workers",
                count=len(card.workers),
            )
        elif (
            owned is not None
            and owned.occupants
            and not fits([pc.kind for pc in owned.occupants], list(card.workers), partial=True)
        ):
            yield checks.violation(
                "MP-711",
                N_("The workers on {where} do not match what the card requires."),
                path + "/occupants",
                where=place_of(state, path, card.kind),
            )


def place_of(state: State, path: str, kind: str) -> Message:
    """A building named from its JSON path, as a player says it."""
    parts = path.strip("/").split("/")
    if parts[0] == "players":
        owner = state.players[int(parts[1])].colour
        return building_place(owner, int(parts[3]), kind)
    j = int(parts[1])
    return checks.message(
        N_("the building in the ${price} slot ({kind})"),
        price=slot_price_of(state, j),
        kind=building_name(kind),
    )


def slot_price_of(state: State, slot: int) -> int:
    """The printed price of a market slot (0-based index)."""
    prices = state.market_prices
    return prices[slot] if slot < len(prices) else prices[-1] if prices else 20


def fits(kinds: list[str], needs: list[str], *, partial: bool = False) -> bool:
    """Whether worker types ``kinds`` fill the requirement ``needs`` exactly.

    With ``partial``, ``kinds`` may be what is left of such a group after a spy's
    retrieval (their own workers went home; the contractors stay until the owner retrieves).
    """
    if len(kinds) > len(needs) or (not partial and len(kinds) != len(needs)):
        return False
    left = Counter(kinds)
    slots = len(needs) - len(kinds)  # unfilled requirements, when partial
    for need in needs:
        if need != "any":
            if left[need] > 0:
                left[need] -= 1
            elif slots > 0:
                slots -= 1
            else:
                return False
    return True


# --- 9xx bomb actions ------------------------------------------------------------------------


@checks.state("MP-901", title=N_("Workers on built bombs"))
def built_bombs(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, bomb in enumerate(p.bombs):
            kinds = Counter(pc.kind for pc in bomb.occupants)
            if bomb.occupants and (
                kinds["engineer"] != bomb.card.engineers
                or kinds["scientist"] != bomb.card.scientists
                or kinds["laborer"]
            ):
                yield checks.violation(
                    "MP-901",
                    N_("The workers on {where} do not match the card."),
                    f"/players/{i}/bombs/{j}/occupants",
                    where=bomb_place(p.colour, j, bomb.card.kind),
                )
