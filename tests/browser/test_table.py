"""The shared table in Debian's chromium: a host opens the official Imperial quick-intro
game; three phones (English, Greek, Chinese) join, two by the QR code's link and one by the
short code typed on the start page, and play its first six nation turns, each from its own
seat (Daniel's seat has no phone: the others enter his moves for him). Each phone sees each
move, live, with its verdict in its own language; one illegal move is refused for all, and
one undo says on every phone what it took back.

Run it alone: ``pytest -m browser tests/browser/test_table.py``.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, Page, expect

from adjudicator.table.log import example_log

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LANGS = ("en", "el", "zh_TW")
APPLIED = {"en": "Legal: applied.", "el": "Επιτρέπεται: εφαρμόστηκε.", "zh_TW": "合法：已執行。"}
REFUSED = {
    "en": "Illegal: refused.",
    "el": "Δεν επιτρέπεται: απορρίφθηκε.",
    "zh_TW": "不合法：已拒絕。",
}
#: A word of each first effect, in each language: Austria-Hungary imports (Trieste, Lemberg).
FIRST_EFFECT = {"en": "Austria-Hungary", "el": "Αυστρο-Ουγγαρία", "zh_TW": "奧匈帝國"}
TOOK_BACK = {"en": "took back", "el": "αναίρεσε τη γραμμή", "zh_TW": "復原了"}
UNDONE = {"en": "Undone by line", "el": "Αναιρέθηκε από τη γραμμή", "zh_TW": "筆復原"}
#: Each phone's seat in the quick-intro game (Daniel's has no phone).
SEATS = {"en": "Anton", "el": "Claudia", "zh_TW": "Bert"}
#: Who enters each of the first six nation turns: the seat's phone, and Daniel's (Germany
#: from T02 on, and Russia) from the Chinese and the Greek phones.
ENTERS = ("el", "en", "el", "zh_TW", "zh_TW", "el")
SVG_NS = "http://www.w3.org/2000/svg"


def host_opens(browser: Browser, server: str) -> tuple[Page, str, str, str]:
    """The host's device opens the quick-intro game on the start page; it shows the join
    link, its QR code and the short code."""
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en")
    page.goto(f"{server}/en/table/?game=imperial")
    page.locator("#start").select_option("log:imperial-quickintro")
    with page.expect_navigation():
        page.locator("#open-button").click()
    link = page.locator("#join-link").inner_text()
    short = page.locator("#short-code").inner_text()
    code = link.rsplit("/", 1)[-1]
    return page, link, short, code


def qr_renders_the_link(page: Page, link: str) -> None:
    """The QR code: an SVG document with its namespace, drawn by chromium, of the link."""
    image = page.locator("#qr")
    expect(image).to_be_visible()
    page.wait_for_function("() => document.getElementById('qr').complete")
    assert image.evaluate("img => img.naturalWidth") > 0
    url = image.evaluate("img => img.src")
    parsed = page.evaluate(
        """async (url) => {
            const text = await (await fetch(url)).text();
            const doc = new DOMParser().parseFromString(text, "image/svg+xml");
            return [doc.documentElement.namespaceURI, doc.querySelector("parsererror") === null,
                    text];
        }""",
        url,
    )
    assert parsed[0] == SVG_NS and parsed[1]
    page.emulate_media(media="print")  # it prints: the code and the QR, not the log
    expect(image).to_be_visible()
    expect(page.locator("#short-code")).to_be_visible()
    expect(page.locator("#log")).to_be_hidden()
    page.emulate_media(media="screen")
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4,
                                     dark="#1b1f24")  # fmt: skip
    assert parsed[2] == out.getvalue().decode()  # the QR code holds exactly the join link


def phone(browser: Browser, lang: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale=lang.replace("_", "-"),
                                  has_touch=True, is_mobile=True)  # fmt: skip
    return context.new_page()


def take_seat(page: Page, lang: str, live: str = "sse") -> None:
    """On the join page, which came in the phone's own language: its seat, then Join."""
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))
    expect(page.locator(f"input[name=lang][value={lang}]")).to_be_checked()
    page.locator(f"input[name=seat][value={SEATS[lang]}]").check()
    with page.expect_navigation():
        page.locator("#join-button").click()
    if live == "sse":
        expect(page.locator("html")).to_have_attribute("data-table-live", "sse")


def by_link(browser: Browser, link: str, lang: str) -> Page:
    page = phone(browser, lang)
    page.goto(link)
    take_seat(page, lang)
    return page


def by_code(browser: Browser, server: str, short: str, lang: str) -> Page:
    """A phone whose browser has no ``EventSource``: its page polls the table's head."""
    page = phone(browser, lang)
    page.add_init_script("delete window.EventSource;")
    page.goto(f"{server}/table/")
    page.locator("#code").fill(short.lower().replace(" ", ""))  # as one types it
    with page.expect_navigation():
        page.locator("#code-button").click()
    take_seat(page, lang, live="poll")
    expect(page.locator("html")).not_to_have_attribute("data-table-live", "sse")
    return page


