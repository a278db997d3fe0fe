"""``adjudicator serve``: build the reference if needed, then run gunicorn.

The first start builds the reference in four languages (most of a minute on two cores)
and says so: a bar per language on a terminal, plain lines otherwise. The address is
printed once gunicorn listens on it.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from flask import Flask
from gunicorn.app.base import BaseApplication

from adjudicator.core.i18n import LANGS

from . import create_app, gunicorn_conf


class Server(BaseApplication):
    """gunicorn, run from Python with our application and options."""

    def __init__(self, app: Flask, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self) -> Flask:
        return self.application


class BuildProgress:
    """What the first start prints while the reference builds.

    On a terminal: one line, redrawn, with a bar per language. Otherwise (a log, a pipe):
    a plain line when a language starts, is half done and is done.
    """

    WIDTH = 10

    def __init__(self, langs: list[str], stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.langs = langs
        self.done: dict[str, float] = dict.fromkeys(langs, 0.0)
        self.said: dict[str, set[str]] = {lang: set() for lang in langs}
        self.started = time.monotonic()
        self.terminal = self.stream.isatty()
        self.lock = threading.Lock()

    def __call__(self, lang: str, fraction: float) -> None:
        with self.lock:
            self.done[lang] = max(self.done[lang], fraction)
            if self.terminal:
                self._draw()
            else:
                self._line(lang, fraction)

    def bar(self, lang: str) -> str:
        full = round(self.done[lang] * self.WIDTH)
        return f"{lang} [{'#' * full}{'.' * (self.WIDTH - full)}] {self.done[lang]:4.0%}"

    def _draw(self) -> None:
        line = "  ".join(self.bar(lang) for lang in self.langs)
        self.stream.write(f"\r  {line}  {time.monotonic() - self.started:3.0f} s")
        self.stream.flush()

    def _line(self, lang: str, fraction: float) -> None:
        for mark, at, text in (("start", 0.0, "started"), ("half", 0.5, "half done")):
            if fraction >= at and mark not in self.said[lang] and fraction < 1.0:
                self.said[lang].add(mark)
                print(f"  {lang}: {text}", file=self.stream, flush=True)
        if fraction >= 1.0 and "done" not in self.said[lang]:
            self.said[lang].add("done")
            count = len([x for x in self.said.values() if "done" in x])
            seconds = time.monotonic() - self.started
            print(
                f"  {lang}: built ({count} of {len(self.langs)}, {seconds:.0f} s)",
                file=self.stream,
                flush=True,
            )

    def finish(self) -> None:
        if self.terminal:
            self.stream.write("\n")
            self.stream.flush()


def ensure_docs(docs_dir: Path) -> bool:
    """Build the reference into ``docs_dir`` unless it is there; whether it can be served."""
    if (docs_dir / "en" / "index.html").is_file():
        return True
    try:
        from adjudicator.docs import build_docs
    except ImportError:
        print("warning: the reference builder is missing; serving without /docs", file=sys.stderr)
        return False
    langs = list(LANGS)
    print(
        f"First start: building the reference in {len(langs)} languages into {docs_dir}"
        " (about a minute; later starts skip this)",
        file=sys.stderr,
        flush=True,
    )
    progress = BuildProgress(langs)
    try:
        results = build_docs(docs_dir, langs, jobs=2, progress=progress)
    finally:
        progress.finish()
    failed = [lang for lang, (code, _seconds) in results.items() if code != 0]
    if failed:
        print(f"warning: the reference failed to build in {', '.join(failed)}", file=sys.stderr)
    return (docs_dir / "en" / "index.html").is_file()


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def options(host: str, port: int, workers: int) -> dict[str, Any]:
    """gunicorn's settings: those of :mod:`web.gunicorn_conf`, bound to ``host:port``."""
    found: dict[str, Any] = {
        key: value
        for key, value in vars(gunicorn_conf).items()
        if not key.startswith("_") and isinstance(value, int | str)
    }
    url = address(host, port)

    def when_ready(server: Any) -> None:
        gunicorn_conf.when_ready(server)
        print(f"Serving the adjudicator at {url} (Ctrl-C stops)", flush=True)

    found.update(
        bind=f"{host}:{port}",
        workers=max(1, workers),
        accesslog="-",
        errorlog="-",
        when_ready=when_ready,
        post_worker_init=gunicorn_conf.post_worker_init,
        worker_exit=gunicorn_conf.worker_exit,
    )
    return found


def serve(host: str, port: int, workers: int, docs_dir: Path) -> int:
    """Serve the page at ``http://host:port/`` with ``workers`` gunicorn workers."""
    docs_dir = Path(docs_dir).resolve()
    ensure_docs(docs_dir)
    app = create_app({"ADJ_DOCS_DIR": docs_dir})
    Server(app, options(host, port, workers)).run()
    return 0
