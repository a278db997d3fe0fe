"""Build the reference beside a running server (``python -m adjudicator.docs_background
DIR LANG...``).

``adjudicator serve`` starts this as a separate process, so that its workers keep
answering while Sphinx works. It prints a line whenever a language starts a new step
(and when reading or writing is half done), and keeps the status file of
:mod:`adjudicator.docs_status` up to date for the reference's "being built" page.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

from . import docs_status

JOBS = 2
#: The steps whose progress Sphinx counts, each said once more when half done.
HALVED = ("reading the sources", "writing the pages")


class StepReport:
    """The console lines of a build: ``reference el: writing the pages (half done)``."""

    def __init__(self, docs_dir: Path, langs: list[str], stream: TextIO | None = None) -> None:
        self.docs_dir = docs_dir
        self.langs = langs
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.steps: dict[str, str] = {}
        self.halves: set[tuple[str, str]] = set()
        self.ready: dict[str, float] = {}
        self.lock = threading.Lock()

    def __call__(self, lang: str, fraction: float, step: str) -> None:
        with self.lock:
            if step in ("done", "failed"):
                self._finish(lang, step)
            elif step != self.steps.get(lang):
                self.steps[lang] = step
                self._say(f"reference {lang}: {step}")
            elif step in HALVED and fraction % 0.5 >= 0.25 and (lang, step) not in self.halves:
                self.halves.add((lang, step))
                self._say(f"reference {lang}: {step} (half done)")

    def _finish(self, lang: str, step: str) -> None:
        seconds = time.monotonic() - self.started
        self.ready[lang] = seconds
        if step == "done":
            count = f"{len(self.ready)} of {len(self.langs)}"
            self._say(f"reference {lang}: ready ({count}, {seconds:.0f} s)")
        else:
            self._say(
                f"reference {lang}: FAILED after {seconds:.0f} s (see Sphinx's messages above)"
            )
        status = docs_status.read_status(self.docs_dir) or {}
        status.setdefault("langs", {})[lang] = "ready" if step == "done" else "failed"
        with contextlib.suppress(OSError):
            docs_status.write_status(self.docs_dir, status)

    def _say(self, text: str) -> None:
        print(f"  {text}", file=self.stream, flush=True)


def build(docs_dir: Path, langs: list[str], stream: TextIO | None = None) -> bool:
    """Build ``langs`` into ``docs_dir``, reporting as it goes; whether all succeeded."""
    from .docs import build_docs

    report = StepReport(docs_dir, langs, stream)
    results = build_docs(docs_dir, langs, jobs=JOBS, progress=report)
    status = docs_status.read_status(docs_dir) or {}
    timing = dict(status.get("last_ready_after") or {})
    timing.update({lang: round(s, 1) for lang, s in report.ready.items()})
    failed = [lang for lang, (code, _seconds) in results.items() if code != 0]
    status.update(finished=time.time(), last_ready_after=timing)
    status.setdefault("langs", {}).update(
        {lang: "failed" if lang in failed else "ready" for lang in langs}
    )
    docs_status.write_status(docs_dir, status)
    seconds = time.monotonic() - report.started
    if failed:
        report._say(f"the reference failed to build in {', '.join(failed)} ({seconds:.0f} s)")
    else:
        report._say(f"the reference is ready in all {len(langs)} languages ({seconds:.0f} s)")
    return not failed


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    docs_dir, langs = Path(args[0]), args[1:]
    try:
        return 0 if build(docs_dir, langs) else 1
    except KeyboardInterrupt:  # the server stopped (Ctrl-C reaches the whole group)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
