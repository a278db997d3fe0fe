# ruff: noqa: E501
"""The state checks of Quarantine: invariants of a snapshot of the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ...core.checks import CheckRegistry
from ...core.i18n import N_, N_plural
from ...core.verdicts import Notice, Violation
from .geometry import capacity, layout
from .models import COLOURS, SPECIAL_KINDS, Cubes, LooseTile, State, Tile
from .vocab import at, colour, cube_list, room

checks = CheckRegistry("quarantine")

# The component list of the Greek rulebook (seed 001, Περιεχόμενα): 96 patient cubes (24 of
# each colour), 32 grey cubes, 28 special rooms (2 of 14 kinds), 16 starting and 8 extra
# treatment rooms (4 and 2 of each colour), 4 lobbies, 8 extra-action markers.
PATIENTS_PER_COLOUR = 24
GREY_CUBES = 32
MARKERS = 8
EXTRA_ROOMS_PER_COLOUR = 2
SPECIAL_IN_PLAY = 8


def copies(state: State) -> int:
    """Tiles of each special kind in play: 2, or 1 with two players."""
    return 1 if len(state.players) == 2 else 2


def cube_totals(state: State) -> Counter[str]:
    """Every cube on the table, the bag and the box, by colour."""
    cached = state._cache.get("cubes")
    if isinstance(cached, Counter):
        return cached
    found: Counter[str] = Counter()

    def add(heap: object) -> None:
        for c in (*COLOURS, "grey"):
            found[c] += getattr(heap, c)

    add(state.bag)
    if state.box is not None:
        add(state.box)
    found["grey"] += state.grey_supply
    for stack in state.market:
        add(stack.price)
    for p in state.players:
        add(p.supply)
        found.update(p.line)
        for c in p.contracts:
            add(c.price)
        for t in p.hospital:
            found.update(t.patients)
            found["grey"] += t.grey
    state._cache["cubes"] = found
    return found


def box_cubes(state: State) -> Cubes:
    """The box: as entered, or, when it was not counted, every cube not found elsewhere."""
    if state.box is not None:
        return state.box
    totals = cube_totals(state)
    full = {c: PATIENTS_PER_COLOUR for c in COLOURS} | {"grey": GREY_CUBES}
    return Cubes(**{c: max(0, n - totals[c]) for c, n in full.items()})


def special_counts(state: State) -> Counter[str]:
    found: Counter[str] = Counter()
    for stack in state.market:
        if stack.kind in SPECIAL_KINDS:
            found[stack.kind] += stack.count
    for p in state.players:
        for c in p.contracts:
            found[c.kind] += c.count
        for t in p.hospital:
            if t.kind in SPECIAL_KINDS:
                found[t.kind] += 1
        for s in p.set_aside:
            if s.kind in SPECIAL_KINDS:
                found[s.kind] += 1
    return found


# --- 1xx: end of the game -------------------------------------------------------------------


def tiles_left(state: State) -> int:
    return sum(s.count for s in state.market) + sum(
        c.count for p in state.players for c in p.contracts
    )


@checks.state("QU-101", title=N_("The game ends when the last tile is taken"))
def end_by_tiles(state: State) -> Iterator[Violation]:
    if tiles_left(state) == 0 and not state.end.triggered:
        yield checks.violation(
            "QU-101",
            N_("No tile is left to buy, but the end of the game is not triggered."),
            "/end/triggered",
        )


@checks.state("QU-102", title=N_("The game ends when the last patient is drawn"))
def end_by_bag(state: State) -> Iterator[Violation]:
    if state.bag.coloured() == 0 and not state.end.triggered:
        yield checks.violation(
            "QU-102",
            N_("The bag holds no patient, but the end of the game is not triggered."),
            "/end/triggered",
        )


@checks.state("QU-103", title=N_("One more round for every other player"))
def final_rounds(state: State) -> Iterator[Violation]:
    end = state.end
    if not end.triggered and (end.over or end.final_rounds_left):
        yield checks.violation(
            "QU-103",
            N_("The game cannot be over, or in its final rounds, before the end is triggered."),
            "/end",
        )
    elif end.final_rounds_left > len(state.players):
        yield checks.violation(
            "QU-103",
            N_plural(
                "{count} final round is left; with {most} players there are at most {most}.",
                "{count} final rounds are left; with {most} players there are at most {most}.",
            ),
            "/end/final_rounds_left",
            count=end.final_rounds_left,
            most=len(state.players),
        )
    elif end.over and end.final_rounds_left:
        yield checks.violation(
            "QU-103",
            N_plural(
                "The game is over although {count} final round is left.",
                "The game is over although {count} final rounds are left.",
            ),
            "/end/final_rounds_left",
            count=end.final_rounds_left,
        )


# --- 2xx: components ------------------------------------------------------------------------


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
    elif count < wanted:
        yield checks.violation(
            rule,
            N_plural(
                "There is only {count} {colour} cube in all; {missing} of the game's {wanted} are missing.",
                "There are only {count} {colour} cubes in all; {missing} of the game's {wanted} are missing.",
            ),
            path,
            count=count,
            missing=wanted - count,
            wanted=wanted,
            colour=colour(kind, "cube" if count <= 1 else "cubes"),
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
                N_plural(
                    "There is {count} {kind} tile in all; this game has {wanted}.",
                    "There are {count} {kind} tiles in all; this game has {wanted}.",
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
            N_plural(
                "There is {count} extra-action marker in all; the game has 8.",
                "There are {count} extra-action markers in all; the game has 8.",
            ),
            "/marker_supply",
            count=total,
        )


# --- 3xx: setup -----------------------------------------------------------------------------


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


@checks.state("QU-301", title=N_("A lobby and four starting treatment rooms each"))
def lobby_in_hospital(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for k, t in enumerate(p.set_aside):
            if t.kind == "lobby":
                yield checks.violation(
                    "QU-301",
                    N_(
                        "{player} keeps the lobby beside the hospital; the lobby always stays in it."
                    ),
                    f"/players/{i}/set_aside/{k}",
                    player=p.name,
                )


@checks.state("QU-302", title=N_("Eight different special rooms in play"))
def kinds_in_play(state: State) -> Iterator[Violation]:
    kinds = state.special_kinds
    if len(kinds) != SPECIAL_IN_PLAY or len(set(kinds)) != len(kinds):
        yield checks.violation(
            "QU-302",
            N_(
                "The game uses 8 different special rooms; this state names {count} ({unique} different)."
            ),
            "/special_kinds",
            count=len(kinds),
            unique=len(set(kinds)),
        )


@checks.state("QU-303", title=N_("The market"))
def market(state: State) -> Iterator[Violation]:
    seen: Counter[tuple[str, str | None]] = Counter()
    for j, stack in enumerate(state.market):
        seen[(stack.kind, stack.colour)] += 1
        if stack.kind in SPECIAL_KINDS and stack.kind not in state.special_kinds:
            yield checks.violation(
                "QU-303",
                N_("The market holds a stack of {kind}, which is not in play."),
                f"/market/{j}",
                kind=room(stack.kind, "gen"),
            )
    for p in state.players:
        for c in p.contracts:
            seen[(c.kind, None)] += 1
    for (kind, hue), n in seen.items():
        if n > 1 and hue:
            yield checks.violation(
                "QU-303",
                N_(
                    "There are {count} stacks of extra {colour} treatment rooms; each colour has one stack."
                ),
                "/market",
                count=n,
                colour=colour(hue, "rooms"),
            )
        elif n > 1:
            yield checks.violation(
                "QU-303",
                N_("There are {count} stacks of {kind}; each kind has one stack."),
                "/market",
                count=n,
                kind=room(kind, "gen"),
            )


@checks.state("QU-304", title=N_("Every cube starts in the bag"))
def all_in_bag(state: State) -> Iterator[Violation]:
    r = state.round
    if r.first_round and r.draws == 0 and r.actions_used == 0 and state.index(r.active) == 0:
        bag = state.bag
        if bag.coloured() != PATIENTS_PER_COLOUR * 4 or bag.grey + state.grey_supply != GREY_CUBES:
            yield checks.violation(
                "QU-304",
                N_("At the start of the game every cube is in the bag; it holds {count} of 128."),
                "/bag",
                count=bag.total(),
            )


@checks.state("QU-306", title=N_("The action discs and the bag"))
def bag_holder(state: State) -> Iterator[Violation]:
    i = state.index(state.round.active)
    left = state.players[(i + 1) % len(state.players)].name
    if state.round.bag_holder != left:
        yield checks.violation(
            "QU-306",
            N_("The bag belongs with {left}, on the active player's left, not {holder}."),
            "/round/bag_holder",
            left=left,
            holder=state.round.bag_holder,
        )


# --- 4xx: the hospital ----------------------------------------------------------------------


@checks.state("QU-401", title=N_("Doors of the tiles"))
def doors(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "lobby" and len(t.doors) != 4:
                yield checks.violation(
                    "QU-401",
                    N_plural(
                        "{player}'s lobby has {count} door; a lobby has four.",
                        "{player}'s lobby has {count} doors; a lobby has four.",
                    ),
                    f"/players/{i}/hospital/{j}/doors",
                    player=p.name,
                    count=len(t.doors),
                )
            elif not t.doors:
                yield checks.violation(
                    "QU-401",
                    N_("{player}'s tile {place} has no door; every tile has at least one."),
                    f"/players/{i}/hospital/{j}/doors",
                    player=p.name,
                    place=at(layout(state, i).tiles, (t.x, t.y)),
                )


@checks.state("QU-412", title=N_("Every tile reaches the lobby through doors"))
def reach_lobby(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        lobby = lay.lobby()
        if lobby is None or lay.has("helipad"):
            continue
        reached = lay.reach(lobby, doors=True)
        for j, t in enumerate(p.hospital):
            if (t.x, t.y) not in reached:
                yield checks.violation(
                    "QU-412",
                    N_("{player}'s tile {place} cannot reach the lobby through doors."),
                    f"/players/{i}/hospital/{j}",
                    player=p.name,
                    place=at(lay.tiles, (t.x, t.y)),
                )


@checks.state("QU-413", title=N_("No tile on top of another"))
def overlap(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for pos in lay.overlaps:
            yield checks.violation(
                "QU-413",
                N_("{player} has two tiles on one square, {place}."),
                f"/players/{i}/hospital",
                player=p.name,
                place=at(lay.tiles, pos),
            )


@checks.state("QU-414", title=N_("The hospital is one group"))
def one_group(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        groups = layout(state, i).groups()
        if groups > 1:
            yield checks.violation(
                "QU-414",
                N_("{player}'s hospital falls into {count} separate groups of tiles."),
                f"/players/{i}/hospital",
                player=p.name,
                count=groups,
            )


@checks.state("QU-416", title=N_("The lobby is never enclosed"))
def lobby_open(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if not layout(state, i).lobby_open():
            yield checks.violation(
                "QU-416",
                N_("{player}'s lobby has no free side open to the outside for the waiting line."),
                f"/players/{i}/hospital",
                player=p.name,
            )


@checks.state("QU-417", title=N_("At most two tiles beside the hospital"))
def set_aside(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if len(p.set_aside) > 2:
            yield checks.violation(
                "QU-417",
                N_("{player} keeps {count} unplaced tiles; at most 2 are allowed."),
                f"/players/{i}/set_aside",
                player=p.name,
                count=len(p.set_aside),
            )


# --- 5xx: drawing cubes ---------------------------------------------------------------------


@checks.state("QU-501", title=N_("Four cubes a round"))
def draw_count(state: State) -> Iterator[Violation]:
    if state.round.draws > 4:
        yield checks.violation(
            "QU-501",
            N_("{count} cubes were drawn this round; the limit is 4."),
            "/round/draws",
            count=state.round.draws,
        )


@checks.state("QU-504", title=N_("No grey cube in a waiting line"))
def grey_in_line(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for k, cube in enumerate(p.line):
            if cube == "grey":
                yield checks.violation(
                    "QU-504",
                    N_("{player}'s waiting line holds a grey cube."),
                    f"/players/{i}/line/{k}",
                    player=p.name,
                )


# --- 6xx: actions ---------------------------------------------------------------------------


@checks.state("QU-601", title=N_("Four actions a round, plus markers"))
def action_count(state: State) -> Iterator[Violation]:
    r = state.round
    if r.actions_used > 4 and not r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_("{actions} actions were taken with no extra-action marker spent; at most 4."),
            "/round/actions_used",
            actions=r.actions_used,
        )
    elif r.actions_used > 4 + r.markers_spent:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{actions} actions were taken, but with {count} extra-action marker spent at most {most} are allowed.",
                "{actions} actions were taken, but with {count} extra-action markers spent at most {most} are allowed.",
            ),
            "/round/actions_used",
            actions=r.actions_used,
            count=r.markers_spent,
            most=4 + r.markers_spent,
        )


@checks.state("QU-604", "QU-702", title=N_("Patients per treatment room"))
def room_capacity(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        lay = layout(state, i)
        for j, t in enumerate(p.hospital):
            n = len(t.patients)
            if t.kind != "treatment" or n <= 1:
                continue
            most = capacity(lay, (t.x, t.y), working=False)
            if n <= most:
                continue
            path = f"/players/{i}/hospital/{j}/patients"
            if n == 2 and lay.has("supply_room"):
                yield checks.violation(
                    "QU-702",
                    N_(
                        "The {colour} room {place} holds 2 patients, but {player}'s Supply Room is not connected to a {colour} room."
                    ),
                    path,
                    player=p.name,
                    colour=colour(t.colour, "room"),
                    place=at(lay.tiles, (t.x, t.y)),
                )
            else:
                yield checks.violation(
                    "QU-604",
                    N_("{player}'s room {place} holds {count} patients; it takes {most}."),
                    path,
                    player=p.name,
                    place=at(lay.tiles, (t.x, t.y)),
                    count=n,
                    most=most,
                )


@checks.state("QU-607", title=N_("Where patients may be"))
def patient_places(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            for k, cube in enumerate(t.patients):
                ok = (t.kind == "treatment" and cube == t.colour) or (
                    t.kind == "emergency" and cube != "grey"
                )
                if not ok:
                    yield checks.violation(
                        "QU-607",
                        N_(
                            "A {colour} cube sits on {player}'s {kind} {place}; patients sit only in treatment rooms of their colour or in Emergency."
                        ),
                        f"/players/{i}/hospital/{j}/patients/{k}",
                        colour=colour(cube, "cube"),
                        player=p.name,
                        kind=room(t.kind, "in"),
                        place=at(layout(state, i).tiles, (t.x, t.y)),
                    )


@checks.state("QU-610", title=N_("A contract price is two or more patient cubes"))
def prices(state: State) -> Iterator[Violation]:
    heaps = [(f"/market/{j}/price", s.price, False) for j, s in enumerate(state.market)]
    for i, p in enumerate(state.players):
        heaps += [
            (f"/players/{i}/contracts/{k}/price", c.price, True) for k, c in enumerate(p.contracts)
        ]
    for path, price, required in heaps:
        total = price.total()
        if price.grey or (total < 2 and (required or total)):
            yield checks.violation(
                "QU-610",
                N_(
                    "A contract price of {cubes} is not allowed: it takes 2 or more patient cubes and no grey cube."
                ),
                path,
                cubes=cube_list(price, (*COLOURS, "grey")),
            )


@checks.state("QU-614", title=N_("Claiming a contract on the next round"))
def claimable(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.name == state.round.active:
            continue
        for k, c in enumerate(p.contracts):
            if c.claimable:
                yield checks.violation(
                    "QU-614",
                    N_(
                        "{player}'s contract for {kind} is claimable, but it is not {player}'s round."
                    ),
                    f"/players/{i}/contracts/{k}/claimable",
                    player=p.name,
                    kind=room(c.kind, "gen"),
                )


@checks.state("QU-618", title=N_("Not the same special room twice in a round"))
def bought_twice(state: State) -> Iterator[Violation]:
    for kind, n in Counter(state.round.bought_special).items():
        if n > 1:
            yield checks.violation(
                "QU-618",
                N_("{kind} was bought {count} times this round; once is the limit."),
                "/round/bought_special",
                kind=room(kind, "gen"),
                count=n,
            )


@checks.state("QU-620", title=N_("Not two extra rooms of one colour in a round"))
def treatment_twice(state: State) -> Iterator[Violation]:
    for c, n in Counter(state.round.bought_treatment).items():
        if n > 1:
            yield checks.violation(
                "QU-620",
                N_(
                    "{count} extra {colour} treatment rooms were bought this round; one is the limit."
                ),
                "/round/bought_treatment",
                colour=colour(c, "rooms"),
                count=n,
            )


@checks.state("QU-622", title=N_("At most two markers taken a round"))
def markers_taken(state: State) -> Iterator[Violation]:
    if state.round.markers_taken > 2:
        yield checks.violation(
            "QU-622",
            N_("{count} extra-action markers were taken this round; at most 2."),
            "/round/markers_taken",
            count=state.round.markers_taken,
        )


# --- 7xx: special rooms ---------------------------------------------------------------------


@checks.state("QU-711", title=N_("Containment"))
def containment(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "containment" and t.grey:
                yield checks.violation(
                    "QU-711",
                    N_(
                        "{player}'s Containment {place} holds a grey cube; it can never be quarantined."
                    ),
                    f"/players/{i}/hospital/{j}/grey",
                    player=p.name,
                    place=at(layout(state, i).tiles, (t.x, t.y)),
                )


@checks.state("QU-713", title=N_("Lab"))
def lab_greys(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.supply.grey and not (
            layout(state, i).has("lab") or any(t.kind == "lab" for t in p.set_aside)
        ):
            yield checks.violation(
                "QU-713",
                N_plural(
                    "{player} keeps {count} grey cube but has no Lab.",
                    "{player} keeps {count} grey cubes but has no Lab.",
                ),
                f"/players/{i}/supply/grey",
                player=p.name,
                count=p.supply.grey,
            )


@checks.state("QU-714", title=N_("Emergency"))
def emergency(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "emergency" and len(t.patients) > 1:
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency holds {count} patients; it takes one."),
                    f"/players/{i}/hospital/{j}/patients",
                    player=p.name,
                    count=len(t.patients),
                )
