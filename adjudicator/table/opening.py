"""Opening a shared table: from a given state, a named example or a game's setup, within
the fair share of the client address that opens it."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import Field, StrictStr, TypeAdapter, ValidationError
from sqlalchemy import and_, func, insert, select
from sqlalchemy.engine import Connection

from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_

from . import codec
from .codes import new_short_code
from .log import parse_seats
from .reading import Reading, T
from .refusals import Full, TableError, TooMany, author_name, game_of
from .store import EntryRow, TableRow, aware, now

#: Join codes: 16 URL-safe characters from ``secrets`` (96 bits).
CODE_BYTES = 12


def address_key(address: str) -> str:
    """What the database keeps of a client's address: a hash (enough to count by)."""
    return hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:32]


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


class Opening(Reading):
    """Opening tables (see :class:`~adjudicator.table.service.Tables`)."""

    def open(
        self,
        game_id: str,
        players: Any = (),
        *,
        state: Any = None,
        example: str | None = None,
        variant: str | None = None,
        author: str | None = None,
        opened_by: str | None = None,
    ) -> TableRow:
        """Open a table from a given state, a named example, or the game's setup for that
        many players (``setup-<n>p``). Raises :class:`MalformedInput` for a bad state.
        ``opened_by`` (a client's address) counts against that address's fair share."""
        game = game_of(game_id)
        seats = parse_seats(list(players))
        variant = _variant(variant)
        if state is None:
            state = _setup(game, example, len(seats))
            state = rename_players(state, [s.name for s in seats])
        if variant is not None and isinstance(state, dict) and "variant" in state:
            state = {**state, "variant": variant}
        self._bounded_state(state)
        parsed = game.parse_state(state)
        state = parsed.model_dump(mode="json")
        report = codec.encode_report(game.report(parsed))
        seat_data = [s.model_dump(exclude_none=True) for s in seats]
        self.archive_idle()
        with self._writing() as conn:
            table_id = self._insert(conn, game.id, variant, seat_data, state, report, author,
                                    opened_by)  # fmt: skip
            found = conn.execute(select(T).where(T.c.id == table_id)).one()
        return TableRow(**found._mapping)

    def _insert(
        self,
        conn: Connection,
        game_id: str,
        variant: str | None,
        seats: list[dict[str, Any]],
        state: dict[str, Any],
        report: dict[str, Any],
        author: str | None,
        opened_by: str | None = None,
    ) -> int:
        """A new table and its first log line (the opening), in ``conn``'s transaction."""
        stamp = now()
        key = address_key(opened_by) if opened_by else None
        if key is not None:
            self._fair_share(conn, key, stamp)
        open_count = conn.execute(
            select(func.count()).select_from(T).where(T.c.archived_at.is_(None))
        ).scalar_one()
        if open_count >= self.limits.max_tables:
            raise Full(N_("Too many tables are open; try again later."))
        stamped = game_of(game_id).format_version  # the state: the game's current format
        table_id: int = conn.execute(
            insert(TableRow)
            .values(
                code=new_code(), short_code=new_short_code(), game=game_id, variant=variant,
                players=seats, state=state, version=1, log_length=1, created_at=stamp,
                active_at=stamp, opened_by=key, format_version=stamped,
            )
            .returning(TableRow.id)
        ).scalar_one()  # fmt: skip
        conn.execute(
            insert(EntryRow).values(
                table_id=table_id, seq=1, based_on=0, version=1, kind="open",
                author=author_name(author), verdict=report, state=state, created_at=stamp,
                format_version=stamped,
            )
        )  # fmt: skip
        return table_id

    def _fair_share(self, conn: Connection, key: str, stamp: datetime) -> None:
        """Refuse a new table to an address that holds too many, or opened too many in the
        last hour (:class:`TooMany`, with the seconds until it may try again)."""
        mine = and_(T.c.opened_by == key, T.c.archived_at.is_(None))
        held = conn.execute(select(func.count()).where(mine)).scalar_one()
        if held >= self.limits.open_per_address:
            raise TooMany(3600)
        hour = timedelta(hours=1)
        recent = conn.execute(
            select(T.c.created_at)
            .where(T.c.opened_by == key, T.c.created_at > stamp - hour)
            .order_by(T.c.created_at.desc())
            .limit(self.limits.hourly_per_address)
        ).scalars().all()  # fmt: skip
        if len(recent) >= self.limits.hourly_per_address:
            raise TooMany(int((aware(recent[-1]) + hour - stamp).total_seconds()) + 1)


_VARIANT: TypeAdapter[str | None] = TypeAdapter(
    Annotated[StrictStr, Field(min_length=1, max_length=64)] | None
)


def _variant(variant: Any) -> str | None:
    """A variant's ID as a log file may hold it (so that the table's export imports)."""
    try:
        return _VARIANT.validate_python(variant or None)
    except ValidationError as exc:
        raise MalformedInput.from_pydantic(exc, variant, ("variant",)) from None


def _setup(game: Game, example: str | None, players: int) -> dict[str, Any]:
    names = game.example_names()
    if example is not None and example not in names:
        raise TableError(N_("The game has no example called {name}."), name=str(example)[:64])
    name = example or f"setup-{players}p"
    if name not in names:
        low, high = game.players
        text = N_(
            "The game has no setup for this many players ({count}); it takes {low} to {high}."
        )
        raise TableError(text, count=players, low=low, high=high)
    return game.example(name)


def rename_players(state: Any, names: Sequence[str]) -> Any:
    """The setup with its players' names replaced by the table's (by seat order), where
    the state lists its players by name."""
    old = state.get("players") if isinstance(state, dict) else None
    if not names or not isinstance(old, list) or len(old) != len(names):
        return state
    if not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in old):
        return state
    mapping = {p["name"]: n for p, n in zip(old, names, strict=True)}
    if len(set(names)) != len(names):
        return state

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return mapping.get(node, node) if isinstance(node, str) else node

    return walk(state)
