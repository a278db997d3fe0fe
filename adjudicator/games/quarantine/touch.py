"""Quarantine's moves on its picture (see :mod:`adjudicator.core.touch`).

The places: a hospital tile (``tile:Anna:0:1``, the player's name and the tile's square),
a player's waiting line (``line:Anna``) and a market stack (``market:lab``,
``market:treatment:blue``). A tap on a tile puts the grey cube there (or, while
disinfecting or admitting, names that tile); a tap on a waiting line puts the drawn
patient in it; a tap on a market stack buys from it (the payment and the tile's square
from the options list, see :func:`adjudicator.core.touch.tap`).
"""

from __future__ import annotations

from typing import Any

from ...core.touch import Touch
from .moves import book

#: The kinds whose move names one tile of one hospital (``player`` and ``at``).
ONE_TILE = ("place_grey", "disinfect")


def places(state: Any, move: dict[str, Any]) -> list[str]:
    """The places a move names (said by its kind, :mod:`.moves`)."""
    return book.places(state, move)


def put(state: Any, move: dict[str, Any], place: str) -> dict[str, Any] | None:
    """The move after a tap on ``place`` (``None``: not a place of this game)."""
    what, _, rest = place.partition(":")
    if what == "market" and rest:
        room, _, colour = rest.partition(":")
        # (no payment: unless a legal purchase fills it in, the verdict says why not)
        if room == "treatment":
            return {"type": "buy_treatment", "colour": colour, "pay": {}} if colour else None
        return {"type": "buy_special", "kind": room, "pay": {}}
    if what == "line" and rest:
        kept = {"colour": move["colour"]} if move.get("colour") else {}
        return {"type": "place_patient", "player": rest, **kept}
    if what != "tile":
        return None
    player, x, y = ([*rest.rsplit(":", 2), "", ""])[:3]
    try:
        at = [int(x), int(y)]
    except ValueError:
        return None
    kind = move.get("type")
    if kind == "admit" and player == state.round.active:
        move.setdefault("rooms", []).append(at)
        return move
    if kind not in ONE_TILE:
        move = {"type": "place_grey"}
    move.update(player=player, at=at)
    return move


TOUCH = Touch(places=places, put=put, fills=("colour",), same=("colour",))
