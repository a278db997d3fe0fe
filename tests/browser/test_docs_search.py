"""Search in the built reference, in a real browser: accents, scripts and rule IDs."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from adjudicator.core.i18n import HTML_LANG

pytestmark = [pytest.mark.browser, pytest.mark.docs]


@pytest.fixture
def page(reused_page: Page) -> Page:
    """The module's tests share a page (each loads what it reads)."""
    return reused_page


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
    page.locator(f".adjudicator-topbar a[hreflang='{HTML_LANG[target]}']").click()
    page.wait_for_url(f"**/{target}/games/imperial/rules.html#rule-IM-101")
    assert page.locator("html").get_attribute("lang") == HTML_LANG[target]


def test_side_by_side_shows_the_second_language(page, docs_server):
    page.goto(f"{docs_server}/el/games/manhattan-project/rules.html?second=zh_TW")
    box = page.locator("#rule-MP-101 + dd .rule-second")
    box.wait_for(timeout=10000)
    assert box.get_attribute("lang") == "zh-TW"
    assert box.inner_text().strip()


@pytest.mark.parametrize("query", ["γαλλιας", "ΓΑΛΛΙΑ", "γαλλία"])
def test_greek_inflections_find_the_imperial_rules_page(page, docs_server, query):
    links = search(page, docs_server, "el", query)
    assert any("/games/imperial/rules.html" in link for link in links), links


# 諜報等級 is what the Chinese text prints for the spy track (間諜軌 is a player's word, found
# through the glossary's synonyms by the rule search, not by Sphinx's index).
@pytest.mark.parametrize("query", ["鈽", "鈾", "試爆卡", "炸彈卡", "諜報等級", "輪抽"])
def test_chinese_terms_are_whole_words_of_the_index(page, docs_server, query):
    links = search(page, docs_server, "zh_TW", query)
    assert any("/games/manhattan-project/rules.html" in link for link in links), links


def reference_rules(page, base: str, lang: str, game_id: str, query: str) -> list[str]:
    """The rules the reference's search page lists for one game, in order."""
    page.goto(f"{base}/{lang}/search.html?q={quote(query)}")
    page.wait_for_selector("#adjudicator-rules h2", timeout=20000)
    return page.eval_on_selector_all(
        f"#adjudicator-rules ul[data-game='{game_id}'] li", "els => els.map(e => e.dataset.rule)"
    )


def page_rules(page, base: str, lang: str, game_id: str, query: str) -> list[str]:
    """The rules the page's rule search lists, in order."""
    page.goto(f"{base}/{lang}/{game_id}/rules?q={quote(query)}")
    return page.eval_on_selector_all(
        "ul.rule-list li[data-rule]", "els => els.map(e => e.dataset.rule)"
    )


@pytest.mark.parametrize(
    ("lang", "game_id", "query"),
    [
        ("el", "manhattan-project", "ποσα μαχητικα"),
        ("el", "manhattan-project", "τασακι"),
        ("el", "imperial", "συνοδεια στολου"),
        ("el", "quarantine", "καραντινα εξαπλωση"),
        ("zh_TW", "quarantine", "隔離擴散"),
        ("zh_TW", "manhattan-project", "修理多少錢"),
        ("zh_TW", "imperial", "工廠多少錢"),
        ("zh_TW", "manhattan-project", "可以轟炸嗎"),
    ],
)
def test_the_reference_and_the_page_give_the_same_first_rule(
    page, docs_server, server, lang, game_id, query
):
    in_reference = reference_rules(page, docs_server, lang, game_id, query)
    on_page = page_rules(page, server, lang, game_id, query)
    assert in_reference and on_page, (in_reference, on_page)
    assert in_reference[0] == on_page[0], (in_reference[:3], on_page[:3])
    # The reference's search page served by the app works the same (its CSP included).
    assert reference_rules(page, f"{server}/docs", lang, game_id, query)[0] == on_page[0]


@pytest.mark.parametrize(
    ("query", "game_id"), [("隔離擴散", "quarantine"), ("炸彈卡輪抽", "manhattan-project")]
)
def test_unspaced_chinese_finds_the_pages(page, docs_server, query, game_id):
    links = search(page, docs_server, "zh_TW", query)
    assert any(f"/games/{game_id}/rules.html" in link for link in links), links
