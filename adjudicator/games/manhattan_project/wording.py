"""A move in words, as a sentence the player to move reads: the legal alternatives to an
illegal move and the listed legal actions (OPTIONS) are said by :func:`sentence`.

A sentence names everything that tells two moves apart: the worker (one of the player's own
or a contractor), the space, the output chosen, the contractors a university's gain comes as,
and the pieces that staff a building or a bomb.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...core.i18n import N_, Localized, Message, N_plural, Name
from .data import REPAIR_OTHER_COSTS, SPACE_SPECS
from .logic import WORKER_KEYS, slot_price
from .models import KINDS, State
from .vocab import (
    DOMAIN,
    amount,
    amounts,
    bomb_place,
    building_place,
    joined,
    message,
    ordinal,
    slot_place,
    space_name,
    worker_name,
)

Data = dict[str, Any]


def _worker(data: Data, *, instrument: bool) -> Message:
    """The worker a move places: "one of your laborers" or "a contractor (laborer)"; with
    ``instrument``, the same after "with" (each language words the two apart)."""
    ref = data.get("worker") or {}
    kind = ref.get("kind", "laborer")
    if ref.get("contractor") and instrument:
        return message(N_("with a contractor ({kind})"), kind=worker_name(kind))
    if ref.get("contractor"):
        return message(N_("a contractor ({kind})"), kind=worker_name(kind))
    if instrument:
        return message(N_("with one of your {kind}"), kind=worker_name(kind, "pl"))
    return message(N_("one of your {kind}"), kind=worker_name(kind, "pl"))


def _staff(refs: Sequence[Data]) -> Localized:
    """The pieces that staff a building or a bomb: "2 laborers and 1 contractor (engineer)"."""
    own = Counter(r["kind"] for r in refs if not r.get("contractor"))
    grey = Counter(r["kind"] for r in refs if r.get("contractor"))
    parts: list[object] = [amount(kind + "s", own[kind]) for kind in KINDS if own[kind]]
    parts += [
        message(
            N_plural("{count} contractor ({kind})", "{count} contractors ({kind})"),
            count=grey[kind],
            kind=worker_name(kind),
        )
        for kind in KINDS
        if grey[kind]
    ]
    return joined(parts) if parts else message(N_("nothing"))


def _gain(data: Data) -> Localized | None:
    """What a central space gives, where the move chooses it: its output option, and how
    many of a university's workers come as contractors."""
    spec = SPACE_SPECS[data["space"]]
    output = spec.outputs[data.get("output") or 0] if spec.outputs else {}
    grey = data.get("contractors")
    if grey is None and data.get("output") is None:
        return None
    gain = amounts(output)
    gained = sum(n for k, n in output.items() if k in WORKER_KEYS)
    if not grey or not gained:
        return gain
    if grey >= gained:
        return message(
            N_plural("{gain} as a contractor", "{gain} as contractors"), count=gained, gain=gain
        )
    return message(
        N_plural(
            "{gain}, {count} of them as a contractor", "{gain}, {count} of them as contractors"
        ),
        count=grey,
        gain=gain,
    )


def _building(state: State, owner: str, index: int) -> Message | None:
    player = state.player(owner)
    if player is None or index >= len(player.buildings):
        return None
    return building_place(player.colour, index, player.buildings[index].kind)


def _given(amount_: Any) -> Localized:
    """Amounts as a player reads them: only what is not zero."""
    data = amount_.model_dump() if hasattr(amount_, "model_dump") else dict(amount_)
    return amounts({k: v for k, v in data.items() if v})


def _building_choice(state: State, data: Data) -> tuple[Any, Any]:
    """The output and the cost a placement on a building chooses, where its card offers a
    choice of them (``None`` where it does not)."""
    player = state.player(data.get("owner") or state.turn.active)
    if player is None or data["building"] >= len(player.buildings):
        return None, None
    card = player.buildings[data["building"]]
    if len(card.outputs) < 2 and len(card.costs) < 2:
        return None, None
    gain = _given(card.outputs[data.get("output") or 0]) if card.outputs else None
    if len(card.costs) < 2 or gain is None:
        return gain, None
    return gain, _given(card.costs[data.get("cost") or 0])


def _central(state: State, data: Data) -> Message:
    gain = _gain(data)
    worker = _worker(data, instrument=False)
    space = space_name(data["space"])
    if gain is None:
        return message(N_("Place {worker} on {space}."), worker=worker, space=space)
    return message(
        N_("Place {worker} on {space} and take {gain}."), worker=worker, space=space, gain=gain
    )


def _construct(state: State, data: Data) -> Message:
    slot = data.get("slot")
    card = state.market[slot] if slot is not None and slot < len(state.market) else None
    if slot is None or card is None:
        return message(
            N_("Place {worker} on Construction and build nothing."),
            worker=_worker(data, instrument=False),
        )
    return message(
        N_("Build the {building} from {slot} {worker}."),
        building=Name(DOMAIN, "building", card.kind),
        slot=slot_place(slot, slot_price(state, slot)),
        worker=_worker(data, instrument=True),
    )


