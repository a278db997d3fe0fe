# ruff: noqa: E501
"""Section ``components`` of rules.toml (QU-2xx): what the box holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Notice, Violation
from ..data import (
    EXTRA_ROOMS_PER_COLOUR,
    GREY_CUBES,
    MARKERS,
    PATIENTS_PER_COLOUR,
    copies,
    cube_totals,
    special_counts,
)
from ..models import COLOURS, SPECIAL_KINDS, LooseTile, State, Tile
from ..vocab import colour, room
from . import checks


@checks.state("QU-209", title=N_("Two to four players"))
def player_count(state: State) -> Iterator[Violation]:
    if not 2 <= len(state.players) <= 4:
        yield checks.violation(
            "QU-209",
            N_("Quarantine is for 2 to 4 players, not {count}."),
            "/players",
            count=len(state.players),
        )


@checks.state("QU-201", title=N_("24 patient cubes of each colour"))
def patient_cubes(state: State) -> Iterator[Violation | Notice]:
    totals = cube_totals(state)
    for c in COLOURS:
        yield from _conserved(
            "QU-201",
            totals[c],
            PATIENTS_PER_COLOUR,
            f"/bag/{c}",
            kind=c,
            box=state.box is not None,
        )


@checks.state("QU-202", title=N_("32 grey cubes"))
def grey_cubes(state: State) -> Iterator[Violation | Notice]:
    yield from _conserved(
        "QU-202", cube_totals(state)["grey"], GREY_CUBES, "/bag/grey", box=state.box is not None
    )


def _conserved(
    rule: str, count: int, wanted: int, path: str, kind: str = "grey", box: bool = True
) -> Iterator[Violation | Notice]:
    """Too many cubes of colour ``kind``, or too few, across every place they can be. When the
    box was not counted, the missing cubes may be there: a notice, not a violation."""
    if count > wanted:
        yield checks.violation(
            rule,
            N_(
                "There are {count} {colour} cubes in all, {extra} more than the {wanted} of the game."
            ),
            path,
            count=count,
            extra=count - wanted,
            wanted=wanted,
            colour=colour(kind, "cubes"),
        )
    elif count < wanted and not box:
        yield checks.notice(
            rule,
            N_plural(
                "The box was not counted: {count} of the {wanted} {colour} cubes is nowhere else, so it is taken to be in the box.",
                "The box was not counted: {count} of the {wanted} {colour} cubes are nowhere else, so they are taken to be in the box.",
            ),
            "/box",
            count=wanted - count,
            wanted=wanted,
            colour=colour(kind, "cubes"),
        )
    elif count == 0:
        yield checks.violation(
            rule,
            N_("There is no {colour} cube anywhere; the game has {wanted}."),
            path,
            wanted=wanted,
            colour=colour(kind, "cube"),
        )
    elif count < wanted:
        yield checks.violation(
            rule,
            N_plural(
                "There is only {count} {colour} cube in all, {missing} fewer than the game's {wanted}.",
                "There are only {count} {colour} cubes in all, {missing} fewer than the game's {wanted}.",
            ),
            path,
            count=count,
            missing=wanted - count,
            wanted=wanted,
            colour=colour(kind, "cube" if count == 1 else "cubes"),
        )


@checks.state("QU-203", "QU-204", title=N_("Special-room tiles in play"))
def special_tiles(state: State) -> Iterator[Violation]:
    counts = special_counts(state)
    wanted = copies(state)
    in_play = set(state.special_kinds)
    for kind in SPECIAL_KINDS:
        have = counts[kind]
        if kind not in in_play:
            if have:
                yield checks.violation(
                    "QU-203",
                    N_("{kind} is not among the special rooms in play."),
                    "/special_kinds",
                    kind=room(kind, "art"),
                )
        elif have != wanted:
            rule = "QU-204" if wanted == 1 else "QU-203"
            yield checks.violation(
                rule,
                (
                    N_("There is no {kind} tile anywhere; this game has {wanted}.")
                    if have == 0
                    else N_plural(
                        "There is {count} {kind} tile in all; this game has {wanted}.",
                        "There are {count} {kind} tiles in all; this game has {wanted}.",
                    )
                ),
                "/market",
                count=have,
                kind=room(kind, "gen"),
                wanted=wanted,
            )


@checks.state("QU-205", title=N_("Two extra treatment rooms of each colour"))
def extra_rooms(state: State) -> Iterator[Violation]:
    counts: Counter[str] = Counter()
    for stack in state.market:
        if stack.kind == "treatment" and stack.colour:
            counts[stack.colour] += stack.count
    for p in state.players:
        tiles: list[Tile | LooseTile] = [*p.hospital, *p.set_aside]
        for t in tiles:
            if t.kind == "treatment" and t.extra and t.colour:
                counts[t.colour] += 1
    for c in COLOURS:
        if counts[c] == 0:
            yield checks.violation(
                "QU-205",
                N_("No extra {colour} treatment room is left anywhere; the game has 2."),
                "/market",
                colour=colour(c, "room"),
            )
        elif counts[c] != EXTRA_ROOMS_PER_COLOUR:
            yield checks.violation(
                "QU-205",
                N_plural(
                    "There is {count} extra {colour} treatment room in all; the game has 2.",
                    "There are {count} extra {colour} treatment rooms in all; the game has 2.",
                ),
                "/market",
                count=counts[c],
                colour=colour(c, "room" if counts[c] == 1 else "rooms"),
            )


@checks.state("QU-207", title=N_("Eight extra-action markers"))
def markers(state: State) -> Iterator[Violation]:
    total = state.marker_supply + sum(p.markers for p in state.players)
    if total != MARKERS:
        yield checks.violation(
            "QU-207",
            (
                N_("There is no extra-action marker anywhere; the game has 8.")
                if total == 0
                else N_plural(
                    "There is {count} extra-action marker in all; the game has 8.",
                    "There are {count} extra-action markers in all; the game has 8.",
                )
            ),
            "/marker_supply",
            count=total,
        )


@checks.state("QU-206", title=N_("Lobbies and starting treatment rooms"))
def starting_tiles(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        own: list[Tile | LooseTile] = [*p.hospital, *p.set_aside]
        lobbies = sum(t.kind == "lobby" for t in own)
        if lobbies == 0:
            yield checks.violation(
                "QU-206",
                N_("{player} has no lobby; every player has exactly one."),
                f"/players/{i}/hospital",
                player=p.name,
            )
        elif lobbies != 1:
            yield checks.violation(
                "QU-206",
                N_plural(
                    "{player} has {count} lobby; every player has exactly one.",
                    "{player} has {count} lobbies; every player has exactly one.",
                ),
                f"/players/{i}/hospital",
                player=p.name,
                count=lobbies,
            )
        starting = Counter(t.colour for t in own if t.kind == "treatment" and not t.extra)
        for c in COLOURS:
            if starting[c] == 0:
                yield checks.violation(
                    "QU-206",
                    N_(
                        "{player} has no starting {colour} treatment room; every player has exactly one."
                    ),
                    f"/players/{i}/hospital",
                    player=p.name,
                    colour=colour(c, "room"),
                )
            elif starting[c] != 1:
                yield checks.violation(
                    "QU-206",
                    N_plural(
                        "{player} has {count} starting {colour} treatment room; every player has exactly one.",
                        "{player} has {count} starting {colour} treatment rooms; every player has exactly one.",
                    ),
                    f"/players/{i}/hospital",
                    player=p.name,
                    count=starting[c],
                    colour=colour(c, "room" if starting[c] == 1 else "rooms"),
                )
