"""Waiting for the answer to a form or a link: the editor pages swap it in without a
reload (``web/static/swap.js``), the other pages load it as a new page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page

#: True once the page has been swapped (``data-swaps`` grew) or replaced by a new one.
ANSWERED = (
    "n => window.__adjWaiting !== true ? document.readyState === 'complete'"
    " : (document.documentElement.getAttribute('data-swaps') || '0') !== n"
)


@contextmanager
def submitted(page: Page) -> Iterator[None]:
    """Wait, after the block, for the page's answer (a swap or a new page)."""
    before = page.evaluate(
        "() => { window.__adjWaiting = true;"
        " return document.documentElement.getAttribute('data-swaps') || '0'; }"
    )
    yield
    page.wait_for_function(ANSWERED, arg=before)
    page.evaluate("() => { window.__adjWaiting = false; }")


def page_loads(page: Page) -> list[str]:
    """A list that grows with each page load (not a swap) of ``page`` from now on."""
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    return loads


def tab_to(page: Page, selector: str, limit: int = 400) -> None:
    """Press Tab until ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached by the keyboard")


def choose_by_keys(page: Page, selector: str, value: str) -> None:
    """Choose ``value`` in the select ``selector`` with the arrow keys, as a keyboard user
    does: each step changes the choice and the page answers it, so each answer is awaited
    (and the select reached again) before the next step."""
    tab_to(page, selector)
    values = page.locator(f"{selector} option").evaluate_all("els => els.map(e => e.value)")
    steps = values.index(value) - values.index(page.locator(selector).input_value())
    for _ in range(abs(steps)):
        with submitted(page):
            page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
        tab_to(page, selector)
    assert page.locator(selector).input_value() == value
