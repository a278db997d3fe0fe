"""Taking turns with the other requests during a long task (an export, a replay).

The server's workers are gevent workers: a request runs until it waits, and a long task
must give the others their turn itself. A zero-second sleep is not enough: it lets the
greenlets already scheduled run, but may run the task's next step before the event loop
polls for input (gevent's documentation says so), so with two long tasks in a worker they
hand the turn to each other and a request waiting on its socket waits for both to end
(four clients exporting a 5,000-line log kept ``/healthz`` at a median of 1.6 s).
``gevent.idle`` waits until the loop has polled and has nothing else to run: the
requests ready get their turn first, and none is waited for when none is ready.

Outside gevent (the command line, threads) a task lets the other threads run once per
:data:`SLICE_SECONDS` of work.
"""

from __future__ import annotations

import sys
import time
from typing import Final

#: The work a long task does between two turns given to the others.
SLICE_SECONDS: Final = 0.004


class Turns:
    """Call at each step of a long task: every :data:`SLICE_SECONDS` it lets the others run."""

    def __init__(self, slice_seconds: float = SLICE_SECONDS) -> None:
        self.slice = slice_seconds
        self.given = 0
        self._until = time.monotonic() + slice_seconds

    def __call__(self) -> None:
        if time.monotonic() < self._until:
            return
        _pause()
        self.given += 1
        self._until = time.monotonic() + self.slice


def _pause() -> None:
    """Under gevent: wait until the event loop has polled and run every request ready
    (``gevent.idle``), without blocking when none is. Else: let other threads run."""
    if "gevent" in sys.modules:
        from gevent import idle, monkey

        if monkey.is_module_patched("time"):
            idle()
            return
    time.sleep(0)
