"""Playwright with Debian's chromium, and the page served on a free loopback port."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from werkzeug.serving import make_server

from web import create_app

CHROMIUM = Path("/usr/bin/chromium")
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # No spare renderer process started ahead for the next page: every test opens a new
    # context and page, and chromium threw the spare away and started another each time
    # (20 new pages: 21 → 16 CPU-s). Chromium merges this list with Playwright's own.
    "--disable-features=SpareRendererForSitePerProcess",
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


@pytest.fixture(scope="session")
def server(built_docs: Path) -> Iterator[str]:
    """The page with every game present and the real four-language reference, on
    127.0.0.1 and a free port, in a thread."""
    app = create_app({"ADJ_DOCS_DIR": built_docs})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """No base URL: the tests give whole URLs. Defined here because pytest-playwright's own
    fallback (used without pytest-base-url) is a session fixture written as an instance
    method, which pytest 9 deprecates (PytestRemovedIn10Warning)."""
    return None


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page without the reference, on its own SQLite tables, for the shared table's
    tests (one per test module)."""
    folder = tmp_path_factory.mktemp("table")
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{folder / 't.sqlite3'}",
                      "ADJ_DOCS_DIR": folder})  # fmt: skip
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    address = f"http://127.0.0.1:{httpd.server_port}"
    app.config["ADJ_SERVED_AT"] = address  # the address the join link and the QR code give
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield address
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def module_page(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """One context and page for a module's tests that each begin by loading a page: a new
    page costs chromium two or three renderer processes (about half a CPU-second), a page
    loaded in the same one none."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def reused_page(module_page: Page, browser_context_args: dict[str, Any]) -> Page:
    """:func:`module_page` as a fresh page starts: no cookies, the default viewport, light
    colours, the screen. (What a test stored in the page's own storage stays: the modules
    that use it store nothing a later test reads.)"""
    module_page.context.clear_cookies()
    module_page.set_viewport_size(browser_context_args.get("viewport") or DEFAULT_VIEWPORT)
    module_page.emulate_media(media="screen", color_scheme="light")
    return module_page
