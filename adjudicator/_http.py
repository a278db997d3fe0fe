"""Shared by ``bench`` and ``loadtest``: a gunicorn on loopback and a bounded load client.

Everything here stops by itself: the server is a context manager that ends the gunicorn
it started (and only that one), and the load client stops at a deadline or after a
number of requests, whichever comes first. Only loopback addresses are allowed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import itertools
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .core.exceptions import AdjudicatorError

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = ("127.0.0.1", "::1", "localhost")
DEFAULT_APP = "web:create_app()"
#: The settings ``adjudicator serve`` uses (worker model, timeouts, limits).
DEFAULT_CONFIG = "python:web.gunicorn_conf"


class ServerError(AdjudicatorError, RuntimeError):
    """The server did not start, or stopped on its own."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now, on ``host``."""
    _require_loopback(host)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def _require_loopback(host: str) -> None:
    if host not in LOOPBACK:
        raise ValueError(f"only loopback addresses are allowed here, not {host!r}")


# --- /proc ----------------------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    """The PIDs whose parent is ``pid`` (read from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces: split after the last ')'
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1 and int(fields[1]) == pid:
            found.append(int(entry.name))
    return sorted(found)


def memory_kb(pid: int) -> dict[str, int]:
    """``VmRSS`` (resident now) and ``VmHWM`` (peak resident) of ``pid``, in kB."""
    values = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    return values


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of ``pid`` so far, in seconds (0 when it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rfind(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _die_with_parent() -> None:
    """In the child: get SIGTERM when the process that started it dies (Linux only), so
    that a gunicorn never outlives a bench or a test that was killed."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


# --- the server -----------------------------------------------------------------------------


def _wait_gone(pids: list[int], group: int, timeout: float = 15.0) -> None:
    """Wait until the workers have exited too (a gevent worker may outlive its master by a
    moment while it closes its connections); past ``timeout`` they are killed."""

    def alive() -> bool:
        return any(os.path.exists(f"/proc/{pid}") for pid in pids)

    deadline = time.monotonic() + timeout
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    if alive():
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
        deadline = time.monotonic() + 5
        while alive() and time.monotonic() < deadline:
            time.sleep(0.05)


class GunicornServer:
    """``gunicorn -c CONFIG -w N -b 127.0.0.1:PORT APP`` for the time of a ``with`` block.

    ``CONFIG`` is by default the one ``adjudicator serve`` uses; ``extra_args`` override it.
    """

    def __init__(
        self,
        app: str = DEFAULT_APP,
        *,
        workers: int = 2,
        host: str = "127.0.0.1",
        port: int | None = None,
        extra_args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        start_timeout: float = 60.0,
        config: str | None = DEFAULT_CONFIG,
    ) -> None:
        _require_loopback(host)
        self.app, self.workers, self.host, self.config = app, workers, host, config
        self.port = port or free_port(host)
        self.extra_args = tuple(extra_args)
        self.env = env
        self.start_timeout = start_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "gunicorn",
            *(["--config", self.config] if self.config else []),
            "--workers",
            str(self.workers),
            "--bind",
            f"{self.host}:{self.port}",
            "--log-level",
            "warning",
            "--graceful-timeout",
            "5",
            *self.extra_args,
            self.app,
        ]

    def __enter__(self) -> GunicornServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        env = dict(os.environ if self.env is None else self.env)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            self._alive()
            try:
                status, _, _ = request_once(self.host, self.port, "GET", "/", timeout=2.0)
            except OSError:
                time.sleep(0.1)
                continue
            if status and len(self.worker_pids()) >= self.workers:
                return
            time.sleep(0.1)
        raise ServerError(
            f"gunicorn did not answer within {self.start_timeout:.0f} s\n" + self.log_tail()
        )

    def _alive(self) -> None:
        if self.process is None or self.process.poll() is not None:
            raise ServerError("gunicorn stopped on its own\n" + self.log_tail())

    def log_tail(self, limit: int = 4000) -> str:
        if self._log is None:
            return ""
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")[-limit:]

    def worker_pids(self) -> list[int]:
        if self.process is None or self.process.poll() is not None:
            return []
        return children_of(self.process.pid)

    def worker_memory_mb(self) -> dict[int, dict[str, float]]:
        """Each worker's resident memory now and at its peak, in MB."""
        found = {}
        for pid in self.worker_pids():
            kb = memory_kb(pid)
            if kb:
                found[pid] = {
                    "rss_mb": round(kb.get("VmRSS", 0) / 1024, 1),
                    "peak_rss_mb": round(kb.get("VmHWM", 0) / 1024, 1),
                }
        return found

    def workers_cpu_seconds(self) -> float:
        """CPU time used so far by the workers (and the master), in seconds."""
        pids = self.worker_pids()
        if self.process is not None:
            pids.append(self.process.pid)
        return sum(cpu_seconds(pid) for pid in pids)

    def stop(self) -> None:
        """End the gunicorn this object started, and its workers."""
        workers = self.worker_pids()
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)  # its own session, started above
                process.wait(timeout=15)
        if process is not None:
            _wait_gone(workers, process.pid)
        if self._log is not None:
            self._log.close()
            self._log = None

    def url(self, path: str = "/") -> str:
        return f"http://{self.host}:{self.port}{path}"


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


def warm_up(server: GunicornServer, calls: Sequence[Call], rounds: int = 20) -> None:
    """Send a few of each call so that every worker has loaded the games."""
    n = max(1, rounds) * len(calls) * max(1, server.workers)
    run_load(
        server.host, server.port, calls, concurrency=server.workers * 2, seconds=30, max_requests=n
    )


@contextlib.contextmanager
def serving(app: str = DEFAULT_APP, workers: int = 2, **kwargs: Any) -> Iterator[GunicornServer]:
    with GunicornServer(app, workers=workers, **kwargs) as server:
        yield server


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