def enter(page: Page, move: dict[str, Any]) -> None:
    page.locator("#propose").click()
    page.wait_for_url("**/move")
    page.locator("details.move-source summary").click()
    page.locator("input[name=move_source][value=json]").check()
    page.locator("textarea[name=move_json]").fill(json.dumps(move))
    with page.expect_navigation():
        page.locator("#decide-button").click()


def pick(page: Page, move: dict[str, Any]) -> None:
    """Enter ``move`` by choosing it in the list of "What may I do?"."""
    page.locator("#options").click()
    page.wait_for_url("**/options")
    offered = [json.loads(v) for v in page.locator("input[name=move_json]").evaluate_all(
        "inputs => inputs.map(i => i.value)")]  # fmt: skip
    assert move in offered, (move, offered[:5])
    with page.expect_navigation():
        page.locator("ul.options button.option").nth(offered.index(move)).click()
    page.wait_for_url("**/t/*")


def everyone_sees(phones: dict[str, Page], seq: int, words: dict[str, str], version: int) -> None:
    for lang, page in phones.items():
        expect(page.locator(f"#entry-{seq}")).to_contain_text(words[lang], timeout=5000)
        expect(page.locator("#live")).to_have_attribute("data-version", str(version))


def test_three_phones_join_and_play_six_nation_turns(browser: Browser, table_server: str) -> None:
    turns = [e["move"] for e in example_log("imperial-quickintro")["entries"]]
    host, link, short, _code = host_opens(browser, table_server)
    assert "lang=" not in link
    qr_renders_the_link(host, link)
    phones = {"en": by_link(browser, link, "en"), "el": by_link(browser, link, "el"),
              "zh_TW": by_code(browser, table_server, short, "zh_TW")}  # fmt: skip
    # Anton's phone may not enter Claudia's move (Austria-Hungary's)
    anton = phones["en"]
    anton.locator("#options").click()
    expect(anton.locator("#whose")).to_contain_text("It is Claudia's move")
    assert anton.locator("ul.options button.option").count() == 0
    anton.go_back()
    seq, version = 1, 1
    for number, move in enumerate(turns[:6]):
        entering = phones[ENTERS[number]]
        if number == 2:  # an illegal move first: a French factory in London
            enter(entering, {**move, "region": "london"})
            seq += 1
            everyone_sees(phones, seq, REFUSED, version)
            for page in phones.values():
                expect(page.locator(f"#entry-{seq} .violation").first).to_be_visible()
        if number == 3:
            pick(entering, move)  # Great Britain's production from "What may I do?"
        else:
            enter(entering, move)
        seq, version = seq + 1, version + 1
        everyone_sees(phones, seq, APPLIED, version)
        if number == 0:
            for lang, page in phones.items():
                expect(page.locator(f"#entry-{seq} .effects")).to_contain_text(FIRST_EFFECT[lang])
    # Daniel's turns were entered by the others' phones, for him
    expect(phones["en"].locator(f"#entry-{seq} .who")).to_have_text("Claudia for Daniel")
    expect(phones["zh_TW"].locator(f"#entry-{seq} .who")).to_have_text("Claudia 代 Daniel 輸入")
    # the Chinese phone takes Russia's investor turn back: every phone says what it undid
    polled = phones["zh_TW"].locator("html")  # its page polls and merges what changed
    expect(polled).to_have_attribute("data-table-update", "delta")
    phones["zh_TW"].locator("#undo").click()
    undone = seq
    seq, version = seq + 1, version + 1
    everyone_sees(phones, seq, TOOK_BACK, version)
    for lang, page in phones.items():
        line = f"第 {undone} 筆" if lang == "zh_TW" else f"{undone}. "  # the language's count
        expect(page.locator(f"#entry-{seq} .undoes")).to_contain_text(line)
        expect(page.locator(f"#entry-{undone}")).to_contain_text(UNDONE[lang])
        assert page.locator("ol.log > li").count() == seq
    for lang in ("en", "el"):  # (the Chinese phone undid it: its page came whole)
        expect(phones[lang].locator("html")).to_have_attribute("data-table-update", "delta")
    for page in phones.values():
        same_as_drawn_whole(page)


def same_as_drawn_whole(page: Page) -> None:
    """The page's live part, merged from what changed after each move, is the part the
    server draws whole now (but for what the page's script shows: the zoom buttons)."""
    mine, whole = page.evaluate("""async () => {
        const norm = (el) => el.outerHTML.replace(/ hidden=""/g, "").replace(/>\\s+</g, "><");
        const url = document.querySelector("[data-live]").getAttribute("data-live");
        const holder = document.createElement("div");
        holder.innerHTML = await (await fetch(url, {cache: "no-store"})).text();
        return [norm(document.getElementById("live")), norm(holder.querySelector("#live"))];
    }""")  # fmt: skip
    assert mine == whole
