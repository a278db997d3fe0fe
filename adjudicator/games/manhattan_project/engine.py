"""Applying a move: ``apply(state, move)`` returns the new state and what happened, in words.

Everything the move changes is in what it returns; nothing is kept between calls."""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message, N_plural
from .data import (
    BRIBE_SLOTS,
    REPAIR_OTHER_COSTS,
    REPAIR_OWN_COST,
    SPACE_SPECS,
)
from .logic import (
    piece_counts,
    points,
    slot_price,
    target,
)
from .models import GREY, SPACES, Bomb, Building, BuildingRef, Piece, Player, State, Test, Turn
from .moves import (
    MOVE_TYPES,
    AirStrike,
    BuildBomb,
    Construct,
    DesignBomb,
    EndTurn,
    LoadBomb,
    Move,
    Negotiate,
    PlaceBuilding,
    PlaceCentral,
    Repair,
    Retrieve,
    TestBomb,
)
from .rules import checks
from .snapshot import copy_state, own_building, own_pieces, with_occupants
from .supply import PLURAL, follow_general_supply, gain, pay, take
from .vocab import amount as amount_of
from .vocab import (
    bomb_place,
    building_place,
    slot_place,
    space_name,
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


def apply(state: State, move: Move) -> tuple[State, list[Message]]:
    """The state after ``move`` and what happened, in words; ``state`` is left as it was."""
    new = copy_state(state)
    p = new.active
    out: list[Message] = []
    handler = _HANDLERS[move.type]
    handler(new, p, move, out)
    if new.general_supply is not None:
        follow_general_supply(new.general_supply, piece_counts(state), piece_counts(new))
    goal = target(new)
    for q in new.players:
        if q.points is not None:
            q.points = points(q)
        if points(q) >= goal:
            new.game_over = True
    return new, out


def _apply_central(new: State, p: Player, move: PlaceCentral, out: list[Message]) -> None:
    spec = SPACE_SPECS[move.space]
    new.board.space(move.space).extend(take(p, [move.worker]))
    pay(p, spec.cost)
    if not move.skip:
        gain(new, p, spec.outputs[move.output or 0], move.contractors, out)
        if move.space == "espionage":
            new.turn.espionage = True
    for q in new.players:
        if q is not p:
            gain(new, q, spec.group, None, out)
    if spec.bribe:
        new.bribe += 1
    _placed(new, 1)
    out.append(
        checks.message(
            N_("{player} places a worker on {space}."),
            player=checks.name("colour", p.colour),
            space=space_name(move.space),
        )
    )


def _apply_construct(new: State, p: Player, move: Construct, out: list[Message]) -> None:
    new.board.construction.extend(take(p, [move.worker]))
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
    params = {
        "player": checks.name("colour", p.colour),
        "kind": checks.name("building", card.kind),
        "slot": slot_place(
            move.slot, new.market_prices[move.slot] if move.slot < len(new.market_prices) else 20
        ),
    }
    if price == 0:
        out.append(checks.message(N_("{player} builds the {kind} from {slot} for free."), **params))
    else:
        out.append(
            checks.message(
                N_("{player} builds the {kind} from {slot} for ${price}."), **params, price=price
            )
        )


def _apply_air(new: State, p: Player, move: AirStrike, out: list[Message]) -> None:
    new.board.space(move.space).extend(take(p, [move.worker]))
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
            own_building(victim, attack.building).damage += 1
    out.append(
        checks.message(
            N_plural("{player} makes {count} attack.", "{player} makes {count} attacks.")
            if move.attacks
            else N_("{player} takes an air-strike space and makes no attack."),
            player=checks.name("colour", p.colour),
            count=len(move.attacks),
        )
    )


def _apply_repair(new: State, p: Player, move: Repair, out: list[Message]) -> None:
    new.board.repair.extend(take(p, [move.worker]))
    _placed(new, 1)
    p.money -= REPAIR_OWN_COST
    for index in move.own:
        own_building(p, index).damage -= 1
    for other in move.others:
        q = new.player(other.player)
        assert q is not None
        for k, index in enumerate(other.buildings):
            own_building(q, index).damage -= 1
            q.money -= REPAIR_OTHER_COSTS[k]
    repaired = len(move.own) + sum(len(o.buildings) for o in move.others)
    out.append(
        checks.message(
            N_plural(
                "{player} pays $5 for the Repair space; {count} damage point is removed.",
                "{player} pays $5 for the Repair space; {count} damage points are removed.",
            ),
            player=checks.name("colour", p.colour),
            count=repaired,
        )
    )


def _apply_design(new: State, p: Player, move: DesignBomb, out: list[Message]) -> None:
    new.board.design_bomb.extend(take(p, move.workers))
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
    b = own_building(owner, move.building)
    b.occupants.extend(take(p, move.workers))
    _placed(new, len(move.workers))
    if b.costs:
        pay(p, b.costs[move.cost])
    if not move.skip:
        gain(new, p, b.outputs[move.output], move.contractors, out)
    if owner is not p:
        new.turn.spied.append(BuildingRef(owner=owner.colour, building=move.building))
    out.append(
        checks.message(
            N_plural(
                "{player} places {count} worker on {building}.",
                "{player} places {count} workers on {building}.",
            ),
            player=checks.name("colour", p.colour),
            count=len(move.workers),
            building=building_place(owner.colour, move.building, b.kind),
        )
    )


def _apply_build(new: State, p: Player, move: BuildBomb, out: list[Message]) -> None:
    card = p.hand.pop(move.card)
    setattr(p, card.kind, getattr(p, card.kind) - card.fuel)
    p.bombs.append(Bomb(card=card, occupants=take(p, move.workers)))
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} builds a {kind}."),
            player=checks.name("colour", p.colour),
            kind=checks.name("bomb", card.kind),
        )
    )


