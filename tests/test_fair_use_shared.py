"""Fair use over the server's workers: the counts by address (wrong join codes, live
streams) are shared by the processes forked after they were made, as gunicorn forks its
workers from the master that loaded the application; a flood spread over the workers gets
one share, not one a worker. (Measured through two gunicorn workers: see the README.)"""

from __future__ import annotations

import os

from web.table.fairuse import Misses
from web.table.shared import Held, release
from web.table.streams import StreamGate, StreamLimits


def in_a_worker(work) -> int:  # type: ignore[no-untyped-def]
    """Run ``work`` in a forked process (a worker) and wait for it; its pid."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            work()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    return pid


def test_wrong_join_codes_are_counted_over_the_workers() -> None:
    misses = Misses(limit=5)
    in_a_worker(lambda: [misses.record("10.9.9.9") for _ in range(3)])
    in_a_worker(lambda: misses.record("10.9.9.9"))
    assert misses.wait("10.9.9.9") == 0  # 4 of 5
    misses.record("10.9.9.9")
    assert misses.wait("10.9.9.9") > 600  # the share is used up, over every worker
    assert misses.wait("10.9.9.10") == 0


def test_streams_are_counted_over_the_workers_and_a_gone_worker_gives_its_back() -> None:
    limits = StreamLimits(per_worker=100, per_table=100, per_address=5)
    held = Held()
    gate = StreamGate(limits, held)
    worker = in_a_worker(lambda: [gate.admit(f"table{i}", "10.8.8.8") for i in range(3)])
    assert [gate.admit("tableX", "10.8.8.8") for _ in range(3)] == [True, True, False]
    assert gate.admit("tableX", "10.8.8.9")  # another address has its own share
    release(worker)  # the master, when that worker exits
    assert [gate.admit("tableX", "10.8.8.8") for _ in range(4)] == [True, True, True, False]
    gate.leave("tableX", "10.8.8.8")
    assert gate.admit("tableX", "10.8.8.8")
