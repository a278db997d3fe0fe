"""Live updates: one watcher per server process asks the database for the version of every
table a phone in this process is following, in one query, and wakes the event streams of
the tables that changed. It asks when the database signals a change (PostgreSQL's
``NOTIFY``, SQLite's ``data_version``, whose signal reads the changed heads itself: see
:mod:`adjudicator.table.store`), when a new stream needs its first version, and at least
once a second anyway. The truth is the
database's version number, so every worker and every server agrees; nothing is passed
through process memory between requests (a move entered on another worker or server is
seen the same way)."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections import Counter

from adjudicator.table.service import Head, Tables
from adjudicator.table.store import ChangeSignal, Polling

#: How often the watcher looks at the database's change signal (no query: see above).
STEP_SECONDS = 0.025
#: The shortest time between two polls of every followed table, when the database says
#: that something changed without saying what (SQLite).
FULL_POLL_SECONDS = 0.05


class Watcher:
    """The tables followed in this process, their last heads, and who waits on them."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.heads: dict[str, Head] = {}
        self.followers: Counter[str] = Counter()
        self.waiting: dict[str, set[threading.Event]] = {}
        self.lock = threading.Lock()
        self.polled = threading.Condition(self.lock)
        self.started = 0
        """Polls of the database started so far (``done`` of them finished)."""
        self.done = 0
        self.wanted = threading.Event()
        """A new stream waits for its table's first version."""
        self.wanting: set[str] = set()
        """The tables whose new streams wait for their first version."""
        self.pid = 0
        self.stopping = False
        """The server is stopping: every stream ends at once, and the watching too."""

    def stop(self) -> None:
        """End every stream of this process now (the server is stopping)."""
        with self.lock:
            self.stopping = True
            for events in self.waiting.values():
                for event in events:
                    event.set()

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

    def first(self, code: str, timeout: float = 5.0) -> Head:
        """The head of a table just followed, from a poll that started after it was
        followed: the streams opened at once share one query. Raises ``NoSuchTable``."""
        with self.lock:
            head = self.heads.get(code)
            if head is not None:
                return head
            ticket = self.started + 1
            self.wanting.add(code)
            self.wanted.set()
            deadline = time.monotonic() + timeout
            while self.done < ticket:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.polled.wait(left)
            head = self.heads.get(code)
        # not found (or the poll failed, or was late): ask for this table alone
        return head if head is not None else self.tables.head(code)

    def wait(self, code: str, seen: Head | None, timeout: float) -> Head | None:
        """The table's head once it differs from ``seen`` (or after ``timeout``)."""
        head = self.heads.get(code)
        if (head is not None and head != seen) or self.stopping:
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
                threading.Thread(target=self._watch, name="table-watcher", daemon=True).start()

    def _watch(self) -> None:
        signal: ChangeSignal | None = None
        due = last = 0.0
        pending = False
        while not self.stopping:
            try:
                if signal is None:
                    signal = self._signal()
                changed = signal.changed(STEP_SECONDS)
                named, read = signal.codes, signal.heads
            except Exception:  # the database is away for a moment: try again
                signal = self._drop(signal)
                changed, named, read = True, None, None
                time.sleep(STEP_SECONDS)
            if changed and read is not None:  # the signal read the heads itself: no query
                self._take({code: Head(*head) for code, head in read.items()})
            elif changed and named is not None:
                self._poll(named)  # the database named the tables: a small query
            elif changed:
                pending = True
            if self.wanted.is_set():
                self._poll(new=True)  # only the tables new streams wait for: a small query
            now_at = time.monotonic()
            if now_at >= due or (pending and now_at - last >= FULL_POLL_SECONDS):
                self._poll()
                last, pending = now_at, False
                due = now_at + (signal.fallback_seconds if signal else 0.2)
        self._drop(signal)

    def _signal(self) -> ChangeSignal:
        """The database's change signal; plain polling if it cannot give one."""
        try:
            return self.tables.change_signal()
        except Exception:
            logging.getLogger(__name__).warning("no change signal: polling", exc_info=True)
            return Polling()

    @staticmethod
    def _drop(signal: ChangeSignal | None) -> None:
        if signal is not None:
            with contextlib.suppress(Exception):  # already broken
                signal.close()

    def _poll(self, only: set[str] | None = None, *, new: bool = False) -> None:
        """Ask the database for the heads of the followed tables (``only`` those, if
        given: the database named the tables that changed; ``new``: those whose new
        streams wait for their first version)."""
        ticketed = only is None or new
        with self.lock:
            if ticketed:  # the polls a new stream waits for (see first)
                self.wanted.clear()
                self.started += 1
                only = set(self.wanting) if new else None
                self.wanting.clear()
            codes = [c for c in self.followers if only is None or c in only]
        try:
            fresh = self.tables.heads(codes) if codes else {}
        except Exception:  # the database is away for a moment: the next poll tries again
            fresh = {}
        self._take(fresh, ticketed)

    def _take(self, fresh: dict[str, Head], full: bool = False) -> None:
        """Keep the new heads of the followed tables and wake their streams (after a full
        poll, also the new streams waiting for it)."""
        with self.lock:
            followed = self.followers
            changed = [c for c, h in fresh.items() if c in followed and self.heads.get(c) != h]
            self.heads.update((c, fresh[c]) for c in changed)
            events = [e for c in changed for e in self.waiting.get(c, ())]
            if full:
                self.done += 1
                self.polled.notify_all()
        for event in events:
            event.set()
