"""The per-test CPU recorder (tests/cputime.py) sees a child's CPU and sums a run."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.cputime import descendants, summary


def test_a_running_child_and_its_cpu_are_seen() -> None:
    spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\n"
    child = subprocess.Popen([sys.executable, "-c", spin + "input()"], stdin=subprocess.PIPE)
    try:
        for _ in range(200):
            found = {pid: cpu for (pid, _), (_, cpu) in descendants(os.getpid()).items()}
            if found.get(child.pid, 0) >= 0.25:
                break
            subprocess.run([sys.executable, "-c", "import time; time.sleep(0.05)"], check=True)
        assert found.get(child.pid, 0) >= 0.25, found
    finally:
        child.communicate(b"\n", timeout=30)


def test_the_summary_sums_files_tests_and_workers() -> None:
    keys = ("id", "worker", "start", "wall", "cpu", "child")
    rows = [
        dict(zip(keys, values, strict=True))
        for values in [
            ("tests/a.py::x", "gw0", 0.0, 4.0, 1.0, 2.0),
            ("tests/a.py::y", "gw1", 0.0, 1.0, 0.5, 0.0),
            ("tests/b.py::z", "gw1", 1.0, 5.0, 4.0, 0.0),
        ]
    ]
    text = summary(rows)
    assert "3 tests: wall 10 s, CPU 6 s in pytest + 2 s in its descendants" in text
    assert "       2      5.0      3.5  tests/a.py" in text
    assert text.index("tests/b.py::z") < text.index("tests/a.py::x") < text.index("tests/a.py::y")
    assert "the run's tests span 6 s" in text
    assert "gw0: 1 tests, busy 4 s, CPU 3 s, last test ends at 4 s" in text
    assert "gw1: 2 tests, busy 6 s, CPU 4 s, last test ends at 6 s" in text
