"""The bounded load client of ``bench`` and ``loadtest``: single requests, a load that
stops at a deadline or after a number of requests, slow clients, and what to load. Only
loopback addresses are allowed; the server it loads is ``_http.GunicornServer``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import itertools
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def _require_loopback(host: str) -> None:
    if host not in LOOPBACK:
        raise ValueError(f"only loopback addresses are allowed here, not {host!r}")


# --- the client -----------------------------------------------------------------------------


def request_once(
    host: str,
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> tuple[int, dict[str, str], bytes]:
    """One request on a fresh connection: status, headers and body."""
    _require_loopback(host)
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


@dataclass(frozen=True)
class Call:
    """One kind of request the load sends."""

    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    expect: int = 200

    @classmethod
    def post_json(cls, path: str, body: bytes) -> Call:
        return cls("POST", path, body, {"Content-Type": "application/json"})


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return float(ordered[int(rank) - 1])


@dataclass
class LoadResult:
    seconds: float
    concurrency: int
    latencies_ms: list[float]
    errors: int
    error_samples: list[str]

    @property
    def requests(self) -> int:
        return len(self.latencies_ms) + self.errors

    def summary(self) -> dict[str, Any]:
        ok = self.latencies_ms
        return {
            "requests": self.requests,
            "errors": self.errors,
            "seconds": round(self.seconds, 2),
            "concurrency": self.concurrency,
            "requests_per_s": round(self.requests / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": round(percentile(ok, 50), 2),
            "p99_ms": round(percentile(ok, 99), 2),
            "max_ms": round(max(ok), 2) if ok else 0.0,
            "error_samples": self.error_samples,
        }


def run_load(
    host: str,
    port: int,
    calls: Sequence[Call],
    *,
    concurrency: int = 8,
    seconds: float = 3.0,
    max_requests: int = 1_000_000,
    timeout: float = 10.0,
) -> LoadResult:
    """Send ``calls`` round-robin over ``concurrency`` connections until the time or the
    count runs out. Every non-``expect`` status and every socket error counts as an error.

    The client is one asyncio loop in one thread, so that it takes as little as possible
    of the CPU the server needs. Each connection is kept open when the server allows it
    and opened again when the server closes it (gunicorn's sync workers close after every
    answer), so the figures include connecting.
    """
    _require_loopback(host)
    if not calls:
        raise ValueError("no calls to send")
    load = _load(host, port, list(calls), max(1, concurrency), seconds, max_requests, timeout)
    return run_coroutine(load)


def run_coroutine(coroutine: Any) -> Any:
    """``asyncio.run``, or the same in a thread when this thread already runs a loop (as
    it does under Playwright's sync API in a test session)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _request_bytes(host: str, port: int, call: Call) -> bytes:
    body = call.body or b""
    headers = {"Host": f"{host}:{port}", "User-Agent": "adjudicator-load", **call.headers}
    if call.body is not None or call.method in ("POST", "PUT", "PATCH"):
        headers["Content-Length"] = str(len(body))
    head = f"{call.method} {call.path} HTTP/1.1\r\n" + "".join(
        f"{k}: {v}\r\n" for k, v in headers.items()
    )
    return head.encode("latin-1") + b"\r\n" + body


async def _exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, raw: bytes
) -> tuple[int, bool]:
    """Send one request and read its answer: the status and whether the server closes."""
    writer.write(raw)
    await writer.drain()
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionResetError("the server closed the connection")
    status = int(status_line.split()[1])
    length, closes = None, status_line.startswith(b"HTTP/1.0")
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            break
        key, _, value = line.decode("latin-1").partition(":")
        key, value = key.strip().lower(), value.strip().lower()
        if key == "content-length":
            length = int(value)
        elif key == "connection":
            closes = value == "close" if value in ("close", "keep-alive") else closes
        elif key == "transfer-encoding" and "chunked" in value:
            raise http.client.HTTPException("chunked answers are not expected here")
    if length is None:
        await reader.read()
        closes = True
    else:
        await reader.readexactly(length)
    return status, closes


async def _load(
    host: str,
    port: int,
    calls: list[Call],
    concurrency: int,
    seconds: float,
    max_requests: int,
    timeout: float,
) -> LoadResult:
    raws = [_request_bytes(host, port, call) for call in calls]
    ticket = itertools.count()
    latencies: list[float] = []
    errors = [0]
    samples: list[str] = []
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + max(0.0, seconds)

    def error(call: Call, what: str) -> None:
        errors[0] += 1
        if len(samples) < 10:
            samples.append(f"{call.method} {call.path}: {what}")

    async def connection() -> None:
        reader: asyncio.StreamReader | None = None
        writer: asyncio.StreamWriter | None = None
        try:
            while loop.time() < deadline:
                n = next(ticket)
                if n >= max_requests:
                    break
                call, raw = calls[n % len(calls)], raws[n % len(raws)]
                t0 = time.perf_counter()
                try:
                    if writer is None:
                        reader, writer = await asyncio.wait_for(
                            asyncio.open_connection(host, port), timeout
                        )
                    assert reader is not None and writer is not None
                    status, closes = await asyncio.wait_for(_exchange(reader, writer, raw), timeout)
                except (
                    OSError,
                    TimeoutError,
                    ValueError,
                    IndexError,
                    asyncio.IncompleteReadError,
                    http.client.HTTPException,
                ) as exc:
                    error(call, repr(exc))
                    if writer is not None:
                        writer.close()
                    reader = writer = None
                    continue
                elapsed = (time.perf_counter() - t0) * 1000
                if status == call.expect:
                    latencies.append(elapsed)
                else:
                    error(call, f"HTTP {status}")
                if closes and writer is not None:
                    writer.close()
                    reader = writer = None
        finally:
            if writer is not None:
                writer.close()

    await asyncio.gather(*(connection() for _ in range(concurrency)))
    return LoadResult(loop.time() - start, concurrency, latencies, errors[0], samples)


