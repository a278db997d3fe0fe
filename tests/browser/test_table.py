"""The shared table in Debian's chromium: three phones (English, Greek, Chinese) play the
first six nation turns of the Imperial example log; each sees each move, live, with its
verdict in its own language, and one illegal move is refused for all of them.

Run it alone: ``pytest -m browser tests/browser/test_table.py``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

from adjudicator.games import get_game
from adjudicator.table.log import example_log, parse_log, replay
from web import create_app

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LANGS = ("en", "el", "zh_TW")
APPLIED = {"en": "Legal: applied.", "el": "Επιτρέπεται: εφαρμόστηκε.", "zh_TW": "合法：已執行。"}
REFUSED = {
    "en": "Illegal: refused.",
    "el": "Δεν επιτρέπεται: απορρίφθηκε.",
    "zh_TW": "不合法：已拒絕。",
}
#: A word of each first effect, in each language: Austria-Hungary builds a factory (Trieste).
FIRST_EFFECT = {"en": "Austria-Hungary", "el": "Αυστρο-Ουγγαρία", "zh_TW": "奧匈帝國"}


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("table")
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{folder / 't.sqlite3'}",
                      "ADJ_DOCS_DIR": folder})  # fmt: skip
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


def after_the_opening() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The example log's state after its 24 opening purchases, and its nation turns."""
    log = example_log("imperial-expert-opening")
    opening = sum(1 for e in log["entries"] if e["move"]["type"] == "opening")
    result = replay(get_game("imperial"), parse_log(log))
    return result.states[opening], [e["move"] for e in log["entries"][opening:]]


def open_table(page: Page, server: str, state: dict[str, Any]) -> str:
    players = [{"name": p["name"], "seat": i + 1} for i, p in enumerate(state["players"])]
    answer = page.request.post(f"{server}/api/v1/tables", data=json.dumps(
        {"game": "imperial", "players": players, "state": state}),
        headers={"Content-Type": "application/json"})  # fmt: skip
    assert answer.status == 201
    code: str = answer.json()["code"]
    return code


def join(browser: Browser, server: str, code: str, lang: str, seat: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale=lang.replace("_", "-"))
    page = context.new_page()
    page.goto(f"{server}/t/{code}")
    page.locator(f"input[name=lang][value={lang}]").check()
    page.locator(f"input[name=seat][value={seat}]").check()
    with page.expect_navigation():
        page.locator("#join-button").click()
    expect(page.locator("html")).to_have_attribute("lang", {"zh_TW": "zh-TW"}.get(lang, lang))
    expect(page.locator("html")).to_have_attribute("data-table-live", "sse")
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


def test_three_phones_follow_six_nation_turns(browser: Browser, table_server: str) -> None:
    state, turns = after_the_opening()
    setup = browser.new_page()
    code = open_table(setup, table_server, state)
    names = [p["name"] for p in state["players"]]
    phones = {lang: join(browser, table_server, code, lang, names[i]) for i, lang in
              enumerate(LANGS)}  # fmt: skip
    seq = 1
    for number, move in enumerate(turns[:6]):
        if number == 3:  # an illegal move first: Russia out of turn (it is Great Britain's)
            wrong = {**turns[4], "nation": "RU"}
            enter(phones["el"], wrong)
            seq += 1
            for lang, page in phones.items():
                entry = page.locator(f"#entry-{seq}")
                expect(entry).to_contain_text(REFUSED[lang], timeout=5000)
                expect(entry.locator(".violation").first).to_be_visible()
                expect(page.locator("#live")).to_have_attribute("data-version", str(number + 1))
        entering = phones[LANGS[number % 3]]
        if number == 2:
            pick(entering, move)  # France's production from "What may I do?", others typed
        else:
            enter(entering, move)
        seq += 1
        for lang, page in phones.items():
            entry = page.locator(f"#entry-{seq}")
            expect(entry).to_contain_text(APPLIED[lang], timeout=5000)
            if number == 0:
                expect(entry.locator(".effects")).to_contain_text(FIRST_EFFECT[lang])
            expect(page.locator("#live")).to_have_attribute("data-version", str(number + 2))
    for page in phones.values():
        assert page.locator("ol.log > li").count() == seq
