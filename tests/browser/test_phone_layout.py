"""On a 390-pixel phone: the score tables break no word or number inside it (a card per
player, "Σύνολο 12", not "Σ ύ ν ο λ ο", "1 2"), and each picture fits the screen.

Run: ``pytest -m browser tests/browser/test_phone_layout.py``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from adjudicator.games import available_games

pytestmark = pytest.mark.browser


@pytest.fixture
def page(reused_page: Page) -> Page:
    """The module's tests share a page (each loads what it reads)."""
    return reused_page


PHONE = {"width": 390, "height": 844}

#: The words of each visible cell of the score tables that a line break cuts in two.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("table.scores th, table.scores td")) {
    const head = cell.closest("thead");  // the cards' headers are for screen readers only
    if (!cell.offsetParent || (head && head.getBoundingClientRect().width <= 1)) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

#: The right edge of the widest picture, in CSS pixels.
PICTURE_RIGHT = """() => Math.max(0, ...[...document.querySelectorAll("figure.picture svg")]
  .filter(s => !s.closest(".map-scroll")).map(s => s.getBoundingClientRect().right))"""


@pytest.mark.parametrize("lang", ["el", "pt", "zh_TW"])
@pytest.mark.parametrize("game_id", [g.id for g in available_games()])
def test_score_tables_break_no_word_on_a_phone(page: Page, server: str, game_id, lang):
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/{lang}/{game_id}/score?example=end")
    with page.expect_navigation():
        page.locator("#score-button").click()
    expect(page.locator("table.scores").first).to_be_visible()
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("game_id", [g.id for g in available_games()])
def test_pictures_fit_a_phone(page: Page, server: str, game_id):
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/el/{game_id}/check?example=mid-game")
    expect(page.locator("figure.picture").first).to_be_visible()
    assert page.evaluate(PICTURE_RIGHT) <= PHONE["width"]
