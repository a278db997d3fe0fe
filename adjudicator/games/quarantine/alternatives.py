"""The legal alternatives to an illegal move, and a legal move said in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.i18n import N_, Localized, Message, N_plural
from ...core.verdicts import Alternative
from . import vocab as words
from .geometry import SIDES, Pos, layout, neighbour
from .models import Cubes, State
from .moves import TilePlacement
from .rules import checks
from .rules.common import active, as_pos, cubes_named
from .rules.draw import grey_targets

Move = dict[str, Any]
"""A move as JSON data."""


def is_legal(state: State, move_data: dict[str, Any]) -> bool:
    """Whether a move given as JSON data is well formed and legal."""
    from . import GAME

    try:
        move = GAME.move_adapter.validate_python(move_data)
    except ValueError:
        return False
    return GAME.is_legal(state, move)


def _heap(data: dict[str, Any] | None) -> Localized:
    return cubes_named(Cubes.model_validate(data or {}))


def _frame(state: State, name: str | None) -> list[Pos]:
    player = state.player(name or "")
    return [(t.x, t.y) for t in player.hospital] if player else []


def _place(state: State, data: Move) -> Message | None:
    """The square a move names (``at`` or ``corner``) on its player's hospital, in words."""
    name = data.get("player")
    where = data.get("at") or data.get("corner")
    return words.at(_frame(state, name), as_pos(where)) if where and name else None


def _grey(state: State, data: Move) -> Message:
    place = _place(state, data)
    if place is None:
        return checks.message(N_("Put the grey cube in the supply."))
    return checks.message(
        N_("Put the grey cube on {player}'s tile {place}."), player=data["player"], place=place
    )


def _patient(state: State, data: Move) -> Message:
    template = (
        N_("Send the {colour} patient straight into {player}'s Emergency.")
        if data.get("emergency")
        else N_("Put the {colour} patient at the end of {player}'s waiting line.")
    )
    return checks.message(
        template, colour=words.colour(data.get("colour"), "patient"), player=data.get("player")
    )


def _treat(state: State, data: Move) -> Message:
    colour = words.colour(data.get("colour"), "patients")
    if data.get("on_call"):
        return checks.message(
            N_("Treat the {colour} patients, and the {other} ones through the On Call Room."),
            colour=colour,
            other=words.colour(data.get("on_call"), "patients"),
        )
    return checks.message(N_("Treat the {colour} patients."), colour=colour)


def _admit(state: State, data: Move) -> Message:
    return checks.message(
        N_plural("Admit {count} patient.", "Admit {count} patients."),
        count=len(data.get("rooms", ())),
    )


def _contract(state: State, data: Move) -> Message:
    return checks.message(
        N_("Make a contract for {kind} at a price of {cubes}."),
        kind=words.room(data.get("kind", ""), "acc"),
        cubes=_heap(data.get("price")),
    )


def _buy_special(state: State, data: Move) -> Message:
    kind = words.room(data.get("kind", ""), "gen")
    if data.get("seller"):
        return checks.message(
            N_("Buy a tile of {kind} from {seller}'s contract for {cubes}."),
            kind=kind,
            seller=data["seller"],
            cubes=_heap(data.get("pay")),
        )
    return checks.message(
        N_("Buy a tile of {kind} from the market for {cubes}."),
        kind=kind,
        cubes=_heap(data.get("pay")),
    )


def _buy_treatment(state: State, data: Move) -> Message:
    return checks.message(
        N_("Buy an extra {colour} treatment room for {cubes}."),
        colour=words.colour(data.get("colour"), "room"),
        cubes=_heap(data.get("pay")),
    )


def _claim(state: State, data: Move) -> Message:
    return checks.message(
        N_("Take a tile of {kind} from the contract."), kind=words.room(data.get("kind", ""), "gen")
    )


def _set_aside(state: State, data: Move) -> Message:
    return checks.message(
        N_("Place tile number {n} of those beside the hospital."), n=data.get("index", 0) + 1
    )


def _disinfect(state: State, data: Move) -> Message:
    return checks.message(
        N_("Disinfect {player}'s tile {place}."),
        player=data.get("player"),
        place=_place(state, data),
    )


def _renovate(state: State, data: Move) -> Message:
    return checks.message(
        N_plural("Renovate {count} tile.", "Renovate {count} tiles."),
        count=len(data.get("steps", ())),
    )


def _pathology(state: State, data: Move) -> Message:
    return checks.message(
        N_("Use Pathology on {player}'s 2×2 area whose lower left square is {place}."),
        player=data.get("player"),
        place=_place(state, data),
    )


def _gift_shop(state: State, data: Move) -> Message:
    return checks.message(
        N_("Take a spent {colour} cube from the box with the Gift Shop."),
        colour=words.colour(data.get("colour"), "cube"),
    )


def _cafeteria(state: State, data: Move) -> Message:
    if not data.get("source"):
        return checks.message(N_("{move}."), move=words.move_name("cafeteria"))
    return checks.message(
        N_("Take an extra-action marker from {player} with the Cafeteria."),
        player=data["source"],
    )


_SAY: dict[str, Callable[[State, Move], Message]] = {
    "place_patient": _patient,
    "place_grey": _grey,
    "admit": _admit,
    "treat": _treat,
    "contract": _contract,
    "buy_special": _buy_special,
    "buy_treatment": _buy_treatment,
    "claim_contract": _claim,
    "place_set_aside": _set_aside,
    "disinfect": _disinfect,
    "renovate": _renovate,
    "pathology": _pathology,
    "gift_shop": _gift_shop,
    "cafeteria": _cafeteria,
}


def describe(state: State, data: Move) -> Message:
    """A legal move in words, as a player would say it (for the alternatives and options)."""
    say = _SAY.get(data["type"])
    if say is None:
        return checks.message(N_("{move}."), move=words.move_name(data["type"]))
    return say(state, data)


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
    elif isinstance(move, TilePlacement) and move.at is not None:
        i, _ = active(state)
        lay = layout(state, i)
        base: dict[str, Any] = move.model_dump(mode="json")
        spots = sorted({neighbour(p, side) for p in lay.tiles for side in SIDES} - set(lay.tiles))
        for x, y in spots:
            for rotation in (0, 90, 180, 270):
                cand: dict[str, Any] = {**base, "at": [x, y], "rotation": rotation}
                if is_legal(state, cand):
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
