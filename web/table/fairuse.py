"""Fair use of the shared table by one client address: wrong join codes.

Join codes are 96 random bits, so guessing one is hopeless; still, an address that asks
for :attr:`Misses.limit` unknown codes within :attr:`Misses.window` seconds is answered 429
(with ``Retry-After``) for any table until the window has passed, so that a scan costs the
server nothing. Counted in each server process (each gunicorn worker). How many tables one
address may open or import is counted in the database (see ``Limits`` in
:mod:`adjudicator.table.service`)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque


class Misses:
    """Recent wrong join codes, by client address."""

    def __init__(self, limit: int = 30, window: float = 600.0, addresses: int = 10_000) -> None:
        self.limit, self.window, self.addresses = limit, window, addresses
        self.seen: OrderedDict[str, deque[float]] = OrderedDict()
        self.lock = threading.Lock()

    def wait(self, address: str) -> int:
        """Seconds ``address`` must wait before asking for a table again (0: none)."""
        now = time.monotonic()
        with self.lock:
            times = self.seen.get(address)
            if times is None:
                return 0
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) < self.limit:
                return 0
            return int(times[0] + self.window - now) + 1

    def record(self, address: str) -> None:
        with self.lock:
            times = self.seen.pop(address, None) or deque(maxlen=self.limit)
            times.append(time.monotonic())
            self.seen[address] = times  # the most recent last
            while len(self.seen) > self.addresses:
                self.seen.popitem(last=False)
