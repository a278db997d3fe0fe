"""``adjudicator serve``: run gunicorn at once, and build a missing reference beside it.

The first start builds the reference in four languages (most of a minute on two cores)
in a separate process, which prints a line per language and step; meanwhile the pages
answer, and the reference's pages say when they will be ready. The address is printed
once gunicorn listens on it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication

from adjudicator import docs_background, docs_status
from adjudicator.core.i18n import LANGS

from . import create_app, gunicorn_conf
from .links import announce


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


def start_reference_build(docs_dir: Path) -> subprocess.Popen[bytes] | None:
    """Start building the languages of the reference that are missing, in a separate
    process at a lower priority (the workers keep answering meanwhile); ``None`` when the
    reference is all there (or its builder, Sphinx, is not installed)."""
    langs = docs_status.langs_to_build(docs_dir, list(LANGS))
    if not langs:
        return None
    if importlib.util.find_spec("sphinx") is None:
        print("warning: Sphinx is missing; serving without the reference", file=sys.stderr)
        return None
    plan = docs_status.begin(docs_dir, langs, docs_background.JOBS, os.getpid())
    longest = max(plan["ready_after"].values())
    print(
        f"Building the reference in {', '.join(langs)} into {docs_dir}, in the background"
        f" (about {longest:.0f} s; the pages answer meanwhile, later starts skip this)",
        file=sys.stderr,
        flush=True,
    )
    command = [sys.executable, "-m", "adjudicator.docs_background", str(docs_dir), *langs]
    # Its own process group, so that stopping it stops its Sphinx processes too.
    process = subprocess.Popen(command, preexec_fn=_lower_priority, start_new_session=True)
    plan["pid"] = process.pid
    docs_status.write_status(docs_dir, plan)
    return process


def _lower_priority() -> None:
    os.nice(10)


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """Stop an unfinished reference build (the next start builds it again)."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def options(host: str, port: int, workers: int) -> dict[str, Any]:
    """gunicorn's settings: those of :mod:`web.gunicorn_conf`, bound to ``host:port``."""
    found: dict[str, Any] = {
        key: value
        for key, value in vars(gunicorn_conf).items()
        if not key.startswith("_") and isinstance(value, int | str)
    }

    def when_ready(server: Any) -> None:
        gunicorn_conf.when_ready(server)
        # the address the join links and QR codes use (see web.links): the phones' one
        url = announce(server.app.wsgi(), server) + "/"
        print(f"Serving the adjudicator at {url} (Ctrl-C stops)", flush=True)

    found.update(
        bind=f"{host}:{port}",
        workers=max(1, workers),
        accesslog="-",
        errorlog="-",
        when_ready=when_ready,
        post_worker_init=gunicorn_conf.post_worker_init,
        worker_exit=gunicorn_conf.worker_exit,
        child_exit=gunicorn_conf.child_exit,
    )
    return found


def serve(host: str, port: int, workers: int, docs_dir: Path) -> int:
    """Serve the page at ``http://host:port/`` with ``workers`` gunicorn workers."""
    docs_dir = Path(docs_dir).resolve()
    os.environ["ADJUDICATOR_DOCS_DIR"] = str(docs_dir)  # the workers' search looks there too
    builder = start_reference_build(docs_dir)
    app = create_app({"ADJ_DOCS_DIR": docs_dir})
    try:
        Server(app, options(host, port, workers)).run()
    finally:
        stop(builder)
    return 0
