"""Fuzzing the shared table's pages as a browser posts to them (the reliability review's
hostile form posts found 20 answers of 500 there): the open, join, bring-a-log, move,
correct and undo forms, with their own field names and hostile values, hostile field
names and no fields at all. Not one answer may be a 5xx, and not one error may be logged.
``tests/test_form_fuzz.py`` does the same for the check, dispute and score pages."""

from __future__ import annotations

import functools
import logging
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.logged import LOGGED, assert_no_crash_since

pytestmark = pytest.mark.fuzz

GAMES = ("imperial", "manhattan-project", "quarantine")
LANGS = ("en", "el", "pt", "zh_TW")
#: Values that broke a form before, or could: huge numbers, signs, exponents, controls,
#: markup, JSON where text goes and text where JSON goes.
HOSTILE = [
    "", " ", "0", "-1", "1e309", "NaN", "9" * 5000, "1.5", "\x00", "\u202e", "<script>",
    "{}", "[]", '{"type": "opening"}', "null", "true", "a" * 300, "../../etc/passwd",
]  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=60),
)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    web = pytest.importorskip("web")
    with tempfile.TemporaryDirectory(prefix="adj-table-fuzz-") as folder:
        app = web.create_app(
            {"TESTING": False, "ADJ_DATABASE_URL": f"sqlite:///{Path(folder) / 't.sqlite3'}"}
        )
        logger = logging.getLogger("web")
        logger.addHandler(LOGGED)
        yield app.test_client()
        logger.removeHandler(LOGGED)


@functools.cache
def table_code(client: Any, game_id: str) -> str:
    body = {"game": game_id, "players": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Chloe"}]}
    answer = client.post("/api/v1/tables", json=body)
    assert answer.status_code == 201, answer.get_json()
    code: str = answer.get_json()["code"]
    return code


def form_names(html: str) -> list[str]:
    """The names of the fields the page's forms send."""
    return sorted(set(re.findall(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', html)))


#: Each form of the table's pages: the page it is on and the address it posts to.
FORM_PAGES = [
    ("/{lang}/table/", "/{lang}/table/"),
    ("/{lang}/table/", "/{lang}/table/log"),
    ("/{lang}/t/{code}/move", "/{lang}/t/{code}/move"),
    ("/{lang}/t/{code}/correct", "/{lang}/t/{code}/correct"),
    ("/{lang}/t/{code}", "/{lang}/t/{code}/undo"),
    ("/{lang}/t/{code}", "/t/{code}"),
]


def form_page(client: Any, game_id: str, lang: str, index: int) -> tuple[str, list[str]]:
    """The address of one form on the table's pages, with the names of its fields as the
    page shows them now (the table changes as the posts before it land)."""
    code = table_code(client, game_id)
    page, target = (p.format(lang=lang, code=code) for p in FORM_PAGES[index])
    return target, form_names(client.get(page).get_data(as_text=True))


def pages(client: Any, game_id: str, lang: str) -> list[tuple[str, list[str]]]:
    """Each form's address on the table's pages, with the names of its fields."""
    return [form_page(client, game_id, lang, i) for i in range(len(FORM_PAGES))]


FORMS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("game_id", GAMES)
@FORMS
@given(data=st.data())
def test_no_table_form_post_is_a_server_error(client: Any, game_id: str, data: Any) -> None:
    before = len(LOGGED.records)  # the page read after the posts before it counts too
    lang = data.draw(st.sampled_from(LANGS))
    # Only the drawn form's page is fetched (fetching all six made 5/6 of the test's time).
    form_index = data.draw(st.sampled_from(range(len(FORM_PAGES))))
    target, names = form_page(client, game_id, lang, form_index)
    known = st.sampled_from(names) if names else st.just("version")
    name = st.one_of(known, known, st.text(max_size=30), st.sampled_from(["json", "s", "m"]))
    form = data.draw(st.dictionaries(name, VALUES, max_size=12))
    answer = client.post(target, data=form)
    assert answer.status_code < 500, (target, form)
    assert_no_crash_since(before)


def test_every_table_form_is_fuzzed(client: Any) -> None:
    """The sweep reaches the forms it is meant to (a form that lost its fields shows)."""
    found = dict(pages(client, "imperial", "en"))
    assert all(found.values()), found
    assert "version" in found[f"/en/t/{table_code(client, 'imperial')}/undo"]
