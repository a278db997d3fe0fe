"""A bounded loopback load on the shared tables: N tables, each with live clients on the
Server-Sent Events stream and one phone entering a move every few seconds. It measures the
move latency, the time from sending a move until each live client hears of it, and until
it has the changed part of the page in its language (as ``web/static/table.js`` has it:
from the event of its stream in its language, else by a fetch; the clients of a table
read the four languages in turn).

Only loopback addresses; every loop is bounded in time. Used by ``adjudicator bench --table``.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjudicator._http import run_coroutine
from adjudicator.core.i18n import LANGS
from adjudicator.games import get_game

LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: The longest line of an event stream read (an event carries the picture's changed layers).
STREAM_LINE = 4 * 1024 * 1024


def household(index: int) -> str:
    """The client address of the ``index``-th table's phones, in the benchmarking range
    198.18.0.0/15 (RFC 2544), sent as ``X-Real-IP`` as nginx would: each table is a
    household of its own, as in real use, so the server's fair-use limits per address
    (tables opened, live streams) apply to each table's phones, not to the whole load."""
    return f"198.{18 + index // 65536 % 2}.{index // 256 % 256}.{index % 256}"


@dataclass
class Figures:
    """What one load run measured (milliseconds)."""

    move_ms: list[float] = field(default_factory=list)
    update_ms: list[float] = field(default_factory=list)
    """From sending a move until a live client hears of it (its stream's event)."""
    shown_ms: list[float] = field(default_factory=list)
    """From sending a move until a live client has the page's changed part (``/live``)."""
    moves: int = 0
    stale: int = 0
    errors: int = 0
    expected_updates: int = 0
    reconnects: int = 0


def _opening_move(state: dict[str, Any]) -> dict[str, Any] | None:
    """The next expert-opening purchase: each player buys one 9M bond, of the nation
    matching their seat, and passes on the others."""
    opening = state.get("opening")
    if not opening:
        return None
    names = [p["name"] for p in state["players"]]
    nations = list(state["nations"])
    move = {"type": "opening", "player": opening["player"], "nation": opening["nation"]}
    if nations.index(opening["nation"]) % len(names) == names.index(opening["player"]):
        move["bond"] = 9
    return move


async def _request(
    host: str, port: int, method: str, path: str, body: Any, address: str
) -> tuple[int, Any]:
    payload = json.dumps(body).encode() if body is not None else b""
    reader, writer = await asyncio.open_connection(host, port)
    head = (
        f"{method} {path} HTTP/1.0\r\nHost: {host}\r\nX-Real-IP: {address}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
    )
    writer.write(head.encode() + payload)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    status_line, _, rest = raw.partition(b"\r\n")
    _headers, _, content = rest.partition(b"\r\n\r\n")
    status = int(status_line.split()[1])
    if not path.startswith("/api/"):
        return status, content
    return status, json.loads(content) if content else None


class _Table:
    def __init__(self, code: str, state: dict[str, Any], version: int, log_length: int,
                 address: str) -> None:  # fmt: skip
        self.code, self.state, self.version, self.address = code, state, version, address
        self.log_length = log_length
        self.sent: dict[int, float] = {}


async def _show(host: str, port: int, table: _Table, lang: str, have: str, version: int,
                figures: Figures) -> None:  # fmt: skip
    """Fetch what changed since ``have`` in ``lang``, as the page does when its stream's
    event did not carry it, and note when it came."""
    try:
        status, _answer = await _request(
            host, port, "GET", f"/{lang}/t/{table.code}/live?have={have}", None, table.address
        )
    except OSError:
        status = 0
    if status != 200:
        figures.errors += 1
    elif version in table.sent:
        figures.shown_ms.append((time.monotonic() - table.sent[version]) * 1000)


class _Phone:
    """What one live client's page shows (its version and log length) and its fetches."""

    def __init__(self, table: _Table, lang: str) -> None:
        self.table, self.lang = table, lang
        self.shown = f"{table.version}.{table.log_length}"
        self.heard: set[int] = set()
        self.showing: set[asyncio.Task[None]] = set()

    def hear(self, host: str, port: int, data: dict[str, Any], figures: Figures) -> None:
        """An event of the page's stream: the page merges its delta (based on what it shows),
        else fetches what changed (see ``web/static/table.js``)."""
        version = int(data["version"])
        told = f"{version}.{data['log_length']}"
        sent = self.table.sent.get(version)
        new = sent is not None and version not in self.heard
        if sent is not None and new:
            self.heard.add(version)
            figures.update_ms.append((time.monotonic() - sent) * 1000)
        delta = data.get("delta")
        if delta is not None and delta.get("base") == self.shown:
            if sent is not None and new:
                figures.shown_ms.append((time.monotonic() - sent) * 1000)
        elif told != self.shown and new:
            task = asyncio.create_task(_show(host, port, self.table, self.lang, self.shown,
                                             version, figures))  # fmt: skip
            self.showing.add(task)
            task.add_done_callback(self.showing.discard)
        self.shown = told


