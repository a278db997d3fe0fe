"""Counts by client address (and by table) shared by the server's worker processes, so that
a fair-use limit holds for the whole server and not for each worker: a flood spread by the
kernel over two workers gets one share, not two.

The counts live in memory made before gunicorn forks its workers (the application is loaded
in the master: ``preload_app``, see :mod:`web.gunicorn_conf`), with the standard library's
``multiprocessing`` shared arrays and lock; a server process started otherwise counts alone.
A key is counted in one of ``slots`` slots by a keyed hash of it: two keys that fall in one
slot share a count, which is only ever stricter, and rare (4,096 slots).
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import time
import weakref
from hashlib import blake2b
from typing import Any

#: Every :class:`Held` count of this process (what :func:`release` clears for a worker that
#: is gone).
_HELD: weakref.WeakSet[Held] = weakref.WeakSet()


class _Slots:
    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.salt = secrets.token_bytes(16)
        self.lock: Any = multiprocessing.Lock()

    def slot(self, key: str) -> int:
        digest = blake2b(key.encode("utf-8", "replace"), key=self.salt, digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.slots


class Held(_Slots):
    """How many things (streams) each key holds now, over every worker. Each process counts
    in a row of its own, so that what a worker held when it stopped is dropped with its row
    (:func:`release`, called by the master when a worker exits)."""

    def __init__(self, slots: int = 4096, rows: int = 8) -> None:
        super().__init__(slots)
        self.rows = rows
        self.counts: Any = multiprocessing.RawArray("i", slots * rows)
        self.owners: Any = multiprocessing.RawArray("i", rows)
        _HELD.add(self)

    def _row(self) -> int:
        """This process's row (taken at its first count; under the lock)."""
        pid = os.getpid()
        for row in range(self.rows):
            if self.owners[row] == pid:
                return row
        for row in range(self.rows):
            if self.owners[row] == 0:
                self.owners[row] = pid
                return row
        return 0  # more processes than rows: the first row is shared (still counted)

    def held(self, key: str) -> int:
        slot = self.slot(key)
        return sum(self.counts[row * self.slots + slot] for row in range(self.rows))

    def take(self, key: str, limit: int) -> bool:
        """One more for ``key`` unless it holds ``limit`` already (``False``)."""
        slot = self.slot(key)
        with self.lock:
            if self.held(key) >= limit:
                return False
            self.counts[self._row() * self.slots + slot] += 1
            return True

    def give_back(self, key: str) -> None:
        slot = self.slot(key)
        with self.lock:
            at = self._row() * self.slots + slot
            self.counts[at] = max(0, self.counts[at] - 1)

    def release(self, pid: int) -> None:
        """Drop what the process ``pid`` (a worker that exited) held."""
        with self.lock:
            for row in range(self.rows):
                if self.owners[row] == pid:
                    for slot in range(self.slots):
                        self.counts[row * self.slots + slot] = 0
                    self.owners[row] = 0


def release(pid: int) -> None:
    """A worker exited: drop what it held in every shared count (gunicorn's ``child_exit``)."""
    for held in list(_HELD):
        held.release(pid)


class Recent(_Slots):
    """How many times each key was counted (wrong join codes) in the current and the last
    window of ``window`` seconds, over every worker: a key that reaches ``limit`` in them
    waits until the window ends. Counts at most ``limit`` in any ``window`` seconds."""

    def __init__(self, limit: int = 30, window: float = 600.0, slots: int = 4096) -> None:
        super().__init__(slots)
        self.limit, self.window = limit, window
        self.windows: Any = multiprocessing.RawArray("q", slots)
        self.current: Any = multiprocessing.RawArray("i", slots)
        self.last: Any = multiprocessing.RawArray("i", slots)

    def _turn(self, slot: int, now: float) -> None:
        """Bring the slot's windows to the one ``now`` is in (under the lock)."""
        window = int(now // self.window)
        if self.windows[slot] == window:
            return
        self.last[slot] = self.current[slot] if self.windows[slot] == window - 1 else 0
        self.current[slot], self.windows[slot] = 0, window

    def wait(self, key: str) -> int:
        """Seconds ``key`` must wait before asking again (0: none): until the last window's
        counts are gone, and the current one's too when they alone reach the limit."""
        slot, now = self.slot(key), time.time()
        with self.lock:
            self._turn(slot, now)
            if self.current[slot] + self.last[slot] < self.limit:
                return 0
            full = self.current[slot] >= self.limit
            return int(self.window - now % self.window + (self.window if full else 0)) + 1

    def record(self, key: str) -> None:
        slot = self.slot(key)
        with self.lock:
            self._turn(slot, time.time())
            self.current[slot] += 1
