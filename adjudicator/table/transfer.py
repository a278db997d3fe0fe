"""A shared table's log as a file: exported as it is written, replayed, imported into a
new table (see :class:`~adjudicator.table.log.LogFile` for the format)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Text, case, null, select, update
from sqlalchemy import cast as sql_cast

from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game

from . import codec, stamps
from .compact import next_chain
from .log import FORMAT, LogFile, Replay, audit, in_log_format, parse_log, replay
from .opening import Opening
from .reading import E, T
from .refusals import author_name, game_of
from .store import TableRow, now
from .turns import Turns

#: Log lines an export reads at once.
EXPORT_BATCH = 100


class Transferring(Opening):
    """Exporting, replaying and importing logs (see :class:`~.service.Tables`)."""

    def export(self, code: str) -> dict[str, Any]:
        """The table's log as a log file (see :class:`~adjudicator.table.log.LogFile`)."""
        data: dict[str, Any] = json.loads("".join(self.export_text(code)))
        return data

    def export_text(self, code: str) -> Iterator[str]:
        """The table's log file as JSON text (an entry a line), in pieces: the lines are
        read a batch at a time (a correction's state is the only state read), so a long log
        costs the server neither its memory nor a long stop (between two batches other
        requests run)."""
        table = self.get(code)
        game = game_of(table.game)
        with self.engine.connect() as conn:
            opening = conn.execute(
                select(E.c.state, E.c.format_version).where(E.c.table_id == table.id, E.c.seq == 1)
            ).one()
        # a state stored in an earlier format says which (the head states the current one)
        first = opening.state
        if stamps.version(opening.format_version) != game.format_version:
            first = stamps.keyed(first, opening.format_version)
        head = {
            "format": FORMAT, "format_version": 2,
            "game_format_version": game.format_version, "game": table.game,
            "variant": table.variant, "players": table.players, "initial_state": first,
        }  # fmt: skip
        return self._export_pieces(table, head)

    def _export_pieces(self, table: TableRow, head: dict[str, Any]) -> Iterator[str]:
        text = json.dumps({**head, "entries": []}, ensure_ascii=False, indent=1)
        if table.log_length <= 1:
            yield text
            return
        yield text[: text.rindex("[]")] + "["
        # the move and a correction's state as the stored JSON text: copied, not re-encoded
        state = case((E.c.kind == "correct", sql_cast(E.c.state, Text)), else_=null())
        move = sql_cast(E.c.move, Text).label("move")
        columns = (E.c.seq, E.c.kind, E.c.version, E.c.author, move, state.label("state"),
                   E.c.format_version)  # fmt: skip
        seq, sep, turn = 1, "\n", Turns()
        while seq < table.log_length:
            turn()  # under gevent: the other requests go on between two batches
            with self.engine.connect() as conn:
                rows = conn.execute(
                    select(*columns)
                    .where(E.c.table_id == table.id, E.c.seq > seq,
                           E.c.seq <= table.log_length)
                    .order_by(E.c.seq).limit(EXPORT_BATCH)
                ).all()  # fmt: skip
            if not rows:
                break
            seq = rows[-1].seq
            now = head["game_format_version"]
            yield sep + ",\n".join("  " + _export_entry(row, now) for row in rows)
            sep = ",\n"
        yield "\n ]\n}"

    def replay(self, data: Any) -> tuple[LogFile, Replay]:
        """Replay a log file (raises :class:`MalformedInput` for a malformed one), within
        :attr:`Limits.replay_seconds`."""
        log = parse_log(data)
        game = game_of(log.game)
        game.parse_state(log.initial_state)
        return log, replay(game, log, budget=self.limits.replay_seconds)

    def import_log(
        self, data: Any, author: str | None = None, opened_by: str | None = None
    ) -> tuple[TableRow | None, Replay]:
        """A new table holding the log, when its replay follows it to the end: the table
        and every line are written in one transaction."""
        log, result = self.replay(data)
        if result.flag is not None:
            return None, result
        game = game_of(log.game)
        parsed = game.parse_state(log.initial_state)
        first = parsed.model_dump(mode="json")
        report = codec.encode_report(game.report(parsed))
        seats = [s.model_dump(exclude_none=True) for s in log.players]
        lines, chain = _imported_lines(game, log, result, author)
        version = 1 + sum(1 for line in lines if line["version"] is not None)
        last = result.states[-1]
        self._bounded_state(last)
        with self._writing() as conn:
            table_id = self._insert(
                conn, game.id, log.variant, seats, first, report, author, opened_by
            )
            if lines:
                conn.execute(E.insert(), [{**line, "table_id": table_id} for line in lines])
            conn.execute(
                update(T).where(T.c.id == table_id)
                .values(version=version, log_length=len(lines) + 1, state=last, chain=chain,
                        format_version=game.format_version)
            )  # fmt: skip
            found = conn.execute(select(T).where(T.c.id == table_id)).one()
        return TableRow(**found._mapping), result


