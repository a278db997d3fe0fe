"""``adjudicator serve``: build the reference if needed, then run gunicorn."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication

from adjudicator.core.i18n import LANGS

from . import create_app


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


def ensure_docs(docs_dir: Path) -> bool:
    """Build the reference into ``docs_dir`` unless it is there; whether it can be served."""
    if (docs_dir / "en" / "index.html").is_file():
        return True
    try:
        from adjudicator.docs import build_docs
    except ImportError:
        print("warning: the reference builder is missing; serving without /docs", file=sys.stderr)
        return False
    print(f"building the reference into {docs_dir} ...", file=sys.stderr)
    results = build_docs(docs_dir, list(LANGS), jobs=2)
    failed = [lang for lang, (code, _seconds) in results.items() if code != 0]
    if failed:
        print(f"warning: the reference failed to build in {', '.join(failed)}", file=sys.stderr)
    return (docs_dir / "en" / "index.html").is_file()


def options(host: str, port: int, workers: int) -> dict[str, Any]:
    return {
        "bind": f"{host}:{port}",
        "workers": max(1, workers),
        "worker_class": "sync",
        "timeout": 60,
        "limit_request_line": 8190,
        "accesslog": "-",
        "errorlog": "-",
    }


def serve(host: str, port: int, workers: int, docs_dir: Path) -> int:
    """Serve the page at ``http://host:port/`` with ``workers`` gunicorn workers."""
    docs_dir = Path(docs_dir).resolve()
    ensure_docs(docs_dir)
    app = create_app({"ADJ_DOCS_DIR": docs_dir})
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving the adjudicator at http://{shown}:{port}/ (Ctrl-C stops)", flush=True)
    Server(app, options(host, port, workers)).run()
    return 0
