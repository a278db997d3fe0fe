"""Live updates: each server process asks the database, a few times a second and in one
query, for the version of every table a phone in this process is following, and wakes the
event streams of the tables that changed. The truth is the database's version number, so
every worker and every server agrees; nothing is passed through process memory between
requests (a move entered on another worker or server is seen the same way)."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter

from adjudicator.table.service import Head, Tables

#: How often the process asks the database.
POLL_SECONDS = 0.2


class Watcher:
    """The tables followed in this process, their last heads, and who waits on them."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.heads: dict[str, Head] = {}
        self.followers: Counter[str] = Counter()
        self.waiting: dict[str, set[threading.Event]] = {}
        self.lock = threading.Lock()
        self.pid = 0

    def follow(self, code: str) -> None:
        with self.lock:
            self.followers[code] += 1
        self._running()

    def leave(self, code: str) -> None:
        with self.lock:
            self.followers[code] -= 1
            if self.followers[code] <= 0:
                del self.followers[code]
                self.heads.pop(code, None)

    def wait(self, code: str, seen: Head | None, timeout: float) -> Head | None:
        """The table's head once it differs from ``seen`` (or after ``timeout``)."""
        head = self.heads.get(code)
        if head is not None and head != seen:
            return head
        event = threading.Event()
        with self.lock:
            self.waiting.setdefault(code, set()).add(event)
        try:
            event.wait(timeout)
        finally:
            with self.lock:
                self.waiting.get(code, set()).discard(event)
        return self.heads.get(code)

    def _running(self) -> None:
        if self.pid == os.getpid():
            return
        with self.lock:
            if self.pid != os.getpid():
                self.pid = os.getpid()
                threading.Thread(target=self._poll, name="table-watcher", daemon=True).start()

    def _poll(self) -> None:
        while True:
            started = time.monotonic()
            with self.lock:
                codes = list(self.followers)
            if codes:
                try:
                    fresh = self.tables.heads(codes)
                except Exception:  # the database is away for a moment: try again
                    fresh = {}
                self._publish(fresh)
            time.sleep(max(0.01, POLL_SECONDS - (time.monotonic() - started)))

    def _publish(self, fresh: dict[str, Head]) -> None:
        with self.lock:
            changed = [c for c, h in fresh.items() if self.heads.get(c) != h]
            self.heads.update(fresh)
            events = [e for c in changed for e in self.waiting.get(c, ())]
        for event in events:
            event.set()