# --- what to load ---------------------------------------------------------------------------


def check_calls(games: Sequence[Any]) -> list[Call]:
    """``POST /api/v1/<game>/check`` with each game's default example state."""
    import json

    return [
        Call.post_json(f"/api/v1/{game.id}/check", json.dumps(game.example()).encode("utf-8"))
        for game in games
    ]


#: Cheap GET endpoints, the cheapest first: one of them gives the baseline figure.
BASELINE_PATHS = ("/healthz", "/api/v1/{game}/examples", "/api/v1/games")


def baseline_call(
    host: str, port: int, games: Sequence[Any] = (), paths: Sequence[str] = BASELINE_PATHS
) -> Call | None:
    """The first of ``paths`` that the server answers with 200 (not a redirect)."""
    game_id = games[0].id if games else ""
    for path in paths:
        if "{game}" in path:
            if not game_id:
                continue
            path = path.format(game=game_id)
        with contextlib.suppress(OSError, http.client.HTTPException):
            status, _, _ = request_once(host, port, "GET", path)
            if status == 200:
                return Call("GET", path)
    return None


# --- slow clients ---------------------------------------------------------------------------


class SlowClients:
    """``count`` sockets that hold a server's attention without ever finishing a request.

    For the time of a ``with`` block a thread keeps them open and trickles a byte to each
    every ``interval`` seconds, in three kinds taken in turn: *idle* (connected, silent),
    *head* (half a request line and headers, a header byte at a time) and *body* (a whole
    head announcing a body, then the body a byte at a time). A socket the server closes is
    opened again at once, as an attacker would; ``reopened`` counts those.
    """

    KINDS = ("idle", "head", "body")

    def __init__(
        self, host: str, port: int, count: int = 64, *, path: str = "/", interval: float = 0.5
    ) -> None:
        _require_loopback(host)
        self.host, self.port, self.count, self.path = host, port, count, path
        self.interval = interval
        self.reopened = 0
        self.opened = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sockets: list[tuple[str, socket.socket | None]] = []

    def _head(self, kind: str) -> bytes:
        host = f"Host: {self.host}:{self.port}\r\n"
        if kind == "head":
            return f"POST {self.path} HTTP/1.1\r\n{host}".encode()
        if kind == "body":
            return (
                f"POST {self.path} HTTP/1.1\r\n{host}Content-Type: application/json\r\n"
                "Content-Length: 200000\r\n\r\n["
            ).encode()
        return b""

    def _open(self, kind: str) -> socket.socket | None:
        try:
            sock = socket.create_connection((self.host, self.port), timeout=2.0)
            head = self._head(kind)
            if head:
                sock.sendall(head)
            sock.setblocking(False)
        except OSError:
            return None
        self.opened += 1
        return sock

    def _trickle(self, index: int) -> None:
        kind, sock = self._sockets[index]
        if sock is not None and not self._still_waiting(sock, kind):
            sock.close()
            sock = None
        if sock is None:
            self.reopened += 1
            sock = self._open(kind)
        self._sockets[index] = (kind, sock)

    @staticmethod
    def _still_waiting(sock: socket.socket, kind: str) -> bool:
        """Whether the server still waits on ``sock``; one more byte goes out if so."""
        try:
            sock.recv(1, socket.MSG_PEEK)  # returns only once the server answered or closed
            return False
        except BlockingIOError:
            pass
        except OSError:
            return False
        try:
            if kind != "idle":
                sock.send(b"X" if kind == "head" else b"1")
        except OSError:
            return False
        return True

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            for index in range(len(self._sockets)):
                self._trickle(index)

    def __enter__(self) -> SlowClients:
        for n in range(self.count):
            kind = self.KINDS[n % len(self.KINDS)]
            self._sockets.append((kind, self._open(kind)))
        self._thread = threading.Thread(target=self._run, name="slow-clients", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        for _kind, sock in self._sockets:
            if sock is not None:
                sock.close()
        self._sockets.clear()

    @property
    def open_now(self) -> int:
        return sum(1 for _kind, sock in self._sockets if sock is not None)


def timed_requests(
    host: str,
    port: int,
    calls: Sequence[Call],
    *,
    count: int,
    pause: float = 0.1,
    timeout: float = 5.0,
) -> list[tuple[int, float]]:
    """``count`` requests, one after another, each on a fresh connection: for each, the
    status (0 when it failed) and the seconds until the whole answer was read."""
    found = []
    for n in range(count):
        call = calls[n % len(calls)]
        t0 = time.perf_counter()
        try:
            status, _, _ = request_once(
                host, port, call.method, call.path, call.body, call.headers, timeout=timeout
            )
        except (OSError, http.client.HTTPException):
            status = 0
        found.append((status, time.perf_counter() - t0))
        time.sleep(pause)
    return found
