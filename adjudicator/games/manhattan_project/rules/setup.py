"""Setup (MP-3xx): test markers, the building market and the bomb row as set up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

from ....core.i18n import N_, Listed, N_plural
from ....core.verdicts import Violation
from ..data import (
    BOMB_CARDS,
    MARKET_SLOTS,
    SEAT_MONEY,
    SEAT_SPECIALIST,
    SETUP_BUILDING_DECKS,
    START_LABORERS,
    START_MONEY,
    TEST_MARKERS,
)
from ..logic import (
    at_setup,
    slot_price,
)
from ..models import (
    State,
)
from . import checks


@checks.state("MP-301", title=N_("Implosion-test markers by player count"))
def test_markers(state: State) -> Iterator[Violation]:
    allowed = Counter(TEST_MARKERS.get(len(state.players), ()))
    used = Counter(state.test_markers)
    used.update(p.test.value for p in state.players if p.test is not None)
    extra = used - allowed
    twice = sorted(value for value in extra if allowed[value])
    if twice:
        yield checks.violation(
            "MP-301",
            N_(
                "Test marker {markers} is counted more than once; the game has one marker "
                "of each value."
            )
            if len(twice) == 1
            else N_(
                "Test markers {markers} are counted more than once; the game has one marker "
                "of each value."
            ),
            "/test_markers",
            markers=Listed(tuple(twice)),
        )
    extra = Counter({value: n for value, n in extra.items() if not allowed[value]})
    if extra:
        markers = sorted(extra.elements())
        one = N_plural(
            "With {count} player, test marker {markers} is not in play.",
            "With {count} players, test marker {markers} is not in play.",
        )
        several = N_plural(
            "With {count} player, test markers {markers} are not in play.",
            "With {count} players, test markers {markers} are not in play.",
        )
        yield checks.violation(
            "MP-301",
            one if len(markers) == 1 else several,
            "/test_markers",
            markers=Listed(tuple(markers)),
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
                price=checks.message(N_("${price}"), price=slot_price(state, j)),
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
    row = len(state.bomb_row)
    if row == want:
        return
    rule = "MP-802" if state.design_closed else "MP-303"
    if row == 0:
        yield checks.violation(
            rule, N_("No bomb card is face up; there must be {want}."), "/bomb_row", want=want
        )
    elif want == 0:
        template = N_plural(
            "{count} bomb card is face up; Design Bomb is closed, so there must be none.",
            "{count} bomb cards are face up; Design Bomb is closed, so there must be none.",
        )
        yield checks.violation(rule, template, "/bomb_row", count=row)
    else:
        template = N_plural(
            "{count} bomb card is face up; there must be {want}.",
            "{count} bomb cards are face up; there must be {want}.",
        )
        yield checks.violation(rule, template, "/bomb_row", count=row, want=want)


@checks.state("MP-304", "MP-305", "MP-306", "MP-307", title=N_("The table at setup"))
def setup(state: State) -> Iterator[Violation]:
    if state.turns_played != 0:
        return
    if state.turn.active != state.players[0].colour:
        yield checks.violation(
            "MP-307",
            N_("At setup the first seat, {player}, must be about to play."),
            "/turn/active",
            player=checks.name("colour", state.players[0].colour),
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
                player=checks.name("colour", p.colour),
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
                player=checks.name("colour", p.colour),
                seat=i + 1,
                money=START_MONEY + SEAT_MONEY[i],
                count=SEAT_SPECIALIST[i],
            )
        if p.plutonium or p.uranium or p.spies:
            yield checks.violation(
                "MP-306",
                N_("{owner} plutonium, enriched-uranium and espionage markers start at 0."),
                f"/players/{i}",
                owner=checks.name("colour", p.colour, "gen"),
            )
