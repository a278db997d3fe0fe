"""'What may I do?' on a phone (issue 16): list the options, open a folded kind, pick one,
and the move editor holds that move; deciding it says it is legal. With and without script.

Run: ``pytest -m browser tests/browser/test_options_page.py``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from swapping import submitted

from web import permalink

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def pick_an_option(page: Page, server: str, lang: str, game_id: str) -> dict[str, Any]:
    page.goto(f"{server}/{lang}/{game_id}/move")
    with submitted(page):
        page.locator("#options-button").click()
    groups = page.locator("details.option-group")
    assert groups.count() > 0
    opened = groups.evaluate_all("els => els.map(e => e.open)")
    group = groups.nth(opened.index(False) if False in opened else 0)
    if not group.evaluate("e => e.open"):
        group.locator("summary").click()
    option = group.locator("button.option").first
    expect(option).to_be_visible()
    move = permalink.decode(option.get_attribute("value") or "")
    with submitted(page):
        option.click()
    return move


@pytest.mark.parametrize(
    ("game_id", "lang", "script"),
    [("manhattan-project", "el", True), ("quarantine", "zh_TW", True),
     ("manhattan-project", "pt", False)],
)  # fmt: skip
def test_pick_an_option_and_decide_it(
    browser: Browser, server: str, game_id: str, lang: str, script: bool
) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=script)
    page = context.new_page()
    try:
        move = pick_an_option(page, server, lang, game_id)
        expect(page.locator("select[name=move_type]")).to_have_value(move["type"])
        expect(page.locator("button.option.chosen")).to_have_count(1)
        mbase = page.locator("input[name=mbase]").get_attribute("value") or ""
        assert permalink.decode(mbase) == move
        assert page.locator("#verdict").count() == 0
        with submitted(page):
            page.locator("#decide-button").click()
        expect(page.locator("#verdict")).to_have_class(re.compile(r"\bok\b"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
