"""The picture as an input on a phone (issue 12): pick what a tap does, tap the picture,
and the table changes there without a reload; that part of the form is unfolded and
the focus stays on the place tapped.

Run: ``pytest -m browser tests/browser/test_picture_taps.py``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from swapping import submitted

from web import permalink

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def tap_with(page: Page, server: str, lang: str, game_id: str, brush: str, where: str) -> str:
    """Tap ``where`` with ``brush``; the id of the part the page then focuses."""
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/{lang}/{game_id}/check")
    page.locator("select[data-brush]").select_option(brush)
    with submitted(page):
        page.locator(f'figure.picture a[data-tap="{where}"] :is(circle, rect)').first.click()
    focus = page.locator("#state-form").get_attribute("data-focus") or ""
    assert focus
    # the part changed is unfolded in the form; the focus stays on the place tapped, so
    # that the next tap goes on from there (no reload: the page was swapped in place)
    assert page.locator(f"#{focus}").count() == 1
    tapped = page.locator(f'figure.picture a[data-tap="{where}"]')
    if tapped.count():  # (a free cell that got a tile is gone)
        assert page.evaluate("document.activeElement.getAttribute('data-tap')") == where
    assert page.evaluate("document.documentElement.getAttribute('data-swaps')") == "1"
    expect(page.locator("#verdict")).to_have_count(0)
    return focus


def state_of(page: Page) -> dict:
    base = page.locator("input[name=base]").get_attribute("value") or ""
    return permalink.decode(base)  # type: ignore[no-any-return]


def test_imperial_region_tap_adds_an_army(page: Page, server: str) -> None:
    focus = tap_with(page, server, "zh_TW", "imperial", "army AH", "/regions/budapest")
    assert re.fullmatch(r"s-units-\d+(-count)?", focus)
    units = [u for u in state_of(page)["units"] if u["region"] == "budapest"]
    assert any(u["nation"] == "AH" and u["kind"] == "army" for u in units)


def test_quarantine_cell_tap_places_a_tile(page: Page, server: str) -> None:
    page.goto(f"{server}/el/quarantine/check")
    free = page.locator('figure.picture a[data-tap*="/hospital/at/"]').first
    where = free.get_attribute("data-tap") or ""
    x, y = (int(n) for n in where.rsplit("/", 2)[1:])
    focus = tap_with(page, server, "el", "quarantine", "place treatment green", where)
    player = int(where.split("/")[2])
    tile = state_of(page)["players"][player]["hospital"][-1]
    assert (tile["kind"], tile["colour"], tile["x"], tile["y"]) == ("treatment", "green", x, y)
    assert focus.startswith(f"s-players-{player}-hospital-")


def test_a_count_is_chosen_in_one_step_by_keyboard(page: Page, server: str) -> None:
    """A count is a list of numbers named by its label (the number box stays, hidden, in the
    form); the keyboard moves it, and Enter checks the table as in the number box."""
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/pt/manhattan-project/check?example=setup-3p")
    box = page.locator('input[name$=":s/players/0/money"]')
    chooser = page.locator("#s-players-0-money")
    expect(chooser).to_have_attribute("aria-label", re.compile(r"\w"))
    assert box.is_hidden() and chooser.evaluate("el => el.tagName") == "SELECT"
    chooser.focus()
    chooser.select_option("23")  # (what ArrowDown ×13 or the phone's wheel do)
    assert box.input_value() == "23"
    page.locator("#s-players-0-money").locator("xpath=..").locator("button.step").nth(1).click()
    assert box.input_value() == "24" and chooser.input_value() == "24"
    chooser.focus()
    page.keyboard.press("ArrowUp")
    assert box.input_value() == "23"
    with submitted(page):
        page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_be_visible()
    assert state_of(page)["players"][0]["money"] == 23


def test_a_market_card_is_copied_to_a_player_by_keyboard(page: Page, server: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/el/manhattan-project/check?example=setup-3p")
    chooser = page.locator('select[data-copy-into="/players/0/buildings"]')
    expect(chooser).to_be_visible()
    chooser.focus()
    with submitted(page):
        page.keyboard.press("ArrowDown")  # the first card of the table: the market's first
    card = state_of(page)["players"][0]["buildings"][0]
    assert {k: card[k] for k in state_of(page)["market"][0]} == state_of(page)["market"][0]
    focus = page.locator("#state-form").get_attribute("data-focus")
    assert focus and focus.startswith("s-players-0-buildings-0")
