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
