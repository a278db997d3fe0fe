"""Shared by ``bench`` and ``loadtest``: a gunicorn on loopback (the bounded load client is
``_load.py``, whose names are importable from here too).

Everything here stops by itself: the server is a context manager that ends the gunicorn
it started (and only that one), and the load client stops at a deadline or after a
number of requests, whichever comes first. Only loopback addresses are allowed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ._load import (
    BASELINE_PATHS,
    LOOPBACK,
    Call,
    LoadResult,
    SlowClients,
    _require_loopback,
    baseline_call,
    check_calls,
    percentile,
    request_once,
    run_coroutine,
    run_load,
    timed_requests,
)
from .core.exceptions import AdjudicatorError

#: The server's names, and the load client's (importable from here as before).
__all__ = [
    "BASELINE_PATHS",
    "DEFAULT_APP",
    "DEFAULT_CONFIG",
    "LOOPBACK",
    "Call",
    "GunicornServer",
    "LoadResult",
    "ServerError",
    "SlowClients",
    "baseline_call",
    "check_calls",
    "children_of",
    "cpu_seconds",
    "free_port",
    "memory_kb",
    "percentile",
    "request_once",
    "run_coroutine",
    "run_load",
    "serving",
    "timed_requests",
    "warm_up",
]

ROOT = Path(__file__).resolve().parent.parent
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

    def settle(self, timeout: float = 60.0, step: float = 1.0) -> None:
        """Wait until the workers have warmed up in the background (see
        :mod:`web.gunicorn_conf`): until they use under a tenth of a core for ``step``
        seconds, or ``timeout`` seconds have gone. What is measured then is the steady
        state, not the warm-up."""
        deadline = time.monotonic() + timeout
        used = self.workers_cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(step)
            now_used = self.workers_cpu_seconds()
            if now_used - used < 0.1 * step:
                return
            used = now_used

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
