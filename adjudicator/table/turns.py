"""Taking turns with the other requests during a long task (an export, a replay).

The server's workers are gevent workers: a request runs until it waits, and a long task
must give the others their turn itself. A zero-second sleep is not enough: it lets the
greenlets already scheduled run, but may run the task's next step before the event loop
polls for input (gevent's documentation says so), so with two long tasks in a worker they
hand the turn to each other and a request waiting on its socket waits for both to end
(four clients exporting a 5,000-line log kept ``/healthz`` at a median of 0.7 s). A sleep
of a microsecond waits for the loop's next round, whose poll sees those requests.

Outside gevent (the command line, threads) the sleeps are a syscall each, so a task gives
its turn once per :data:`SLICE_SECONDS` of work, not at every step.
"""

from __future__ import annotations

import time
from typing import Final

#: The work a long task does between two turns given to the others.
SLICE_SECONDS: Final = 0.004
#: A sleep just long enough to wait for the event loop's next round.
PAUSE_SECONDS: Final = 1e-6


class Turns:
    """Call at each step of a long task: every :data:`SLICE_SECONDS` it lets the others run."""

    def __init__(self, slice_seconds: float = SLICE_SECONDS) -> None:
        self.slice = slice_seconds
        self.given = 0
        self._until = time.monotonic() + slice_seconds

    def __call__(self) -> None:
        if time.monotonic() < self._until:
            return
        time.sleep(PAUSE_SECONDS)
        self.given += 1
        self._until = time.monotonic() + self.slice