def _apply_test(new: State, p: Player, move: TestBomb, out: list[Message]) -> None:
    bomb = p.bombs.pop(move.bomb)
    value = max(new.test_markers)
    new.test_markers.remove(value)
    p.test = Test(value=value, occupants=list(bomb.occupants))
    new.bomb_deck += 1
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} tests a plutonium bomb and takes the {value} test marker."),
            player=checks.name("colour", p.colour),
            value=value,
        )
    )


def _apply_load(new: State, p: Player, move: LoadBomb, out: list[Message]) -> None:
    bomb = p.bombs[move.bomb] = with_occupants(p.bombs[move.bomb])
    p.bombers -= bomb.card.load_cost
    bomb.loaded = True
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} loads {bomb} for {cost}: 5 more points."),
            player=checks.name("colour", p.colour),
            bomb=bomb_place(p.colour, move.bomb, bomb.card.kind),
            cost=amount_of("bombers", bomb.card.load_cost),
        )
    )


def _apply_negotiate(new: State, p: Player, move: Negotiate, out: list[Message]) -> None:
    out.append(
        checks.message(
            N_("{player} and {partner} agree on air strikes until {owner} next turn."),
            player=checks.name("colour", p.colour),
            owner=checks.name("colour", p.colour, "gen"),
            partner=checks.name("colour", move.partner),
        )
    )


def _apply_end(new: State, p: Player, move: EndTurn, out: list[Message]) -> None:
    _next_turn(new, "place")
    out.append(
        checks.message(
            N_("{player} ends the turn; {next} plays next."),
            player=checks.name("colour", p.colour),
            next=checks.name("colour", new.turn.active),
        )
    )


def _apply_retrieve(new: State, p: Player, move: Retrieve, out: list[Message]) -> None:
    own_pieces(new)

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
    out.append(
        checks.message(N_("{player} retrieves workers."), player=checks.name("colour", p.colour))
    )
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
