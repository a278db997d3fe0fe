"""Bounds on the live-update streams one server process holds.

Each stream holds a connection for most of a minute, and a gevent worker holds at most
``worker_connections`` (1,000) connections: past that it answers nobody. So a worker
admits at most :attr:`StreamLimits.per_worker` streams, leaving room for every other
request; the server (all its workers) at most :attr:`StreamLimits.per_table` on one table
and at most :attr:`StreamLimits.per_address` from one client address. A stream past a limit
is answered 503 with ``Retry-After`` (and the connection closed); the page then polls the
table's head once a second and tries a stream again later."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from dataclasses import dataclass
from typing import Any

from .shared import Held

STREAMS_ENV = "ADJUDICATOR_STREAMS_PER_WORKER"


@dataclass(frozen=True)
class StreamLimits:
    per_worker: int = 600
    """Streams one worker holds: the README's 800 phones on two workers, with room."""
    per_table: int = 64
    """Streams on one table (8 players, each with a few tabs or a spare screen)."""
    per_address: int = 48
    """Streams from one client address (a household or a café behind one address)."""
    retry_after: int = 30
    """Seconds a refused stream is told to wait."""

    @classmethod
    def from_env(cls) -> StreamLimits:
        value = os.environ.get(STREAMS_ENV, "")
        return cls(per_worker=int(value)) if value.isdigit() else cls()


class StreamGate:
    """The streams this process holds (its connections), and the streams by table and by
    address over all the server's workers (``held``, :mod:`.shared`: a flood spread over two
    workers gets one share, not two)."""

    def __init__(self, limits: StreamLimits, held: Held | None = None) -> None:
        self.limits = limits
        self.total = 0
        self.held = held or Held()
        self.lock = threading.Lock()

    def admit(self, code: str, address: str) -> bool:
        """Take a place for a stream of ``code`` from ``address``; ``False``: no room."""
        limits = self.limits
        with self.lock:
            if self.total >= limits.per_worker:
                return False
            if not self.held.take("t " + code, limits.per_table):
                return False
            if not self.held.take("a " + address, limits.per_address):
                self.held.give_back("t " + code)
                return False
            self.total += 1
            return True

    def leave(self, code: str, address: str) -> None:
        with self.lock:
            self.total -= 1
            self.held.give_back("t " + code)
            self.held.give_back("a " + address)


def close_after(response: Any, environ: dict[str, Any]) -> None:
    """Close the client's connection once ``response`` is sent. A refused stream's client
    would otherwise keep the connection (idle for gunicorn's keep-alive seconds), and the
    flood the limit turns away would still fill the worker's connections. gunicorn gives
    the application no way to say so (it drops a ``Connection: close`` header of the
    application's), but it hands over the socket: shutting it once the answer is out ends
    the connection at gunicorn's next read."""
    sock = environ.get("gunicorn.socket")
    if isinstance(sock, socket.socket):

        def shut() -> None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

        response.call_on_close(shut)
