# ruff: noqa: E501
"""Move checks, effect checks, ``apply`` and ``alternatives`` for Quarantine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, cast

from ...core.i18n import N_, Message, N_plural
from ...core.verdicts import Alternative, Violation
from . import vocab as words
from .checks import box_cubes, checks, tiles_left
from .geometry import SIDES, Layout, Pos, capacity, layout, neighbour, turn
from .models import (
    ACTION_MOVES,
    COLOURS,
    Colour,
    Contract,
    Cubes,
    LooseTile,
    Player,
    Rotation,
    Stack,
    State,
    Tile,
    TileKind,
)

PLACING = ("claim_contract", "buy_special", "buy_treatment", "place_set_aside")
DRAWS = ("place_patient", "place_grey")


def _pos(at: Sequence[int]) -> Pos:
    return (at[0], at[1])


def active(state: State) -> tuple[int, Player]:
    i = state.index(state.round.active)
    return i, state.players[i]


def room_missing(
    state: State, index: int, kind: str, rule: str, path: str = "/move"
) -> Iterator[Violation]:
    """Why player ``index`` cannot use a special room of ``kind`` now, if they cannot."""
    player = state.players[index]
    lay = layout(state, index)
    if lay.working(kind):
        return
    if lay.has(kind):
        yield checks.violation(
            "QU-701",
            N_("{player}'s {kind} is quarantined and gives no effect."),
            path,
            player=player.name,
            kind=words.room(kind, "art"),
        )
    elif any(t.kind == kind for t in player.set_aside):
        yield checks.violation(
            "QU-418",
            N_("{player}'s {kind} waits beside the hospital and gives no effect."),
            path,
            player=player.name,
            kind=words.room(kind, "art"),
        )
    else:
        yield checks.violation(
            rule,
            N_("{player} has no {kind} in the hospital."),
            path,
            player=player.name,
            kind=words.room(kind),
        )


def _cube_list(cubes: Cubes) -> Message:
    return words.cube_list(cubes, (*COLOURS, "grey"))


# --- general --------------------------------------------------------------------------------


@checks.move("QU-103", title=N_("One more round for every other player"))
def game_over(state: State, move: Any) -> Iterator[Violation]:
    if state.end.over:
        yield checks.violation("QU-103", N_("The game is over: no more moves."), "/end/over")


@checks.move("QU-601", title=N_("Four actions a round, plus markers"), moves=ACTION_MOVES)
def action_budget(state: State, move: Any) -> Iterator[Violation]:
    r = state.round
    _, player = active(state)
    if r.actions_used >= 4 + r.markers_spent and player.markers == 0:
        yield checks.violation(
            "QU-601",
            N_plural(
                "{player} has used {count} action and holds no extra-action marker.",
                "{player} has used {count} actions and holds no extra-action marker.",
            ),
            "/round/actions_used",
            player=player.name,
            count=r.actions_used,
        )


# --- drawing cubes --------------------------------------------------------------------------


@checks.move("QU-104", title=N_("No draws once the end is triggered"), moves=DRAWS)
def no_final_draws(state: State, move: Any) -> Iterator[Violation]:
    if state.end.triggered:
        yield checks.violation(
            "QU-104",
            N_("The end of the game is triggered: nobody draws any more."),
            "/end/triggered",
        )


@checks.move("QU-501", title=N_("Four cubes a round"), moves=DRAWS)
def fifth_draw(state: State, move: Any) -> Iterator[Violation]:
    first_grey = move.type == "place_grey" and state.round.first_round
    if state.round.draws >= 4 and not first_grey:
        yield checks.violation(
            "QU-501", N_("Four cubes have already been drawn this round."), "/round/draws"
        )


@checks.move("QU-502", title=N_("The cube comes from the bag"), moves=DRAWS)
def in_bag(state: State, move: Any) -> Iterator[Violation]:
    colour = "grey" if move.type == "place_grey" else move.colour
    if state.bag.get(colour) == 0:
        yield checks.violation(
            "QU-502",
            N_("The bag holds no {colour} cube."),
            f"/bag/{colour}",
            colour=words.colour(colour, "cube"),
        )


@checks.move(
    "QU-503",
    "QU-714",
    "QU-701",
    "QU-418",
    title=N_("A patient joins a waiting line"),
    moves=("place_patient",),
)
def patient_target(state: State, move: Any) -> Iterator[Violation]:
    i = state.index(move.player)
    if i < 0:
        yield checks.violation(
            "QU-503", N_("There is no player {player}."), "/move/player", player=move.player
        )
        return
    if move.emergency:
        found = list(room_missing(state, i, "emergency", "QU-714", "/move/emergency"))
        yield from found
        if not found:
            lay = layout(state, i)
            if not any(not lay.tiles[p].patients for p in lay.working("emergency")):
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency is not empty."),
                    "/move/emergency",
                    player=move.player,
                )


def grey_targets(state: State, index: int) -> list[Pos]:
    """Where a drawn grey cube may go in player ``index``'s hospital."""
    lay = layout(state, index)
    free = [p for p, t in lay.tiles.items() if not t.grey and t.kind != "containment"]
    sick = set(lay.quarantined())
    if not sick:
        return free
    return [p for p in free if any(n in sick for n in lay.adjacent(p))]


def _diagonal(lay: Layout, pos: Pos) -> bool:
    x, y = pos
    return any(
        (x + dx, y + dy) in lay.tiles and lay.tiles[(x + dx, y + dy)].grey
        for dx in (-1, 1)
        for dy in (-1, 1)
    )


