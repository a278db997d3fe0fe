"""Playwright with Debian's chromium, and the page served on a free loopback port."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from adjudicator.core.i18n import LANGS
from adjudicator.games import available_games
from web import create_app

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason="no /usr/bin/chromium: apt-get install -y chromium")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": FLAGS,
        "headless": True,
    }


def fake_docs(root: Path) -> Path:
    """A stand-in reference with every rule's anchor, when no built one is given."""
    for lang in LANGS:
        (root / lang).mkdir(parents=True, exist_ok=True)
        (root / lang / "index.html").write_text(f"<!doctype html><title>{lang}</title>")
        for game in available_games():
            page = root / lang / "games" / game.id / "rules.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            rules = "".join(
                f'<section id="{rule.anchor}"><h2>{rule.id}</h2></section>' for rule in game.catalog
            )
            page.write_text(f'<!doctype html><html lang="{lang}"><title>rules</title>{rules}')
    return root


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page with every game present, on 127.0.0.1 and a free port, in a thread."""
    built = os.environ.get("ADJ_TEST_DOCS")
    docs = Path(built) if built else fake_docs(tmp_path_factory.mktemp("docs"))
    app = create_app({"ADJ_DOCS_DIR": docs})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
