"""The newcomer's Imperial dispute (issue 25), entered from the page on a phone: may
Austria-Hungary's army go Trieste -> Venice -> Rome in one maneuver? The stance is left
out (it is asked only where it changes anything); the verdict names the route, and its
"legal instead" list starts with that army's legal destinations.

Run: ``pytest -m browser tests/browser/test_dispute_page.py``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _unfold(field: Locator) -> Locator:
    """Open the folded groups around a field of the move editor, as a player taps them."""
    folded = field.locator("xpath=ancestor::details[not(@open)]")
    while folded.count():
        folded.last.locator("xpath=./summary").click()
    return field


def _choose(page: Page, name: str, value: str) -> None:
    _unfold(page.locator(f"select[name='{name}']")).select_option(value)


def _add(page: Page, what: str) -> None:
    button = _unfold(page.locator(f"button[value='add:{what}']"))
    with page.expect_navigation():
        button.click()


def test_an_armys_route_is_answered_with_that_armys_destinations(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server}/en/imperial/move")
        with page.expect_navigation():
            page.select_option("select[name=move_type]", "maneuver")
        _add(page, "m/armies")
        _add(page, "m/armies/0/route")
        for i, region in enumerate(("trieste", "venice", "rome")):
            _choose(page, f"str:m/armies/0/route/{i}", region)
        with page.expect_navigation():
            page.locator("#decide-button").click()
        verdict = page.locator("#verdict")
        expect(verdict).to_have_class(re.compile(r"\bbad\b"))
        reason = verdict.locator(".violation[data-rule='IM-602'] .message")
        expect(reason).to_contain_text("from Trieste through Venice to Rome")
        offered = verdict.locator("ul.alternatives li").all_inner_texts()
        firsts = [text for text in offered if text.startswith("Move: army from Trieste to")]
        assert firsts and offered[: len(firsts)] == firsts, offered[:5]
        assert any("army from Trieste to Venice" in text for text in firsts)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
