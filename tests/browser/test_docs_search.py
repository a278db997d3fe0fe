"""Search in the built reference, in a real browser: accents, scripts and rule IDs."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def docs_server(built_docs) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(built_docs))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def search(page, base: str, lang: str, query: str) -> list[str]:
    """The result links of the reference's own search page for ``query``."""
    page.goto(f"{base}/{lang}/search.html?q={quote(query)}")
    page.wait_for_selector("#search-results .search-summary, #search-results p", timeout=20000)
    page.wait_for_function(
        "document.querySelector('#search-results') && "
        "!document.querySelector('#search-progress')?.textContent.includes('…')",
        timeout=20000,
    )
    return page.eval_on_selector_all(
        "#search-results ul.search li a", "els => els.map(e => e.href)"
    )


@pytest.mark.parametrize(
    ("query", "game_id"),
    [
        ("βομβα", "manhattan-project"),
        ("ΒΟΜΒΑ", "manhattan-project"),
        ("καραντινα", "quarantine"),
        ("φορολογια", "imperial"),
    ],
)
def test_greek_search_without_accents(page, docs_server, query, game_id):
    links = search(page, docs_server, "el", query)
    assert any(f"/games/{game_id}/rules.html" in link for link in links), links


def test_chinese_search_for_bombers(page, docs_server):
    links = search(page, docs_server, "zh_TW", "轟炸機")
    assert any("/games/manhattan-project/rules.html" in link for link in links), links


def test_portuguese_search_for_bombers(page, docs_server):
    links = search(page, docs_server, "pt", "bombardeiro")
    assert any("/games/manhattan-project/rules.html" in link for link in links), links


@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW"])
def test_rule_id_finds_its_rule(page, docs_server, lang):
    links = search(page, docs_server, lang, "IM-101")
    assert any(link.endswith("/games/imperial/rules.html#rule-IM-101") for link in links), links


@pytest.mark.parametrize(("start", "target"), [("el", "pt"), ("zh_TW", "en")])
def test_language_switcher_keeps_the_rule(page, docs_server, start, target):
    page.goto(f"{docs_server}/{start}/games/imperial/rules.html#rule-IM-101")
    page.locator(f".adjudicator-topbar a[hreflang='{target.replace('_', '-')}']").click()
    page.wait_for_url(f"**/{target}/games/imperial/rules.html#rule-IM-101")
    assert page.locator("html").get_attribute("lang") == target.replace("_", "-")


def test_side_by_side_shows_the_second_language(page, docs_server):
    page.goto(f"{docs_server}/el/games/manhattan-project/rules.html?second=zh_TW")
    box = page.locator("#rule-MP-101 + dd .rule-second")
    box.wait_for(timeout=10000)
    assert box.get_attribute("lang") == "zh-TW"
    assert box.inner_text().strip()
