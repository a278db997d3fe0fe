"""The reference on a phone: no serious or critical axe-core violation on any of its pages,
in each of the four languages (issue 28 found a colour-contrast one on every page in the
old theme), its navigation and search at 390 px, and an index that fits a few screens.

The small pages are checked in every language; the long ones (rules, glossary, cases:
the same markup repeated hundreds of times, minutes each under axe) for one game per
language, so that the four languages together check each game's. With ``ADJ_AXE_ALL=1``
it checks every page in every language.

Each page is checked by :func:`a11y.page_violations`: every axe rule but the two that judge
colours on the page as it is (what depends on the words: a table too wide for a phone, as
in en, el and pt on the Imperial board page; an empty link; a repeated id), then the colour
rules (text contrast, a link told apart by colour alone) on the page reduced to one element
of each distinct path from ``<body>``: the colours an element gets are decided by its path
(see ``tests/browser/a11y.py``), so the same colours are judged for a fifth of the CPU.

Run: ``pytest -m browser tests/browser/test_docs_a11y.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from a11y import page_violations
from playwright.sync_api import Page

from adjudicator.core.i18n import LANGS

pytestmark = pytest.mark.browser


@pytest.fixture
def page(reused_page: Page) -> Page:
    """The module's tests share a page (each loads what it reads)."""
    return reused_page


PHONE = {"width": 390, "height": 844}
GAMES = ("manhattan-project", "imperial", "quarantine")
LONG = ("rules.html", "glossary.html", "cases.html")


def reference_pages(built_docs: Path, lang: str) -> list[str]:
    root = built_docs / lang
    found = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))
    if os.environ.get("ADJ_AXE_ALL"):
        return [p for p in found if not p.startswith("_")]
    game = GAMES[LANGS.index(lang) % len(GAMES)]
    return [
        p
        for p in found
        if not p.startswith("_") and (not p.endswith(LONG) or p.startswith(f"games/{game}/"))
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_reference_pages_have_no_serious_axe_violation(
    page: Page, server: str, built_docs: Path, lang: str
):
    page.set_viewport_size(PHONE)
    pages = reference_pages(built_docs, lang)
    assert len(pages) > 15
    found = {}
    for path in pages:
        page.goto(f"{server}/docs/{lang}/{path}")
        problems = page_violations(page)
        if problems:
            found[path] = problems
    assert found == {}


@pytest.mark.parametrize("lang", ["el", "zh_TW"])
def test_the_dark_theme_and_the_open_menu_are_accessible_too(page: Page, server: str, lang):
    page.set_viewport_size(PHONE)
    page.emulate_media(color_scheme="dark")
    found = {}
    for path in ("games/imperial/rules.html", "games/quarantine/glossary.html"):
        page.goto(f"{server}/docs/{lang}/{path}")
        found[path] = page_violations(page)
    page.emulate_media(color_scheme="light")
    page.reload()  # (the check left the page reduced)
    page.locator(".mobile-header .nav-overlay-icon").click()
    page.locator(".sidebar-drawer .sidebar-search").wait_for(state="visible")
    found["menu"] = page_violations(page)
    assert found == {"games/imperial/rules.html": [], "games/quarantine/glossary.html": [],
                     "menu": []}  # fmt: skip


@pytest.mark.parametrize("lang", ["pt", "zh_TW"])
def test_search_and_navigation_work_on_a_phone(page: Page, server: str, lang: str):
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/docs/{lang}/index.html")
    page.locator(".mobile-header .nav-overlay-icon").click()
    menu = page.locator(".sidebar-drawer")
    page.wait_for_function(  # the drawer slides in
        "document.querySelector('.sidebar-drawer').getBoundingClientRect().left >= 0"
    )
    box = menu.bounding_box()
    assert box is not None and box["x"] >= 0 and box["width"] <= PHONE["width"]
    menu.locator("a[href$='games/imperial/rules.html']").first.click()
    page.wait_for_url("**/games/imperial/rules.html")
    page.locator(".mobile-header .nav-overlay-icon").click()
    search = page.locator(".sidebar-drawer .sidebar-search")
    search.fill("IM-101")
    search.press("Enter")
    page.wait_for_url("**/search.html?*")
    hit = page.locator("#adjudicator-rules a[href$='rules.html#rule-IM-101']")
    hit.wait_for(timeout=20000)
    assert hit.is_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_fits_a_few_phone_screens(page: Page, server: str, lang: str):
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/docs/{lang}/index.html")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 3 * PHONE["height"], height  # alabaster's index was about 46 screens


@pytest.mark.parametrize("plant", ["class", "attribute"])
def test_the_reduced_check_still_finds_a_colour_on_one_element(page: Page, server: str, plant):
    """A pale colour given to the last paragraph of a long page alone, by a class or by an
    attribute the page's CSS selects on: the reduction keeps that paragraph, and colour
    contrast reports it."""
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/docs/en/games/imperial/disputes.html")
    assert page_violations(page) == []
    page.reload()
    selector = ".planted" if plant == "class" else "[data-planted]"
    page.evaluate(
        """([plant, selector]) => {
            const style = document.createElement("style");
            style.textContent = selector + " { color: #c8c8c8 !important; }";
            document.head.append(style);
            const last = [...document.querySelectorAll("article p")].at(-1);
            if (plant === "class") last.classList.add("planted");
            else last.setAttribute("data-planted", "");
        }""",
        [plant, selector],
    )
    found = page_violations(page)
    assert [v for v in found if v.startswith("color-contrast")], found
