"""The shared table's move entered on its picture, on a phone (issue 26): one move per game
with the keyboard alone (the kind chosen with the arrow keys, each marked place reached
with Tab and taken with Enter, the verdict read before "Enter the move"), no reload until
the move is entered; and axe-core on every table page at 390×844.

Run it alone: ``pytest -m browser tests/browser/test_table_touch.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from a11y import serious_axe_violations
from playwright.sync_api import Page, expect
from swapping import choose_by_keys, page_loads, submitted, tab_to

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: One move per game, from its `mid-game` example: the kind and the page's language.
MOVES = (("manhattan-project", "place_central", "el"), ("imperial", "maneuver", "zh_TW"),
         ("quarantine", "place_grey", "pt"))  # fmt: skip


def open_table(page: Page, server: str, game: str) -> str:
    answer = page.request.post(f"{server}/api/v1/tables", data={"game": game,
                               "example": "mid-game"})  # fmt: skip
    assert answer.status == 201, answer.text()
    body: dict[str, Any] = answer.json()
    return str(body["code"])


def choose_kind(page: Page, kind: str) -> None:
    """The kind of action, chosen with the arrow keys."""
    choose_by_keys(page, "select[name=move_type]", kind)


def next_place(page: Page) -> str:
    """The first place the picture marks as where the move may go (else a piece)."""
    for mark in ("legal", "piece"):
        found = page.locator(f"#move-form a.place.{mark}")
        if found.count():
            return str(found.first.get_attribute("data-place"))
    raise AssertionError("no place marked")


@pytest.mark.parametrize(("game_id", "kind", "lang"), MOVES, ids=[m[0] for m in MOVES])
def test_a_move_at_the_table_by_keyboard_alone(
    page: Page, table_server: str, game_id: str, kind: str, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    code = open_table(page, table_server, game_id)
    loads = page_loads(page)
    page.goto(f"{table_server}/{lang}/t/{code}/move")
    choose_kind(page, kind)
    for _tap in range(4):
        if page.locator("#verdict").count():
            break
        place = next_place(page)
        tab_to(page, f'#move-form a[data-place="{place}"]')
        with submitted(page):
            page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_have_class("verdict ok")
    expect(page.locator("#not-yet")).to_be_visible()
    assert len(loads) == 1  # every tap answered in place
    assert serious_axe_violations(page) == []
    tab_to(page, "#decide-button")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert f"/{lang}/t/{code}" in page.url
    expect(page.locator("#entry-2")).to_have_class("entry move ok")


PAGES = ("", "/move", "/options", "/correct", "/join")


@pytest.mark.parametrize("game_id", [m[0] for m in MOVES])
def test_the_table_pages_pass_axe_on_a_phone(page: Page, table_server: str, game_id: str) -> None:
    page.set_viewport_size(PHONE)
    code = open_table(page, table_server, game_id)
    found = {}
    for lang, part in zip(("en", "el", "pt", "zh_TW", "en"), PAGES, strict=True):
        page.goto(f"{table_server}/{lang}/t/{code}{part}" if part != "/join"
                  else f"{table_server}/t/{code}")  # fmt: skip
        found[part] = serious_axe_violations(page)
    page.goto(f"{table_server}/el/table/?game={game_id}")
    found["open"] = serious_axe_violations(page)
    assert found == {part: [] for part in found}
    # the move page with a verdict and its places marked (broken, alternatives)
    page.goto(f"{table_server}/en/t/{code}/move")
    with submitted(page):
        page.locator("#move-form a.place").last.click()
    assert serious_axe_violations(page) == []