def _imported_lines(
    game: Game, log: LogFile, result: Replay, author: str | None
) -> tuple[list[dict[str, Any]], int]:
    """The log lines of an imported log that followed to the end, as rows (from the second
    line: the first is the opening), with the versions and undo links they make, the
    snapshots they keep, and the table's chain after them (see :mod:`.compact`)."""
    lines: list[dict[str, Any]] = []
    version, live = 1, [1]
    chains = {1: 0}  # each line's chain: the moves that rebuild the state after it
    stamp = now()
    for index, entry in enumerate(log.entries):
        seq, before = index + 2, result.states[index]
        line: dict[str, Any] = {
            "seq": seq, "based_on": version, "version": None, "kind": entry.kind,
            "author": author_name(entry.author or author), "move": None, "verdict": None,
            "state": None, "undoes": None, "seat": None, "created_at": stamp,
            "format_version": game.format_version,
        }  # fmt: skip
        changed, chain = True, chains[seq - 1]
        if entry.kind == "undo":
            line["undoes"] = live.pop()
            chain = chains[line["undoes"] - 1]
        elif entry.kind == "correct":
            line["verdict"] = audit(game, before, entry.state).to_json()
            line["state"] = game.parse_state(entry.state).model_dump(mode="json")
            live.append(seq)
            chain = 0
        else:
            verdict = result.verdicts[index + 1] or {}
            line["move"], line["verdict"] = _as_read(game, in_log_format(log, entry.move)), verdict
            changed = bool(verdict.get("legal"))
            if changed:
                chain, keep = next_chain(chain)
                line["state"] = result.states[index + 1] if keep else None
                live.append(seq)
        if changed:
            version += 1
            line["version"] = version
        chains[seq] = chain
        lines.append(line)
    return lines, chains[len(log.entries) + 1]


def _export_entry(row: Any, now: int) -> str:
    """One entry of an exported log, on one line, from its stored JSON texts (a move or
    state stored in an earlier format than ``now`` says which)."""
    parts = [f'"kind": {json.dumps(row.kind)}']
    if row.kind == "move":
        parts += [
            f'"move": {stamps.keyed_text(row.move, row.format_version, now)}',
            f'"legal": {"true" if row.version is not None else "false"}',
        ]
    elif row.kind == "correct":
        parts.append(f'"state": {stamps.keyed_text(row.state, row.format_version, now)}')
    if row.author:
        parts.append(f'"author": {json.dumps(row.author, ensure_ascii=False)}')
    return "{" + ", ".join(parts) + "}"


def _as_read(game: Game, move: Any) -> Any:
    """An imported move as the replay read it: in the game's current format."""
    try:
        return game.current_form("move", move) if isinstance(move, dict) else move
    except MalformedInput:  # a move logged as refused because it was malformed
        return move
