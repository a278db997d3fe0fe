"""The Imperial picture's tables become a card per nation or player where they have little
room (a phone): each cell carries its column's name, in the page's language, for the card's
lines (web/static/app.css, the container query on .table-wrap)."""

from __future__ import annotations

import re

import pytest

from web import create_app


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "Power points"), ("el", "Πόντοι ισχύος"), ("zh_TW", "權力點數")]
)
def test_every_cell_of_the_nations_table_names_its_column(lang: str, label: str) -> None:
    html = (
        create_app({"TESTING": True})
        .test_client()
        .get(f"/{lang}/imperial/check?example=mid-game")
        .text
    )
    table = re.search(r'<table class="picture-table">.*?</table>', html, re.S)
    assert table is not None
    cells = re.findall(r"<td[^>]*>", table[0])
    assert len(cells) == 6 * 6  # six nations, six columns
    assert all("data-label=" in cell for cell in cells)
    assert f'data-label="{label}"' in table[0]