def _air_strike(state: State, data: Data) -> Message:
    attacks = data.get("attacks") or []
    params = {
        "space": space_name(data.get("space") or "air_strike_1"),
        "worker": _worker(data, instrument=True),
    }
    if not attacks:
        return message(N_("Take {space} {worker} and make no attack."), **params)
    if len(attacks) > 1:
        return message(
            N_plural(
                "Take {space} {worker} and make {count} attack.",
                "Take {space} {worker} and make {count} attacks.",
            ),
            count=len(attacks),
            **params,
        )
    attack = attacks[0]
    victim = state.player(attack["target"])
    if attack["kind"] == "bomber" and victim is not None and victim.buildings:
        index = attack.get("building") or 0
        if index < len(victim.buildings):
            building = building_place(victim.colour, index, victim.buildings[index].kind)
            return message(
                N_("Take {space} {worker} and bomb {building}."), **params, building=building
            )
    return message(
        N_("Take {space} {worker} and attack {owner} {aircraft} with a fighter."),
        **params,
        owner=Name(DOMAIN, "colour", attack["target"], "gen"),
        aircraft=Name(DOMAIN, "resource", attack.get("aircraft") or "fighters", "pl"),
    )


def _repair(state: State, data: Data) -> Message:
    places = [_building(state, state.turn.active, j) for j in data.get("own") or ()]
    others = data.get("others") or ()
    for other in others:
        places += [_building(state, other["player"], j) for j in other["buildings"]]
    worker = _worker(data, instrument=True)
    if not places:
        return message(
            N_("Take {space} {worker}, pay $5 and repair nothing."),
            space=space_name("repair"),
            worker=worker,
        )
    if len(places) == 1 and places[0] is not None and others:
        return message(
            N_("Repair 1 damage point of {building} {worker}; {owner} pays ${cost} for it."),
            building=places[0],
            worker=worker,
            owner=Name(DOMAIN, "colour", others[0]["player"]),
            cost=REPAIR_OTHER_COSTS[0],
        )
    if len(places) == 1 and places[0] is not None:
        return message(
            N_("Repair 1 damage point of {building} {worker}."), building=places[0], worker=worker
        )
    return message(
        N_plural("Repair {count} damage point {worker}.", "Repair {count} damage points {worker}."),
        count=len(places),
        worker=worker,
    )


def _on_building(state: State, data: Data) -> Message | None:
    owner = state.player(data.get("owner") or state.turn.active)
    index = data["building"]
    if owner is None or index >= len(owner.buildings):
        return None
    building = building_place(owner.colour, index, owner.buildings[index].kind)
    gain, cost = _building_choice(state, data)
    params = {"workers": _staff(data.get("workers") or ()), "building": building}
    if gain is None:
        return message(N_("Place {workers} on {building}."), **params)
    if cost is None:
        return message(N_("Place {workers} on {building} and take {gain}."), **params, gain=gain)
    return message(
        N_("Place {workers} on {building} and take {gain} for {cost}."),
        **params,
        gain=gain,
        cost=cost,
    )


def _bomb_move(state: State, data: Data) -> Message | None:
    me = state.active
    kind = data["type"]
    if kind == "build_bomb":
        if data["card"] >= len(me.hand):
            return None
        return message(
            N_("Build the {nth} in your hand ({kind}) with {workers}."),
            nth=ordinal(data["card"] + 1, "card"),
            kind=Name(DOMAIN, "bomb", me.hand[data["card"]].kind),
            workers=_staff(data.get("workers") or ()),
        )
    if data["bomb"] >= len(me.bombs):
        return None
    bomb = bomb_place(me.colour, data["bomb"], me.bombs[data["bomb"]].card.kind)
    if kind == "test_bomb":
        return message(N_("Test {bomb}."), bomb=bomb)
    return message(N_("Load {bomb}."), bomb=bomb)


#: The moves said without a parameter.
PLAIN = {"end_turn": N_("End the turn."), "retrieve": N_("Retrieve your workers.")}


def sentence(state: State, data: Data) -> Message:
    """A candidate move (its JSON, as the player would submit it) in one sentence."""
    kind = data["type"]
    said: Message | None = None
    if kind == "place_central":
        said = _central(state, data)
    elif kind == "construct":
        said = _construct(state, data)
    elif kind == "air_strike":
        said = _air_strike(state, data)
    elif kind == "repair":
        said = _repair(state, data)
    elif kind == "place_building":
        said = _on_building(state, data)
    elif kind in ("build_bomb", "test_bomb", "load_bomb"):
        said = _bomb_move(state, data)
    elif kind in PLAIN:
        said = message(PLAIN[kind])
    return said if said is not None else message(N_("{move}."), move=Name(DOMAIN, "move", kind))