@checks.move(
    "QU-505",
    "QU-403",
    "QU-506",
    "QU-508",
    "QU-509",
    "QU-711",
    title=N_("Where a grey cube goes"),
    moves=("place_grey",),
)
def grey_target(state: State, move: Any) -> Iterator[Violation]:
    if state.round.first_round:
        if move.at is not None:
            yield checks.violation(
                "QU-508",
                N_("In the first round a drawn grey cube is set aside in the supply."),
                "/move/at",
            )
        return
    if move.at is None:
        anywhere = [
            (p.name, t) for i, p in enumerate(state.players) for t in grey_targets(state, i)
        ]
        if anywhere:
            name, pos = anywhere[0]
            yield checks.violation(
                "QU-509",
                N_("The grey cube must go on a tile: {player}'s tile {place} can take it."),
                "/move/at",
                player=name,
                place=words.at(layout(state, state.index(name)).tiles, pos),
            )
        return
    i = state.index(move.player or "")
    if i < 0:
        yield checks.violation(
            "QU-505", N_("There is no player {player}."), "/move/player", player=move.player
        )
        return
    lay = layout(state, i)
    pos = _pos(move.at)
    tile = lay.tiles.get(pos)
    if tile is None:
        yield checks.violation(
            "QU-505",
            N_("{player} has no tile {place}."),
            "/move/at",
            player=move.player,
            place=words.at(lay.tiles, pos),
        )
    elif tile.grey:
        yield checks.violation(
            "QU-506",
            N_("{player}'s tile {place} is already quarantined."),
            "/move/at",
            player=move.player,
            place=words.at(lay.tiles, pos),
        )
    elif tile.kind == "containment":
        yield checks.violation(
            "QU-711",
            N_("{player}'s Containment can never be quarantined."),
            "/move/at",
            player=move.player,
        )
    elif lay.quarantined() and pos not in grey_targets(state, i):
        rule = "QU-403" if _diagonal(lay, pos) else "QU-505"
        yield checks.violation(
            rule,
            N_(
                "{player}'s hospital has a quarantine: the grey cube must go on a tile side by side with a quarantined tile."
            ),
            "/move/at",
            player=move.player,
        )


@checks.move(
    "QU-507",
    "QU-404",
    "QU-506",
    "QU-711",
    title=N_("Spreading through a nurse station"),
    moves=("place_grey",),
)
def spread(state: State, move: Any) -> Iterator[Violation]:
    if not move.spread:
        return
    if move.at is None or state.round.first_round:
        yield checks.violation(
            "QU-507", N_("Only a grey cube placed on a tile can spread."), "/move/spread"
        )
        return
    if len(move.spread) > 1:
        yield checks.violation(
            "QU-507",
            N_(
                "One drawn grey cube quarantines at most 2 tiles: it spreads to one more tile, not {count}."
            ),
            "/move/spread/1",
            count=len(move.spread),
        )
    if state.grey_supply < len(move.spread):
        yield checks.violation(
            "QU-507", N_("The grey supply is empty, so the disease cannot spread."), "/grey_supply"
        )
        return
    i = state.index(move.player or "")
    if i < 0:
        return
    for k, b in enumerate(move.spread):
        yield from _spread_to(state, i, move, _pos(b), f"/move/spread/{k}")


def _spread_to(state: State, i: int, move: Any, b: Pos, path: str) -> Iterator[Violation]:
    """Why the disease cannot spread from ``move.at`` to ``b``, if it cannot."""
    lay = layout(state, i)
    a = _pos(move.at)
    target = lay.tiles.get(b)
    if target is None or a == b:
        yield checks.violation(
            "QU-507",
            N_("The spread needs another tile of {player}'s hospital."),
            path,
            player=move.player,
        )
    elif target.grey:
        yield checks.violation(
            "QU-506",
            N_("{player}'s tile {place} is already quarantined."),
            path,
            player=move.player,
            place=words.at(lay.tiles, b),
        )
    elif target.kind == "containment":
        yield checks.violation(
            "QU-711",
            N_("{player}'s Containment can never be quarantined."),
            path,
            player=move.player,
        )
    elif not [c for c in lay.stations_of(a) if b in Layout.station_tiles(c)]:
        close = abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
        yield checks.violation(
            "QU-404" if close else "QU-507",
            N_("The tile {place} and the tile {other} share no complete nurse station."),
            path,
            place=words.at(lay.tiles, a),
            other=words.at(lay.tiles, b),
        )


@checks.move("QU-510", title=N_("Draws and actions in any order"), moves=("end_round",))
def round_done(state: State, move: Any) -> Iterator[Violation]:
    r = state.round
    if r.draws < 4 and state.bag.total() and not state.end.triggered:
        yield checks.violation(
            "QU-510",
            N_plural(
                "Only {count} of the 4 cubes has been drawn; the round cannot end yet.",
                "Only {count} of the 4 cubes have been drawn; the round cannot end yet.",
            ),
            "/round/draws",
            count=r.draws,
        )


# --- admit, treat ---------------------------------------------------------------------------


