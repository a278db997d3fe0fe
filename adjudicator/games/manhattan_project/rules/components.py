"""Components and limits (MP-2xx): pieces, tracks, and every finite component counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, Listed, N_plural
from ....core.verdicts import Notice, Violation
from ..data import (
    AIRCRAFT_LIMIT,
    BOMB_CARDS,
    BUILDING_KINDS,
    BUILDINGS_PER_KIND,
    CONTRACTORS_PER_TYPE,
    FUEL_LIMIT,
    PIECES_PER_TYPE,
    REGULAR_BUILDINGS,
    SPY_LIMIT,
    STARTING_BUILDINGS,
    STARTING_BUILDINGS_MISPRINT,
    TEST_MARKERS,
)
from ..logic import (
    entered,
    piece_counts,
)
from ..models import (
    GREY,
    KINDS,
    State,
    Workers,
)
from ..vocab import (
    joined,
    message,
    worker_name,
)
from . import checks


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
                    player=checks.name("colour", p.colour),
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
                    owner=checks.name("colour", p.colour, "gen"),
                    track=checks.name("track", field, "acc"),
                )
            elif value > limit:
                yield checks.violation(
                    rule,
                    N_("{player} has {value} on the {track}; the limit is {limit}."),
                    f"/players/{i}/{field}",
                    player=checks.name("colour", p.colour),
                    value=value,
                    track=checks.name("track", field, "acc"),
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
                    player=checks.name("colour", p.colour),
                    value=getattr(p, field),
                    what=checks.name("resource", field),
                )


@checks.state("MP-207", title=N_("Two to five players"))
def player_count(state: State) -> Iterator[Violation]:
    if not 2 <= len(state.players) <= 5:
        yield checks.violation(
            "MP-207",
            N_plural(
                "The table has {count} player; the game is for 2 to 5.",
                "The table has {count} players; the game is for 2 to 5.",
            )
            if state.players
            else N_("The table has no player; the game is for 2 to 5."),
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
                kind=checks.name("bomb", card.kind),
            )


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
    if total == 0:
        yield checks.violation(
            "MP-209", N_("No bomb card is counted; the game has 30."), "/bomb_deck"
        )
        return
    if total > BOMB_CARDS:
        template = N_("{count} bomb cards are counted ({where}), but the game has only 30.")
    else:
        template = N_(
            "Only {count} of the 30 bomb cards are counted ({where}); a tested bomb goes back "
            "under the deck."
        )
    where = bomb_cards_where(row, state.bomb_deck, hands, built)
    yield checks.violation("MP-209", template, "/bomb_deck", count=total, where=where)


def bomb_cards_where(row: int, deck: int, hands: int, built: int) -> object:
    """Where the bomb cards counted are, naming only the places that hold some."""
    parts = [
        (row, N_plural("{count} face up", "{count} face up")),
        (deck, N_plural("{count} in the deck", "{count} in the deck")),
        (hands, N_plural("{count} in a hand", "{count} in hands")),
        (built, N_plural("{count} built", "{count} built")),
    ]
    return joined([message(template, count=n) for n, template in parts if n])


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
                N_plural(
                    "{count} {kind} is face up; the game has 10 of each kind.",
                    "{count} {kind:pl} are face up; the game has 10 of each kind.",
                ),
                "/market",
                count=kinds[kind],
                kind=checks.name("building", kind),
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
    elif regular < REGULAR_BUILDINGS and not state.building_deck:
        template = N_(
            "Only {count} of the 44 regular buildings are counted (the market, an empty deck "
            "and the players' buildings)."
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
        markers = sorted(missing.elements())
        one = N_(
            "Test marker {markers} is neither in the supply nor held; with {count} players "
            "all of {allowed} are in play."
        )
        several = N_(
            "Test markers {markers} are neither in the supply nor held; with {count} "
            "players all of {allowed} are in play."
        )
        yield checks.violation(
            "MP-211",
            one if len(markers) == 1 else several,
            "/test_markers",
            markers=Listed(tuple(markers)),
            count=len(state.players),
            allowed=Listed(tuple(allowed)),
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
                    player=checks.name("colour", state.players[i].colour),
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
                owner=checks.name("colour", p.colour, "gen"),
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
            owner=checks.name("colour", p.colour, "gen"),
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
                owner=checks.name("colour", colour, "gen"),
            )
            continue
        for kind in KINDS:
            total = counts[(colour, kind)] + pool.get(kind)
            if total == box:
                continue
            yield _miscounted(colour, kind, total, f"{path}/{kind}s")


def _miscounted(colour: str, kind: str, total: int, path: str) -> Violation:
    """MP-214: the pieces of one type and colour (grey: the contractors) in the wrong number."""
    if colour == GREY:
        return checks.violation(
            "MP-214",
            N_plural(
                "{count} contractor ({kind}) is counted, in play and in the general supply; "
                "the game has 4.",
                "{count} contractors ({kind:pl}) are counted, in play and in the general supply; "
                "the game has 4.",
            ),
            path,
            count=total,
            kind=worker_name(kind),
        )
    return checks.violation(
        "MP-214",
        N_plural(
            "{count} {kind} in {owner} colour is counted, in play and in the general supply; "
            "each colour has 4.",
            "{count} {kind:pl} in {owner} colour are counted, in play and in the general supply; "
            "each colour has 4.",
        ),
        path,
        count=total,
        kind=worker_name(kind),
        owner=checks.name("colour", colour, "gen"),
    )