async def _listen(host: str, port: int, table: _Table, until: float, figures: Figures,
                  lang: str) -> None:  # fmt: skip
    """One live client: follow the page's event stream in ``lang`` (reconnecting as a
    browser does) and note, for every version a move made, how long after the move was
    sent it arrived, and when the page had what changed (see :class:`_Phone`)."""
    phone = _Phone(table, lang)
    last = ""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(host, port, limit=STREAM_LINE)
        except OSError:
            figures.errors += 1
            await asyncio.sleep(0.5)
            continue
        writer.write(
            f"GET /{lang}/t/{table.code}/events?have={phone.shown} HTTP/1.0\r\n"
            f"Host: {host}\r\nX-Real-IP: {table.address}\r\nLast-Event-ID: {last}\r\n\r\n"
        .encode())  # fmt: skip
        try:
            while time.monotonic() < until:
                line = await asyncio.wait_for(reader.readline(), until - time.monotonic() + 0.1)
                if not line:
                    figures.reconnects += 1
                    break
                text = line.decode().strip()
                if text.startswith("id:"):
                    last = text[3:].strip()
                elif text.startswith("data:"):
                    phone.hear(host, port, json.loads(text[5:]), figures)
        except (TimeoutError, OSError, ValueError):
            pass
        finally:
            writer.close()
    if phone.showing:
        await asyncio.wait(phone.showing, timeout=30.0)


async def _play(host: str, port: int, table: _Table, until: float, figures: Figures,
                every: tuple[float, float], clients: int) -> None:  # fmt: skip
    """The phone that enters the moves: one every few seconds, against the version it saw."""
    await asyncio.sleep(random.uniform(0, every[1]))
    while time.monotonic() < until - 1.5:  # leave the last update time to arrive
        move = _opening_move(table.state)
        if move is None:
            return
        sent = time.monotonic()
        table.sent[table.version + 1] = sent
        try:
            path = f"/api/v1/tables/{table.code}/moves"
            body = {"move": move, "version": table.version}
            status, answer = await _request(host, port, "POST", path, body, table.address)
        except OSError:
            figures.errors += 1
            continue
        figures.move_ms.append((time.monotonic() - sent) * 1000)
        if status == 201 and answer["applied"]:
            figures.moves += 1
            figures.expected_updates += clients
            table.state, table.version = answer["state"], answer["version"]
        elif status == 409:
            figures.stale += 1
            table.state, table.version = answer["state"], answer["version"]
        else:
            figures.errors += 1
        await asyncio.sleep(random.uniform(*every))


async def _run(host: str, port: int, tables: int, clients: int, seconds: float,
               every: tuple[float, float], opened_hook: Callable[[], None]) -> Figures:  # fmt: skip
    game = get_game("imperial")
    state = game.example("expert-opening")
    players = [{"name": p["name"], "seat": i + 1} for i, p in enumerate(state["players"])]
    opened: list[_Table] = []
    for index in range(tables):
        address = household(index)
        status, answer = await _request(host, port, "POST", "/api/v1/tables", {
            "game": game.id, "players": players, "state": state}, address)  # fmt: skip
        if status != 201:
            raise RuntimeError(f"could not open a table: {status} {answer}")
        opened.append(_Table(answer["code"], answer["state"], answer["version"],
                             answer["log_length"], address))  # fmt: skip
    opened_hook()
    figures = Figures()
    until = time.monotonic() + seconds
    tasks = []
    for table in opened:
        tasks += [_listen(host, port, table, until, figures, LANGS[n % len(LANGS)])
                  for n in range(clients)]  # fmt: skip
        tasks.append(_play(host, port, table, until, figures, every, clients))
    await asyncio.gather(*tasks)
    return figures


def run_load(
    host: str,
    port: int,
    *,
    tables: int = 200,
    clients: int = 4,
    seconds: float = 60.0,
    every: tuple[float, float] = (2.0, 4.0),
    opened_hook: Callable[[], None] = lambda: None,
) -> Figures:
    """Run the load against a server on ``host:port`` (loopback only). ``opened_hook`` is
    called once the tables are open, just before the phones start (where the bench starts
    counting the server's CPU time for the moves)."""
    if host not in LOOPBACK:
        raise ValueError("the table load runs on loopback addresses only")
    seconds = min(seconds, 600.0)
    return run_coroutine(_run(host, port, tables, clients, seconds, every, opened_hook))
