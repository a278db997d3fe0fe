"""Seats and phones: which phone holds which seat, and whose move the next one is.

A phone that takes a seat enters that seat's moves, and no other phone may while it holds
it; a seat that no phone holds may be played from any phone, and the log then says who
entered the move for whom. A phone is known by a random token (a cookie), never by a name
it gives itself."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, delete, insert, select
from sqlalchemy.engine import Connection

from adjudicator.core.game import Game
from adjudicator.core.i18n import N_

from .store import SeatRow, TableRow, now

_S = cast(Table, SeatRow.__table__)

#: The phone token's length in bytes (URL-safe base 64: 16 characters).
PHONE_BYTES = 12


def new_phone() -> str:
    return secrets.token_urlsafe(PHONE_BYTES)


def holders(conn: Connection, table_id: int) -> dict[str, str]:
    """Each taken seat's phone, by seat name."""
    rows = conn.execute(select(_S.c.seat, _S.c.phone).where(_S.c.table_id == table_id))
    return {r.seat: r.phone for r in rows}


def take(conn: Connection, table_id: int, seat: str | None, phone: str) -> None:
    """The phone gives up the seat it held at this table and takes ``seat`` (none: it
    watches). A seat another phone held passes to this one: a phone may run out of battery
    and its player go on from another."""
    conn.execute(delete(_S).where(_S.c.table_id == table_id, _S.c.phone == phone))
    if seat is None:
        return
    conn.execute(delete(_S).where(_S.c.table_id == table_id, _S.c.seat == seat))
    conn.execute(insert(_S).values(table_id=table_id, seat=seat, phone=phone, taken_at=now()))


def seat_of(players: Sequence[Mapping[str, Any]], key: str | None) -> str | None:
    """The table's seat (its name) that plays the game's player ``key`` (a name or a side)."""
    if key is None:
        return None
    for player in players:
        if key in (player.get("name"), player.get("side")):
            return str(player["name"])
    return None


def to_move(game: Game, table: TableRow) -> str | None:
    """The seat whose move comes next (``None``: the game cannot tell, or no seat plays it)."""
    if game.to_move is None:
        return None
    try:
        key = game.to_move(game.parse_state(table.state))
    except Exception:  # a state the game cannot read: nobody's move in particular
        return None
    return seat_of(table.players, key)


@dataclass(frozen=True)
class Entering:
    """Who enters a move: the phone's seat (``None``: a phone without one) for the seat
    whose move it is (``None``: not known)."""

    by: str | None
    seat: str | None

    @property
    def for_another(self) -> bool:
        return self.seat is not None and self.by != self.seat


NOT_YOUR_SEAT = N_("It is {seat}'s move, and the phone at that seat enters it.")
