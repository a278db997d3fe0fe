"""The reference's build status, shared by the builder and the server's workers.

``adjudicator serve`` answers at once and builds a missing reference in a separate
process (:mod:`adjudicator.docs_background`). That process keeps ``.build-status.json``
in the built tree up to date: when the build started, which languages are ready, and how
long the last build took, from which the reference's pages estimate when a language will
be ready. Without the file, a language is ready when its ``index.html`` is there.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
from pathlib import Path
from typing import Any, Literal

STATUS_NAME = ".build-status.json"
#: How long a language takes when no build was ever timed here (a quiet 2-core machine
#: builds the four languages in about 40 s, two at a time).
DEFAULT_SECONDS = 60.0

State = Literal["ready", "building", "failed", "missing"]


def status_path(docs_dir: Path) -> Path:
    return Path(docs_dir) / STATUS_NAME


def read_status(docs_dir: Path) -> dict[str, Any] | None:
    """The status file's content, or ``None`` when there is none (or it is unreadable)."""
    try:
        data = json.loads(status_path(docs_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_status(docs_dir: Path, data: dict[str, Any]) -> None:
    """Replace the status file at once (readers never see half of it)."""
    path = status_path(docs_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(temporary, path)


def _alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def language_state(docs_dir: Path, lang: str) -> State:
    """Whether ``lang``'s reference can be served, is being built, failed or is missing."""
    status = read_status(docs_dir)
    built = (Path(docs_dir) / lang / "index.html").is_file()
    if status is None:
        return "ready" if built else "missing"
    state = (status.get("langs") or {}).get(lang)
    if state == "building":
        return "building" if _alive(status.get("pid")) else "missing"
    if state in ("ready", "failed"):
        return "ready" if state == "ready" and built else "failed"
    return "ready" if built else "missing"


def langs_to_build(docs_dir: Path, langs: list[str]) -> list[str]:
    """The languages a server starting now must build (none when all are there)."""
    return [lang for lang in langs if language_state(docs_dir, lang) != "ready"]


def last_timing(docs_dir: Path) -> dict[str, float]:
    """Seconds from the start of the last finished build to each language's readiness."""
    status = read_status(docs_dir) or {}
    timing = status.get("last_ready_after") or {}
    return {k: float(v) for k, v in timing.items() if isinstance(v, int | float)}


def estimates(docs_dir: Path, langs: list[str], jobs: int) -> dict[str, float]:
    """When each language should be ready, in seconds from the start: the last build's
    time where known, otherwise :data:`DEFAULT_SECONDS` per round of ``jobs`` languages."""
    known = last_timing(docs_dir)
    rounds = max(1, math.ceil(len(langs) / max(1, jobs)))
    guess: dict[str, float] = {}
    for position, lang in enumerate(langs):
        default = DEFAULT_SECONDS * (position // max(1, jobs) + 1) / rounds
        guess[lang] = known.get(lang, default)
    return guess


def seconds_left(docs_dir: Path, lang: str) -> float | None:
    """About how many seconds until ``lang`` is ready (negative when late), or ``None``."""
    status = read_status(docs_dir) or {}
    started = status.get("started")
    expected = (status.get("ready_after") or {}).get(lang)
    if not isinstance(started, int | float) or not isinstance(expected, int | float):
        return None
    return started + expected - time.time()


def begin(docs_dir: Path, langs: list[str], jobs: int, pid: int) -> dict[str, Any]:
    """Write the status of a build starting now (kept: the last build's timing)."""
    data: dict[str, Any] = {
        "pid": pid,
        "started": time.time(),
        "finished": None,
        "ready_after": estimates(docs_dir, langs, jobs),
        "last_ready_after": last_timing(docs_dir),
        "langs": {
            **{k: v for k, v in ((read_status(docs_dir) or {}).get("langs") or {}).items()},
            **dict.fromkeys(langs, "building"),
        },
    }
    with contextlib.suppress(OSError):
        write_status(docs_dir, data)
    return data
