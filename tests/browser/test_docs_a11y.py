"""The reference on a phone: no serious or critical axe-core violation on its pages, in
each of the four languages (issue 28 found a colour-contrast one on every page).

Run: ``pytest -m browser tests/browser/test_docs_a11y.py``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from test_editors import serious_axe_violations

from adjudicator.core.i18n import LANGS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = [
    "index.html",
    "using.html",
    "games/manhattan-project/rules.html",
    "games/imperial/glossary.html",
    "games/quarantine/disputes.html",
    "games/imperial/cases.html",
    "search.html",
]


@pytest.mark.parametrize("lang", LANGS)
def test_reference_pages_have_no_serious_axe_violation(page: Page, server: str, lang: str):
    page.set_viewport_size(PHONE)
    found = {}
    for path in PAGES:
        page.goto(f"{server}/docs/{lang}/{path}")
        problems = serious_axe_violations(page)
        if problems:
            found[path] = problems
    assert found == {}
