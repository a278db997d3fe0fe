"""Where a test run's time goes: each test's wall time and CPU time, its own process's
(threads included) and its descendants' (servers, chromium, the CLI runs, Sphinx), one JSON
line per test, with the xdist worker and the start time (a timeline of both workers).

Record, then read the figures::

    ADJ_TEST_CPU=/tmp/cpu.jsonl .venv/bin/python -m pytest -p tests.cputime -n 2 ...
    .venv/bin/python -m tests.cputime /tmp/cpu.jsonl

CPU time is the figure that holds on a loaded machine; wall time is the quiet machine's
only. A descendant still running when a test ends (a session's chromium) is counted in the
tests it ran for; one that ends in a test (a module's server) counts in that test. What
chromium's processes use between the last test's start and their end at the session's end
is not seen: nobody in pytest's tree collects it, which is also why ``time`` and
``/usr/bin/time`` give a browser run less CPU than it used.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

OUT_ENV = "ADJ_TEST_CPU"
TICK = os.sysconf("SC_CLK_TCK")

#: A process: (pid, start time in ticks since boot), so a reused pid is another process.
Key = tuple[int, str]


def descendants(root: int) -> dict[Key, tuple[int, float]]:
    """Every live descendant of ``root``: its parent and its CPU seconds, its reaped
    children's included."""
    found: dict[int, tuple[int, float, str]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        ticks = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
        found[int(name)] = (int(fields[1]), ticks / TICK, fields[19])
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (parent, _, _) in found.items():
        children[parent].append(pid)
    result: dict[Key, tuple[int, float]] = {}
    stack = list(children[root])
    while stack:
        pid = stack.pop()
        parent, cpu, started = found[pid]
        result[pid, started] = (parent, cpu)
        stack.extend(children[pid])
    return result


def _reaped() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    out = os.environ.get(OUT_ENV)
    if not out:
        yield
        return
    me = os.getpid()
    start, wall, cpu, reaped = time.time(), time.perf_counter(), time.process_time(), _reaped()
    before = descendants(me)
    yield
    after = descendants(me)
    live = sum(cpu - before.get(key, (0, 0.0))[1] for key, (_, cpu) in after.items())
    # a process that ended in the test, its parent still there, went whole into the parent's
    # figure (a live one's or the reaped figure): take off what it used before the test
    alive = {pid for pid, _ in after} | {me}
    ended = sum(
        cpu for key, (parent, cpu) in before.items() if key not in after and parent in alive
    )
    record = {
        "id": item.nodeid,
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "-"),
        "start": round(start, 3),
        "wall": round(time.perf_counter() - wall, 3),
        "cpu": round(time.process_time() - cpu, 3),
        "child": round(_reaped() - reaped - ended + live, 3),
    }
    with open(out, "a", encoding="utf-8") as file:
        file.write(json.dumps(record) + "\n")


def summary(records: list[dict], top: int = 25) -> str:
    """The run's totals, the files and the tests that take the most CPU, and each worker's
    busy time (its tests' wall time) against the run's span."""
    total = lambda r: r["cpu"] + r["child"]  # noqa: E731
    lines = [
        f"{len(records)} tests: wall {sum(r['wall'] for r in records):.0f} s, CPU "
        f"{sum(r['cpu'] for r in records):.0f} s in pytest + "
        f"{sum(r['child'] for r in records):.0f} s in its descendants"
    ]
    files: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for r in records:
        row = files[r["id"].split("::")[0]]
        row[0] += 1
        row[1] += r["wall"]
        row[2] += total(r)
    lines.append("\nfiles by CPU:    tests   wall s    CPU s")
    for name, (n, wall, cpu) in sorted(files.items(), key=lambda kv: -kv[1][2])[:top]:
        lines.append(f"  {n:6.0f} {wall:8.1f} {cpu:8.1f}  {name}")
    lines.append("\ntests by CPU:    wall s    CPU s")
    for r in sorted(records, key=total, reverse=True)[:top]:
        lines.append(f"  {r['wall']:8.1f} {total(r):8.1f}  {r['id']}")
    workers: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        workers[r["worker"]].append(r)
    if records and "start" in records[0]:
        first = min(r["start"] for r in records)
        last = max(r["start"] + r["wall"] for r in records)
        lines.append(f"\nworkers (the run's tests span {last - first:.0f} s):")
        for name, rows in sorted(workers.items()):
            end = max(r["start"] + r["wall"] for r in rows) - first
            lines.append(
                f"  {name}: {len(rows)} tests, busy {sum(r['wall'] for r in rows):.0f} s, "
                f"CPU {sum(total(r) for r in rows):.0f} s, last test ends at {end:.0f} s"
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    rows = [json.loads(line) for line in Path(sys.argv[1]).read_text().splitlines() if line]
    sys.stdout.write(summary(rows, int(sys.argv[2]) if len(sys.argv) > 2 else 25))
