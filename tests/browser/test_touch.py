"""The dispute page's picture as the editor on a phone (issue 26): three disputes settled
by taps without a reload, one move per game entered with the keyboard alone, and axe-core
on the page with its places marked.

Run: ``pytest -m browser tests/browser/test_touch.py``.
"""

from __future__ import annotations

import pytest
from a11y import serious_axe_violations
from disputes import DISPUTES, Dispute, settle
from playwright.sync_api import Page, expect
from swapping import choose_by_keys, page_loads, submitted, tab_to

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("dispute", DISPUTES, ids=[d.game for d in DISPUTES])
def test_a_dispute_by_taps(page: Page, server: str, dispute: Dispute) -> None:
    page.set_viewport_size(PHONE)
    settled = settle(page, server, dispute)
    assert settled.legal is dispute.legal
    assert not dispute.rule or dispute.rule in settled.rules
    assert settled.taps <= 6 and settled.page_loads == 1
    # the address holds the state and the move: a reload shows the same verdict
    page.reload()
    expect(page.locator("#verdict")).to_have_class("verdict " + ("ok" if settled.legal else "bad"))
    assert serious_axe_violations(page) == []


@pytest.mark.parametrize("dispute", DISPUTES, ids=[d.game for d in DISPUTES])
def test_a_move_by_keyboard_alone(page: Page, server: str, dispute: Dispute) -> None:
    """The kind chosen with the arrow keys, each place reached with Tab and taken with
    Enter; the verdict is the one the taps give."""
    page.set_viewport_size(PHONE)
    loads = page_loads(page)
    page.goto(f"{server}/{dispute.lang}/{dispute.game}/move?example=mid-game")
    choose_by_keys(page, "select[name=move_type]", dispute.kind)
    for place in dispute.places:
        tab_to(page, f'a[data-place="{place}"]')
        with submitted(page):
            page.keyboard.press("Enter")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_class("verdict " + ("ok" if dispute.legal else "bad"))
    assert len(loads) == 1