@checks.move(
    "QU-603",
    "QU-604",
    "QU-605",
    "QU-714",
    "QU-701",
    "QU-702",
    "QU-418",
    title=N_("Admit patients"),
    moves=("admit",),
)
def admit(state: State, move: Any) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if len(move.rooms) > len(player.line):
        yield checks.violation(
            "QU-603",
            N_plural(
                "{rooms} rooms are named, but only {count} patient waits in line.",
                "{rooms} rooms are named, but only {count} patients wait in line.",
            ),
            "/move/rooms",
            rooms=len(move.rooms),
            count=len(player.line),
        )
        return
    used: Counter[Pos] = Counter()
    for k, at in enumerate(move.rooms):
        pos = _pos(at)
        cube = player.line[k]
        tile = lay.tiles.get(pos)
        path = f"/move/rooms/{k}"
        if tile is not None and tile.kind == "emergency":
            yield checks.violation(
                "QU-714", N_("Emergency takes no patient through the admit action."), path
            )
        elif tile is None or tile.kind != "treatment" or tile.colour != cube:
            yield checks.violation(
                "QU-603",
                N_(
                    "Patient {n} in line is {colour}; the tile {place} is no {colour} treatment room."
                ),
                path,
                n=k + 1,
                colour=words.colour(cube, "patient"),
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey:
            yield checks.violation(
                "QU-605",
                N_("The {colour} room {place} is quarantined and takes no patient."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        elif len(tile.patients) + used[pos] >= capacity(lay, pos):
            if len(tile.patients) + used[pos] < capacity(lay, pos, working=False):
                yield from room_missing(state, i, "supply_room", "QU-702", path)
                return
            yield checks.violation(
                "QU-604",
                N_("The {colour} room {place} is full."),
                path,
                colour=words.colour(cube, "room"),
                place=words.at(lay.tiles, pos),
            )
        else:
            used[pos] += 1
            continue
        return


@checks.move("QU-608", "QU-704", "QU-701", "QU-418", title=N_("Treat patients"), moves=("treat",))
def treat(state: State, move: Any) -> Iterator[Violation]:
    if move.colour == "grey":
        yield checks.violation("QU-608", N_("Grey cubes are never treated."), "/move/colour")
        return
    if move.on_call is None:
        return
    i, player = active(state)
    found = list(room_missing(state, i, "on_call_room", "QU-704", "/move/on_call"))
    yield from found
    if found:
        return
    lay = layout(state, i)
    colours = {lay.tiles[n].colour for p in lay.working("on_call_room") for n in lay.connections(p)}
    if move.on_call not in colours or move.on_call == move.colour:
        yield checks.violation(
            "QU-704",
            N_("{player}'s On Call Room is connected to no other {colour} treatment room."),
            "/move/on_call",
            player=player.name,
            colour=words.colour(move.on_call, "room"),
        )


# --- contracts and buying -------------------------------------------------------------------


def _covers(supply: Cubes, pay: Cubes) -> bool:
    return all(supply.get(c) >= pay.get(c) for c in (*COLOURS, "grey"))


@checks.move(
    "QU-612",
    title=N_("Paying from the personal supply"),
    moves=("contract", "buy_special", "buy_treatment"),
)
def can_pay(state: State, move: Any) -> Iterator[Violation]:
    _, player = active(state)
    pay = move.price if move.type == "contract" else move.pay
    if not _covers(player.supply, pay):
        yield checks.violation(
            "QU-612",
            N_("{player}'s supply cannot pay {cubes}."),
            "/move",
            player=player.name,
            cubes=_cube_list(pay),
        )


@checks.move("QU-610", "QU-611", title=N_("Make a contract"), moves=("contract",))
def contract(state: State, move: Any) -> Iterator[Violation]:
    if move.price.coloured() < 2 or move.price.grey:
        yield checks.violation(
            "QU-610",
            N_("A contract price is 2 or more patient cubes, not {cubes}."),
            "/move/price",
            cubes=_cube_list(move.price),
        )
    stack = next((s for s in state.market if s.kind == move.kind), None)
    if stack is None or stack.count == 0 or stack.price.total():
        yield checks.violation(
            "QU-611",
            N_("The market has no stack of {kind} free for a contract."),
            "/move/kind",
            kind=words.room(move.kind, "gen"),
        )


@checks.move("QU-613", title=N_("Claim a contract"), moves=("claim_contract",))
def claim(state: State, move: Any) -> Iterator[Violation]:
    _, player = active(state)
    c = next((c for c in player.contracts if c.kind == move.kind), None)
    if c is None or c.count == 0:
        yield checks.violation(
            "QU-613",
            N_("{player} has no contract for {kind} with a tile on it."),
            "/move/kind",
            player=player.name,
            kind=words.room(move.kind, "acc"),
        )
    elif not c.claimable:
        yield checks.violation(
            "QU-613",
            N_("{player}'s contract for {kind} can be claimed only in {player}'s next round."),
            "/move/kind",
            player=player.name,
            kind=words.room(move.kind, "acc"),
        )


def _source_price(state: State, move: Any) -> Cubes | None:
    if move.seller is None:
        stack = next((s for s in state.market if s.kind == move.kind), None)
        if stack and stack.count and stack.price.total():
            return stack.price
        return None
    seller = state.player(move.seller)
    if seller is None or seller.name == state.round.active:
        return None
    c = next((c for c in seller.contracts if c.kind == move.kind), None)
    return c.price if c and c.count else None


@checks.move(
    "QU-615",
    "QU-616",
    "QU-618",
    "QU-708",
    "QU-713",
    "QU-701",
    "QU-418",
    title=N_("Buy a special room"),
    moves=("buy_special",),
)
def buy_special(state: State, move: Any) -> Iterator[Violation]:
    i, _ = active(state)
    if move.kind in state.round.bought_special:
        yield checks.violation(
            "QU-618",
            N_("{kind} was already bought this round."),
            "/move/kind",
            kind=words.room(move.kind, "art"),
        )
    price = _source_price(state, move)
    if price is None:
        if move.seller is None:
            yield checks.violation(
                "QU-615",
                N_("The market has no open contract for {kind}."),
                "/move/seller",
                kind=words.room(move.kind, "acc"),
            )
        else:
            yield checks.violation(
                "QU-615",
                N_("{seller} has no open contract for {kind}."),
                "/move/seller",
                kind=words.room(move.kind, "acc"),
                seller=move.seller,
            )
        return
    yield from _check_pay(state, i, move.pay, price)


def _check_pay(state: State, i: int, pay: Cubes, price: Cubes) -> Iterator[Violation]:
    lay = layout(state, i)
    lab = bool(lay.working("lab"))
    if pay.grey and (not lab or pay.grey % 2):
        if not lab:
            yield from room_missing(state, i, "lab", "QU-713", "/move/pay/grey")
        else:
            yield checks.violation(
                "QU-713",
                N_("Grey cubes pay only in pairs, each pair for one cube."),
                "/move/pay/grey",
            )
        return
    if lay.working("purchasing"):
        if pay.coloured() + pay.grey // 2 != price.total():
            yield checks.violation(
                "QU-708",
                N_plural(
                    "With Purchasing the payment is {count} cube of any colour.",
                    "With Purchasing the payment is {count} cubes of any colours.",
                ),
                "/move/pay",
                count=price.total(),
            )
        return
    short = sum(max(0, price.get(c) - pay.get(c)) for c in COLOURS)
    extra = sum(max(0, pay.get(c) - price.get(c)) for c in COLOURS)
    if extra or short != pay.grey // 2:
        yield checks.violation(
            "QU-616",
            N_("The price is exactly {price}; the payment of {pay} does not match it."),
            "/move/pay",
            price=_cube_list(price),
            pay=_cube_list(pay),
        )


@checks.move("QU-706", title=N_("Security"), moves=("buy_special",))
def security(state: State, move: Any) -> Iterator[Violation]:
    if move.payment_to is None:
        return
    seller_i = state.index(move.seller) if move.seller else -1
    gets = seller_i >= 0 and bool(layout(state, seller_i).working("security"))
    wanted = "seller" if gets else "box"
    if move.payment_to != wanted:
        yield checks.violation(
            "QU-706",
            N_(
                "The payment goes to the seller: a working Security in the seller's hospital sends it there."
            )
            if gets
            else N_(
                "The payment goes to the box: only a working Security in the seller's hospital sends it to the seller."
            ),
            "/move/payment_to",
        )


@checks.move(
    "QU-619", "QU-620", "QU-713", title=N_("Buy an extra treatment room"), moves=("buy_treatment",)
)
def buy_treatment(state: State, move: Any) -> Iterator[Violation]:
    i, _ = active(state)
    if move.colour in state.round.bought_treatment:
        yield checks.violation(
            "QU-620",
            N_("An extra {colour} treatment room was already bought this round."),
            "/move/colour",
            colour=words.colour(move.colour, "room"),
        )
    stack = next(
        (s for s in state.market if s.kind == "treatment" and s.colour == move.colour), None
    )
    if stack is None or stack.count == 0:
        yield checks.violation(
            "QU-619",
            N_("No extra {colour} treatment room is left in the market."),
            "/move/colour",
            colour=words.colour(move.colour, "room"),
        )
    if move.at is None:
        yield checks.violation(
            "QU-619", N_("An extra treatment room is placed in the hospital at once."), "/move/at"
        )
    pay = move.pay
    if pay.grey and (pay.grey % 2 or not layout(state, i).working("lab")):
        yield checks.violation(
            "QU-713",
            N_("Grey cubes pay only in pairs, and only with a working Lab."),
            "/move/pay/grey",
        )
    elif pay.coloured() + pay.grey // 2 != 2:
        yield checks.violation(
            "QU-619",
            N_("An extra treatment room costs 2 cubes of any colours, not {cubes}."),
            "/move/pay",
            cubes=_cube_list(pay),
        )


@checks.move("QU-418", title=N_("Tiles beside the hospital"), moves=("place_set_aside",))
def set_aside_index(state: State, move: Any) -> Iterator[Violation]:
    _, player = active(state)
    if move.index >= len(player.set_aside):
        yield checks.violation(
            "QU-418",
            N_plural(
                "{player} keeps only {count} tile beside the hospital, so there is no tile number {n}.",
                "{player} keeps only {count} tiles beside the hospital, so there is no tile number {n}.",
            ),
            "/move/index",
            player=player.name,
            count=len(player.set_aside),
            n=move.index + 1,
        )


@checks.move(
    "QU-401",
    title=N_("Doors of the tiles"),
    moves=("claim_contract", "buy_special", "buy_treatment"),
)
def new_doors(state: State, move: Any) -> Iterator[Violation]:
    if not move.doors:
        yield checks.violation(
            "QU-401",
            N_("Give the doors of the new tile: every tile has at least one."),
            "/move/doors",
        )


# --- the other actions ----------------------------------------------------------------------


def _one_move(old: list[str], new: list[str]) -> bool:
    if old == new:
        return True
    for k in range(len(old)):
        rest = old[:k] + old[k + 1 :]
        for j in range(len(old)):
            if [*rest[:j], old[k], *rest[j:]] == new:
                return True
    return False


@checks.move(
    "QU-621", "QU-709", "QU-701", "QU-418", title=N_("Move patients"), moves=("move_patients",)
)
def move_patients(state: State, move: Any) -> Iterator[Violation]:
    i, player = active(state)
    old: list[str] = list(player.line)
    new: list[str] = list(move.line)
    if Counter(old) != Counter(new):
        yield checks.violation(
            "QU-621",
            N_("The new line must hold exactly the patients of the old one."),
            "/move/line",
        )
        return
    if _one_move(old, new) or layout(state, i).working("triage"):
        return
    found = list(room_missing(state, i, "triage", "QU-709", "/move/line"))
    yield from found


@checks.move("QU-622", "QU-623", title=N_("Take an extra-action marker"), moves=("take_marker",))
def take_marker(state: State, move: Any) -> Iterator[Violation]:
    if state.round.markers_taken >= 2:
        yield checks.violation(
            "QU-622",
            N_("Two extra-action markers have already been taken this round."),
            "/round/markers_taken",
        )
    if state.marker_supply == 0:
        yield checks.violation(
            "QU-623", N_("No extra-action marker is left in the supply."), "/marker_supply"
        )


@checks.move("QU-625", "QU-713", "QU-701", "QU-418", title=N_("Disinfect"), moves=("disinfect",))
def disinfect(state: State, move: Any) -> Iterator[Violation]:
    i = state.index(move.player)
    tile = layout(state, i).tiles.get(_pos(move.at)) if i >= 0 else None
    if tile is None or not tile.grey:
        yield checks.violation(
            "QU-625",
            N_("{player} has no quarantined tile {place}."),
            "/move/at",
            player=move.player,
            place=words.at(layout(state, i).tiles if i >= 0 else (), _pos(move.at)),
        )
    if move.keep:
        yield from room_missing(state, active(state)[0], "lab", "QU-713", "/move/keep")


@checks.move(
    "QU-626",
    "QU-627",
    "QU-628",
    "QU-703",
    "QU-418",
    "QU-301",
    title=N_("Renovate"),
    moves=("renovate",),
)
def renovate(state: State, move: Any) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if state.round.renovated:
        yield checks.violation(
            "QU-626",
            N_("{player} has already renovated this round."),
            "/round/renovated",
            player=player.name,
        )
    sources = [_pos(s.source) for s in move.steps if s.source is not None]
    maintenance = bool(lay.working("maintenance"))
    most = 4 if maintenance else 2
    if len(sources) > most:
        yield checks.violation(
            "QU-703" if maintenance else "QU-627",
            N_("A renovation changes at most {most} hospital tiles, not {count}."),
            "/move/steps",
            most=most,
            count=len(sources),
        )
    if len(set(sources)) != len(sources):
        yield checks.violation(
            "QU-627", N_("A tile is named twice in the renovation."), "/move/steps"
        )
    indexes = [s.set_aside for s in move.steps if s.set_aside is not None]
    if len(set(indexes)) != len(indexes) or any(k >= len(player.set_aside) for k in indexes):
        yield checks.violation(
            "QU-418",
            N_("{player} has no such tile beside the hospital."),
            "/move/steps",
            player=player.name,
        )
    for k, pos in enumerate(sources):
        tile = lay.tiles.get(pos)
        if tile is None:
            yield checks.violation(
                "QU-627",
                N_("{player} has no tile {place}."),
                f"/move/steps/{k}/source",
                player=player.name,
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey or tile.patients:
            yield checks.violation(
                "QU-628",
                N_(
                    "The tile {place} is quarantined or holds a patient; renovation cannot touch it."
                ),
                f"/move/steps/{k}/source",
                place=words.at(lay.tiles, pos),
            )
        elif (
            tile.kind == "lobby"
            and next(s for s in move.steps if s.source and _pos(s.source) == pos).to is None
        ):
            yield checks.violation(
                "QU-301", N_("The lobby cannot leave the hospital."), f"/move/steps/{k}/to"
            )


@checks.move("QU-707", "QU-701", "QU-418", title=N_("Pharmacy"), moves=("pharmacy",))
def pharmacy(state: State, move: Any) -> Iterator[Violation]:
    i, player = active(state)
    found = list(room_missing(state, i, "pharmacy", "QU-707"))
    yield from found
    if not found and not player.line:
        yield checks.violation(
            "QU-707", N_("{player}'s waiting line is empty."), "/move", player=player.name
        )


@checks.move("QU-710", "QU-713", "QU-701", "QU-418", title=N_("Pathology"), moves=("pathology",))
def pathology(state: State, move: Any) -> Iterator[Violation]:
    i, _ = active(state)
    if state.round.pathology_used:
        yield checks.violation(
            "QU-710", N_("Pathology has already been used this round."), "/round/pathology_used"
        )
    yield from room_missing(state, i, "pathology", "QU-710")
    t = state.index(move.player)
    x, y = move.corner
    if t < 0 or not any(
        (p in layout(state, t).tiles and layout(state, t).tiles[p].grey)
        for p in Layout.station_tiles((x, y))
    ):
        yield checks.violation(
            "QU-710",
            N_("The 2×2 area whose lower left square is {place} holds no grey cube."),
            "/move/corner",
            place=words.at(layout(state, t).tiles if t >= 0 else (), (x, y)),
        )
    if move.keep:
        yield from room_missing(state, i, "lab", "QU-713", "/move/keep")


@checks.move("QU-705", "QU-701", "QU-418", title=N_("Gift Shop"), moves=("gift_shop",))
def gift_shop(state: State, move: Any) -> Iterator[Violation]:
    i, _ = active(state)
    yield from room_missing(state, i, "gift_shop", "QU-705")
    if box_cubes(state).get(move.colour) == 0:
        yield checks.violation(
            "QU-705",
            N_("The box holds no spent {colour} cube."),
            f"/box/{move.colour}",
            colour=words.colour(move.colour, "cube"),
        )


@checks.move("QU-712", "QU-701", "QU-418", title=N_("Cafeteria"), moves=("cafeteria",))
def cafeteria(state: State, move: Any) -> Iterator[Violation]:
    i, player = active(state)
    r = state.round
    yield from room_missing(state, i, "cafeteria", "QU-712")
    if r.cafeteria_used or r.actions_used or r.draws:
        yield checks.violation(
            "QU-712", N_("The Cafeteria works once, at the start of the round."), "/round"
        )
    if state.marker_supply:
        if move.source is not None:
            yield checks.violation(
                "QU-712", N_("The supply still has markers: take one from there."), "/move/source"
            )
    else:
        other = state.player(move.source or "")
        if other is None or other.name == player.name or other.markers == 0:
            yield checks.violation(
                "QU-712",
                N_("The supply is empty: name an opponent who holds a marker."),
                "/move/source",
            )


# --- effects --------------------------------------------------------------------------------


def _targets(move: Any) -> list[Pos]:
    if move.type == "renovate":
        return [_pos(s.to) for s in move.steps if s.to is not None]
    return [_pos(move.at)] if move.at is not None else []


def _lobby_paths(lay: Layout, targets: list[Pos], frame: Layout) -> Iterator[Violation]:
    """QU-412 after a placement. A working Helipad lifts it; while the Helipad is
    quarantined the new tiles must reach the lobby again, but tiles placed without a
    connection while it worked may stay (QU-715)."""
    lobby = lay.lobby()
    if lobby is None or lay.working("helipad"):
        return
    reached = lay.reach(lobby, doors=True)
    if lay.has("helipad"):
        lost = [p for p in targets if p not in reached]
        if lost:
            yield checks.violation(
                "QU-715",
                N_(
                    "The Helipad is quarantined, so the new tile {place} must reach the lobby through doors."
                ),
                "/move",
                place=words.at(frame.tiles, lost[0]),
            )
        return
    lost = [p for p in lay.tiles if p not in reached]
    if lost:
        yield checks.violation(
            "QU-412",
            N_("The tile {place} would not reach the lobby through doors."),
            "/move",
            place=words.at(frame.tiles, lost[0]),
        )


@checks.effect(
    "QU-410",
    "QU-402",
    "QU-413",
    "QU-415",
    "QU-412",
    "QU-414",
    "QU-416",
    "QU-417",
    "QU-715",
    "QU-702",
    title=N_("Placing tiles"),
    moves=(*PLACING, "renovate"),
)
def placement(before: State, move: Any, after: State) -> Iterator[Violation]:
    i = before.index(before.round.active)
    player = after.players[i]
    targets = _targets(move)
    if not targets and move.type != "renovate":
        if len(player.set_aside) > 2:
            yield checks.violation(
                "QU-417",
                N_("{player} would keep {count} unplaced tiles; at most 2 are allowed."),
                "/move/at",
                player=player.name,
                count=len(player.set_aside),
            )
        return
    lay = Layout.of(player.hospital)
    old = layout(before, i)
    helipad = bool(old.working("helipad"))
    for pos in targets:
        if lay.overlaps and pos in lay.overlaps:
            yield checks.violation(
                "QU-413",
                N_("The square {place} already holds a tile."),
                "/move",
                place=words.at(old.tiles, pos),
            )
            return
    if move.type != "renovate" and not helipad:
        pos = targets[0]
        if not lay.connections(pos):
            if old.has("helipad"):
                yield checks.violation(
                    "QU-715",
                    N_("The Helipad is quarantined: new tiles must join through a door again."),
                    "/move/at",
                )
            elif lay.adjacent(pos):
                yield checks.violation(
                    "QU-402",
                    N_("No door of the new tile {place} meets a door of the hospital."),
                    "/move/at",
                    place=words.at(old.tiles, pos),
                )
            else:
                yield checks.violation(
                    "QU-410",
                    N_("The new tile {place} touches no tile of the hospital."),
                    "/move/at",
                    place=words.at(old.tiles, pos),
                )
            return
    for pos in targets:
        links = [lay.tiles[n].grey for n in lay.connections(pos)]
        if any(links) and all(links):
            yield checks.violation(
                "QU-415",
                N_("The tile {place} connects only to quarantined tiles."),
                "/move",
                place=words.at(old.tiles, pos),
            )
    yield from _lobby_paths(lay, targets, old)
    if lay.groups() > 1:
        yield checks.violation(
            "QU-414",
            N_("The hospital would fall apart into {count} groups of tiles."),
            "/move",
            count=lay.groups(),
        )
    if not lay.lobby_open():
        yield checks.violation(
            "QU-416",
            N_("The lobby would be enclosed, with no free side open to the outside."),
            "/move",
        )
    if move.type == "renovate":
        for pos, tile in lay.tiles.items():
            if len(tile.patients) > capacity(lay, pos, working=False):
                yield checks.violation(
                    "QU-702",
                    N_("The room {place} would hold more patients than its Supply Room allows."),
                    "/move",
                    place=words.at(old.tiles, pos),
                )
    if len(player.set_aside) > 2:
        yield checks.violation(
            "QU-417",
            N_("{player} would keep {count} unplaced tiles; at most 2 are allowed."),
            "/move",
            player=player.name,
            count=len(player.set_aside),
        )


# --- apply ----------------------------------------------------------------------------------


def _add(heap: Cubes, other: Cubes, sign: int = 1) -> None:
    for c in (*COLOURS, "grey"):
        setattr(heap, c, heap.get(c) + sign * other.get(c))


def _to_box(state: State, cubes: Cubes) -> None:
    """Spent cubes go to the box (which stays uncounted if it was not counted)."""
    if state.box is not None:
        _add(state.box, cubes)


def _trigger(state: State) -> bool:
    if not state.end.triggered and (tiles_left(state) == 0 or state.bag.coloured() == 0):
        state.end.triggered = True
        state.end.final_rounds_left = len(state.players)
        return True
    return False


def _place(player: Player, tile: LooseTile, at: Sequence[int] | None, rotation: int) -> None:
    if at is None:
        player.set_aside.append(tile)
    else:
        player.hospital.append(
            Tile(
                kind=tile.kind,
                colour=tile.colour,
                extra=tile.extra,
                x=at[0],
                y=at[1],
                rotation=cast(Rotation, rotation % 360),
                doors=list(tile.doors),
            )
        )


def _tile_at(player: Player, pos: Pos) -> Tile | None:
    return next((t for t in player.hospital if (t.x, t.y) == pos), None)


def apply(state: State, move: Any) -> tuple[State, list[Message]]:
    s = State.model_validate_json(state.model_dump_json())  # faster than a deep copy
    s._cache = {}
    i = s.index(s.round.active)
    me = s.players[i]
    r = s.round
    said: list[Message] = []
    if move.type in ACTION_MOVES:
        if r.actions_used >= 4 + r.markers_spent:
            me.markers -= 1
            r.markers_spent += 1
            s.marker_supply += 1
            said.append(
                checks.message(N_("{player} spends an extra-action marker."), player=me.name)
            )
        r.actions_used += 1
    handler = _HANDLERS[move.type]
    said.extend(handler(s, me, move))
    if _trigger(s):
        said.append(checks.message(N_("The end of the game is triggered.")))
    return s, said


def _place_patient(s: State, me: Player, move: Any) -> list[Message]:
    setattr(s.bag, move.colour, s.bag.get(move.colour) - 1)
    s.round.draws += 1
    target = s.players[s.index(move.player)]
    if move.emergency:
        room = next(
            t for t in target.hospital if t.kind == "emergency" and not t.grey and not t.patients
        )
        room.patients.append(move.colour)
        return [
            checks.message(
                N_("A {colour} patient goes straight into {player}'s Emergency."),
                colour=words.colour(move.colour, "patient"),
                player=target.name,
            )
        ]
    target.line.append(move.colour)
    return [
        checks.message(
            N_("A {colour} patient joins the end of {player}'s waiting line."),
            colour=words.colour(move.colour, "patient"),
            player=target.name,
        )
    ]


def _place_grey(s: State, me: Player, move: Any) -> list[Message]:
    s.bag.grey -= 1
    if move.at is None:
        s.grey_supply += 1
        if not s.round.first_round:
            s.round.draws += 1
        return [checks.message(N_("The grey cube goes to the supply."))]
    s.round.draws += 1
    target = s.players[s.index(move.player)]
    tile = _tile_at(target, _pos(move.at))
    assert tile is not None
    tile.grey = True
    frame = [(t.x, t.y) for t in target.hospital]
    said = [
        checks.message(
            N_("{player}'s tile {place} is quarantined."),
            player=target.name,
            place=words.at(frame, (tile.x, tile.y)),
        )
    ]
    for at in move.spread:
        other = _tile_at(target, _pos(at))
        assert other is not None
        other.grey = True
        s.grey_supply -= 1
        said.append(
            checks.message(
                N_("The disease spreads to the tile {place}."),
                place=words.at(frame, (other.x, other.y)),
            )
        )
    return said


def _admit(s: State, me: Player, move: Any) -> list[Message]:
    for at in move.rooms:
        tile = _tile_at(me, _pos(at))
        assert tile is not None
        tile.patients.append(me.line.pop(0))
    return [
        checks.message(
            N_plural("{count} patient is admitted.", "{count} patients are admitted."),
            count=len(move.rooms),
        )
    ]


def _treat(s: State, me: Player, move: Any) -> list[Message]:
    colours = {move.colour} | ({move.on_call} if move.on_call else set())
    n = 0
    for t in me.hospital:
        if t.grey:
            continue
        keep = [c for c in t.patients if c not in colours]
        for c in t.patients:
            if c in colours:
                setattr(me.supply, c, me.supply.get(c) + 1)
                n += 1
        t.patients = keep
    if n == 0:
        return [checks.message(N_("No patient is treated."))]
    return [
        checks.message(
            N_plural(
                "{count} patient is treated and joins {player}'s personal supply.",
                "{count} patients are treated and join {player}'s personal supply.",
            ),
            count=n,
            player=me.name,
        )
    ]


def _contract(s: State, me: Player, move: Any) -> list[Message]:
    stack = next(st for st in s.market if st.kind == move.kind)
    s.market.remove(stack)
    _add(me.supply, move.price, -1)
    me.contracts.append(Contract(kind=move.kind, count=stack.count, price=move.price.model_copy()))
    return [
        checks.message(
            N_("{player} sets a price on the stack of {kind}."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]


def _loose(
    move: Any, kind: TileKind, colour: Colour | None = None, extra: bool = False
) -> LooseTile:
    return LooseTile(kind=kind, colour=colour, extra=extra, doors=list(move.doors))


def _claim(s: State, me: Player, move: Any) -> list[Message]:
    c = next(c for c in me.contracts if c.kind == move.kind)
    c.count -= 1
    me.contracts.remove(c)
    if c.count:
        s.market.append(Stack(kind=c.kind, count=c.count, price=c.price))
    else:
        _to_box(s, c.price)
    _place(me, _loose(move, move.kind), move.at, move.rotation)
    return [
        checks.message(
            N_("{player} takes a tile of {kind} from the contract."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]


def _buy_special(s: State, me: Player, move: Any) -> list[Message]:
    _add(me.supply, move.pay, -1)
    s.round.bought_special.append(move.kind)
    said = [
        checks.message(
            N_("{player} buys a tile of {kind}."),
            player=me.name,
            kind=words.room(move.kind, "gen"),
        )
    ]
    if move.seller is None:
        stack = next(st for st in s.market if st.kind == move.kind)
        stack.count -= 1
        _to_box(s, move.pay)
        if stack.count == 0:
            _to_box(s, stack.price)
            stack.price = Cubes()
    else:
        seller = s.players[s.index(move.seller)]
        c = next(c for c in seller.contracts if c.kind == move.kind)
        c.count -= 1
        if any(t.kind == "security" and not t.grey for t in seller.hospital):
            paid = move.pay.model_copy(update={"grey": 0})
            _add(seller.supply, paid)
            _to_box(s, Cubes(grey=move.pay.grey))
            said.append(
                checks.message(N_("Security: the payment goes to {player}."), player=seller.name)
            )
        else:
            _to_box(s, move.pay)
        if c.count == 0:
            _add(seller.supply, c.price)
            seller.contracts.remove(c)
        if s.marker_supply:
            s.marker_supply -= 1
            seller.markers += 1
            said.append(
                checks.message(N_("{player} gains an extra-action marker."), player=seller.name)
            )
    _place(me, _loose(move, move.kind), move.at, move.rotation)
    return said


def _buy_treatment(s: State, me: Player, move: Any) -> list[Message]:
    _add(me.supply, move.pay, -1)
    _to_box(s, move.pay)
    stack = next(st for st in s.market if st.kind == "treatment" and st.colour == move.colour)
    stack.count -= 1
    s.round.bought_treatment.append(move.colour)
    _place(me, _loose(move, "treatment", move.colour, True), move.at, move.rotation)
    return [
        checks.message(
            N_("{player} adds an extra {colour} treatment room."),
            player=me.name,
            colour=words.colour(move.colour, "room"),
        )
    ]


def _place_set_aside(s: State, me: Player, move: Any) -> list[Message]:
    tile = me.set_aside.pop(move.index)
    _place(me, tile, move.at, move.rotation)
    return [
        checks.message(
            N_("{player} places a tile of {kind} kept beside the hospital."),
            player=me.name,
            kind=words.room(tile.kind, "gen"),
        )
    ]


def _move_patients(s: State, me: Player, move: Any) -> list[Message]:
    me.line = list(move.line)
    return [checks.message(N_("{player}'s waiting line is rearranged."), player=me.name)]


def _take_marker(s: State, me: Player, move: Any) -> list[Message]:
    s.marker_supply -= 1
    me.markers += 1
    s.round.markers_taken += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]


def _disinfect(s: State, me: Player, move: Any) -> list[Message]:
    target = s.players[s.index(move.player)]
    tile = _tile_at(target, _pos(move.at))
    assert tile is not None
    tile.grey = False
    if move.keep:
        me.supply.grey += 1
    else:
        s.grey_supply += 1
    return [
        checks.message(
            N_("{player}'s tile {place} is disinfected."),
            player=target.name,
            place=words.at([(t.x, t.y) for t in target.hospital], (tile.x, tile.y)),
        )
    ]


def _renovate(s: State, me: Player, move: Any) -> list[Message]:
    s.round.renovated = True
    lifted: list[tuple[LooseTile, Any, int]] = []
    for step in move.steps:
        if step.source is not None:
            tile = _tile_at(me, _pos(step.source))
            assert tile is not None
            me.hospital.remove(tile)
            loose = LooseTile(
                kind=tile.kind, colour=tile.colour, extra=tile.extra, doors=list(tile.doors)
            )
            lifted.append((loose, step.to, step.rotation_from(tile.rotation)))
    for k in sorted({st.set_aside for st in move.steps if st.set_aside is not None}, reverse=True):
        tile_l = me.set_aside.pop(k)
        step = next(st for st in move.steps if st.set_aside == k)
        lifted.append((tile_l, step.to, step.rotation_from(0)))
    for loose, to, rotation in lifted:
        _place(me, loose, to, rotation)
    return [
        checks.message(
            N_plural("{player} renovates {count} tile.", "{player} renovates {count} tiles."),
            player=me.name,
            count=len(move.steps),
        )
    ]


def _pharmacy(s: State, me: Player, move: Any) -> list[Message]:
    cube = me.line.pop(0)
    setattr(me.supply, cube, me.supply.get(cube) + 1)
    return [
        checks.message(
            N_("Pharmacy: the first patient in line, a {colour} one, is treated."),
            colour=words.colour(cube, "patient"),
        )
    ]


def _pathology(s: State, me: Player, move: Any) -> list[Message]:
    s.round.pathology_used = True
    target = s.players[s.index(move.player)]
    n = 0
    for pos in Layout.station_tiles(_pos(move.corner)):
        tile = _tile_at(target, pos)
        if tile is not None and tile.grey:
            tile.grey = False
            n += 1
    if move.keep:
        me.supply.grey += 1
        s.grey_supply += n - 1
    else:
        s.grey_supply += n
    return [
        checks.message(
            N_plural(
                "Pathology removes {count} grey cube.", "Pathology removes {count} grey cubes."
            ),
            count=n,
        )
    ]


def _gift_shop(s: State, me: Player, move: Any) -> list[Message]:
    if s.box is not None:
        setattr(s.box, move.colour, s.box.get(move.colour) - 1)
    setattr(me.supply, move.colour, me.supply.get(move.colour) + 1)
    return [
        checks.message(
            N_("{player} takes a spent {colour} cube from the box."),
            player=me.name,
            colour=words.colour(move.colour, "cube"),
        )
    ]


def _cafeteria(s: State, me: Player, move: Any) -> list[Message]:
    s.round.cafeteria_used = True
    if move.source is None:
        s.marker_supply -= 1
    else:
        s.players[s.index(move.source)].markers -= 1
    me.markers += 1
    return [checks.message(N_("{player} gains an extra-action marker."), player=me.name)]


def _end_round(s: State, me: Player, move: Any) -> list[Message]:
    n = len(s.players)
    i = s.index(me.name)
    said = [checks.message(N_("{player}'s round ends."), player=me.name)]
    for c in [c for c in me.contracts if c.claimable]:
        me.contracts.remove(c)
        s.market.append(Stack(kind=c.kind, count=c.count, price=c.price))
    if s.end.triggered:
        s.end.final_rounds_left = max(0, s.end.final_rounds_left - 1)
        if s.end.final_rounds_left == 0:
            s.end.over = True
            said.append(checks.message(N_("The game is over.")))
    nxt = (i + 1) % n
    first = s.round.first_round and nxt != 0
    s.round = type(s.round)(
        active=s.players[nxt].name, bag_holder=s.players[(nxt + 1) % n].name, first_round=first
    )
    for c in s.players[nxt].contracts:
        c.claimable = True
    return said


_HANDLERS = {
    "place_patient": _place_patient,
    "place_grey": _place_grey,
    "admit": _admit,
    "treat": _treat,
    "contract": _contract,
    "claim_contract": _claim,
    "buy_special": _buy_special,
    "buy_treatment": _buy_treatment,
    "place_set_aside": _place_set_aside,
    "move_patients": _move_patients,
    "take_marker": _take_marker,
    "disinfect": _disinfect,
    "renovate": _renovate,
    "pharmacy": _pharmacy,
    "pathology": _pathology,
    "gift_shop": _gift_shop,
    "cafeteria": _cafeteria,
    "end_round": _end_round,
}


# --- alternatives ---------------------------------------------------------------------------


def _legal(state: State, move_data: dict[str, Any]) -> bool:
    """Whether a move given as JSON data is well formed and legal."""
    from . import GAME

    try:
        move = GAME.move_adapter.validate_python(move_data)
    except ValueError:
        return False
    return GAME.is_legal(state, move)


def _heap(data: dict[str, Any] | None) -> Message:
    return _cube_list(Cubes.model_validate(data or {}))


def _frame(state: State, name: str | None) -> list[Pos]:
    player = state.player(name or "")
    return [(t.x, t.y) for t in player.hospital] if player else []


def describe(state: State, data: dict[str, Any]) -> Message:
    """A legal move in words, as a player would say it (for the alternatives)."""
    kind = data["type"]
    name = data.get("player")
    where = data.get("at") or data.get("corner")
    place = words.at(_frame(state, name), _pos(where)) if where and name else None
    said: dict[str, Message] = {
        "place_grey": checks.message(
            N_("Put the grey cube on {player}'s tile {place}."), player=name, place=place
        )
        if place
        else checks.message(N_("Put the grey cube in the supply.")),
        "admit": checks.message(
            N_plural("Admit {count} patient.", "Admit {count} patients."),
            count=len(data.get("rooms", ())),
        ),
        "contract": checks.message(
            N_("Make a contract for {kind} at a price of {cubes}."),
            kind=words.room(data.get("kind", ""), "acc"),
            cubes=_heap(data.get("price")),
        ),
        "buy_treatment": checks.message(
            N_("Buy an extra {colour} treatment room for {cubes}."),
            colour=words.colour(data.get("colour"), "room"),
            cubes=_heap(data.get("pay")),
        ),
        "disinfect": checks.message(
            N_("Disinfect {player}'s tile {place}."), player=name, place=place
        ),
        "pathology": checks.message(
            N_("Use Pathology on {player}'s 2×2 area whose lower left square is {place}."),
            player=name,
            place=place,
        ),
        "gift_shop": checks.message(
            N_("Take a spent {colour} cube from the box with the Gift Shop."),
            colour=words.colour(data.get("colour"), "cube"),
        ),
        "renovate": checks.message(
            N_plural("Renovate {count} tile.", "Renovate {count} tiles."),
            count=len(data.get("steps", ())),
        ),
    }
    if kind == "place_patient":
        template = (
            N_("Send the {colour} patient straight into {player}'s Emergency.")
            if data.get("emergency")
            else N_("Put the {colour} patient at the end of {player}'s waiting line.")
        )
        return checks.message(
            template, colour=words.colour(data.get("colour"), "patient"), player=name
        )
    if kind == "treat":
        if data.get("on_call"):
            return checks.message(
                N_("Treat the {colour} patients, and the {other} ones through the On Call Room."),
                colour=words.colour(data.get("colour"), "patients"),
                other=words.colour(data.get("on_call"), "patients"),
            )
        return checks.message(
            N_("Treat the {colour} patients."), colour=words.colour(data.get("colour"), "patients")
        )
    if kind == "buy_special":
        if data.get("seller"):
            return checks.message(
                N_("Buy a tile of {kind} from {seller}'s contract for {cubes}."),
                kind=words.room(data.get("kind", ""), "gen"),
                seller=data["seller"],
                cubes=_heap(data.get("pay")),
            )
        return checks.message(
            N_("Buy a tile of {kind} from the market for {cubes}."),
            kind=words.room(data.get("kind", ""), "gen"),
            cubes=_heap(data.get("pay")),
        )
    if kind == "cafeteria" and data.get("source"):
        return checks.message(
            N_("Take an extra-action marker from {player} with the Cafeteria."),
            player=data["source"],
        )
    if kind == "place_set_aside":
        return checks.message(
            N_("Place tile number {n} of those beside the hospital."), n=data.get("index", 0) + 1
        )
    return said.get(kind) or checks.message(N_("{move}."), move=words.move_name(kind))


def alternatives(state: State, move: Any) -> list[Alternative]:
    found: list[Alternative] = []
    if move.type == "place_grey" and not state.round.first_round:
        for i, p in enumerate(state.players):
            for x, y in grey_targets(state, i):
                data = {"type": "place_grey", "player": p.name, "at": [x, y]}
                found.append(
                    Alternative(
                        data,
                        checks.message(
                            N_("Put the grey cube on {player}'s tile {place}."),
                            player=p.name,
                            place=words.at(layout(state, i).tiles, (x, y)),
                        ),
                    )
                )
                if len(found) >= 10:
                    return found
    elif move.type in PLACING and getattr(move, "at", None) is not None:
        i, _ = active(state)
        lay = layout(state, i)
        base: dict[str, Any] = move.model_dump(mode="json")
        spots = sorted({neighbour(p, side) for p in lay.tiles for side in SIDES} - set(lay.tiles))
        for x, y in spots:
            for rotation in (0, 90, 180, 270):
                cand: dict[str, Any] = {**base, "at": [x, y], "rotation": rotation}
                if _legal(state, cand):
                    found.append(
                        Alternative(
                            cand,
                            checks.message(
                                N_("Place the tile {place}, turned {rotation} degrees."),
                                place=words.at(lay.tiles, (x, y)),
                                rotation=rotation,
                            ),
                        )
                    )
                    break
            if len(found) >= 10:
                break
    else:
        import random

        from .sampler import sample_moves

        for data in sample_moves(state, random.Random(0), limit=5, types={move.type}):
            found.append(Alternative(data, describe(state, data)))
    return found


__all__ = ["alternatives", "apply", "turn"]
