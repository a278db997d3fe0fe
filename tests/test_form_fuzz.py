"""Fuzzing the form endpoints: hostile form posts to the check, dispute and score pages.

As ``test_fuzz.py`` sweeps the JSON API, this sweeps the pages a browser posts to: the
real editors' field names with hostile values, hostile field names (deep paths, odd kinds
and flags), and hostile control fields (JSON sources, permalink bases, list edits). Not
one answer may be a 5xx, not one error may be logged, and a rejected field is named.
"""

from __future__ import annotations

import base64
import functools
import json
import re
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games import available_games
from tests.logged import LOGGED, assert_no_crash_since, watched_client

GAMES = available_games()
pytestmark = [pytest.mark.fuzz, pytest.mark.skipif(not GAMES, reason="no game yet")]
PARTS = ("check", "move", "score")
LANGS = ("en", "el", "pt", "zh_TW")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    yield from watched_client()


@functools.cache
def field_names(game_id: str) -> tuple[str, ...]:
    """The names of the inputs the real check and dispute pages draw."""
    web = pytest.importorskip("web")
    client = web.create_app({"TESTING": True}).test_client()
    names: set[str] = set()
    for part in ("check", "move"):
        html = client.get(f"/en/{game_id}/{part}").get_data(as_text=True)
        names.update(re.findall(r'name="((?:[a-z]+[?~]*):[sm][^"]*)"', html))
    return tuple(sorted(names))


def nested_text(depth: int, kind: str = "[") -> str:
    if kind == "[":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def link(data: Any) -> str:
    packed = zlib.compress(json.dumps(data).encode(), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def nested_value(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_TEXTS = [
    nested_text(1000),
    nested_text(70),
    nested_text(5000, "{"),
    nested_text(64),
    "1" * 5000,
    "-" + "9" * 400,
    "1e309",
    "NaN",
    "Infinity",
    "-0",
    "0x10",
    "１２",  # full-width digits
    "true",
    "null",
    "{}",
    "[]",
    '"',
    "\x00",
    "\u202e",
    "<script>alert(1)</script>",
    "a, b,, ,c",
    "1, x, 3",
    "",
    " ",
]
HOSTILE_LINKS = [
    link(nested_value(200)),
    link({"players": nested_value(60)}),
    link({}),
    link([]),
    link(None),
    link("x"),
    base64.urlsafe_b64encode(zlib.compress(b"[" * 300_000, 9)).decode(),
    "eJy",
    "!!!",
    "",
]

values = st.one_of(st.sampled_from(HOSTILE_TEXTS), st.text(max_size=20))
kinds = st.sampled_from(["int", "num", "str", "enum", "json", "lstr", "lint", "lnum", "bogus", ""])
flags = st.sampled_from(["", "?", "~", "?~", "~?"])
segments = st.one_of(
    st.sampled_from(["players", "0", "1", "-1", "99999999999", "money", "a", "", "~0", "~1"]),
    st.text(max_size=6),
)


@st.composite
def hostile_name(draw: st.DrawFn) -> str:
    """A field name of the editor's shape, with a path of any depth (up to 1,200 segments)."""
    root = draw(st.sampled_from(["s", "m", "x", ""]))
    depth = draw(st.one_of(st.integers(0, 6), st.sampled_from([63, 64, 65, 66, 1000, 1200])))
    long = depth > 6
    path = "/a" * depth if long else "".join("/" + draw(segments) for _ in range(depth))
    return f"{draw(kinds)}{draw(flags)}:{root}{path}"


CONTROLS = {
    "source": st.sampled_from(["form", "json", "", "bogus"]),
    "json": st.one_of(st.sampled_from(HOSTILE_TEXTS), st.text(max_size=20)),
    "base": st.sampled_from(HOSTILE_LINKS),
    "mbase": st.sampled_from(HOSTILE_LINKS),
    "move_source": st.sampled_from(["form", "json", ""]),
    "move_json": st.sampled_from(HOSTILE_TEXTS),
    "move_type": st.one_of(st.sampled_from(["", "zz_none"]), st.text(max_size=10)),
    "action": st.one_of(
        st.sampled_from(["retype", "add:s/players", "remove:s/players/0", "add:m/x"]),
        st.builds(lambda n: "add:s" + "/a" * n, st.sampled_from([1, 64, 1000])),
        st.builds(lambda n: "remove:s/players/" + n, st.sampled_from(["-1", "99999", "x"])),
    ),
    "lang2": st.sampled_from(["el", "zz", "<b>", ""]),
}


@st.composite
def hostile_form(draw: st.DrawFn, game_id: str) -> dict[str, str]:
    form: dict[str, str] = {}
    real = field_names(game_id)
    for name in draw(st.lists(st.sampled_from(real), max_size=4)) if real else []:
        form[name] = draw(values)
    for _ in range(draw(st.integers(0, 3))):
        form[draw(hostile_name())] = draw(values)
    for key in draw(st.lists(st.sampled_from(sorted(CONTROLS)), max_size=3, unique=True)):
        form[key] = draw(CONTROLS[key])
    return form


def post(client: Any, path: str, form: dict[str, str]) -> Any:
    before = len(LOGGED.records)
    response = client.post(path, data=form)
    assert_no_crash_since(before)
    assert response.status_code in (200, 404, 413, 422), (response.status_code, form)
    html = response.get_data(as_text=True)
    assert "Traceback" not in html
    return response, html


FORMS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


@FORMS
@given(data=st.data())
def test_no_form_post_is_a_server_error(game, client, data):
    part = data.draw(st.sampled_from(PARTS))
    lang = data.draw(st.sampled_from(LANGS))
    form = data.draw(hostile_form(game.id))
    post(client, f"/{lang}/{game.id}/{part}", form)


# --- the two causes of the 500s the attacker found, on every page of every game ------------------


@pytest.mark.parametrize("part", PARTS)
def test_deeply_nested_json_field_is_a_field_error(game, client, part):
    name = "json:s/players" if part != "move" else "json:m/zz"
    response, html = post(client, f"/en/{game.id}/{part}", {name: nested_text(1000)})
    assert response.status_code == 422
    where = name.partition(":")[2][1:]
    assert f'<li data-path="{where}">' in html  # the field, named in words in the text
    assert "The input is nested too deeply." in html


@pytest.mark.parametrize("part", PARTS)
def test_field_name_with_a_thousand_segments_is_a_field_error(game, client, part):
    response, html = post(client, f"/el/{game.id}/{part}", {"json:s" + "/a" * 1000: "1"})
    assert response.status_code == 422
    assert '/a/a/a/…">' in html  # the item's data-path
    assert "/a" * 70 not in html  # the path is cut short, not echoed whole
    assert "Η είσοδος έχει υπερβολικά βαθιά ένθεση." in html


def test_nesting_at_the_limit_is_still_read(game, client):
    """64 levels (the depth check's limit) are not refused as too deep."""
    response, html = post(client, f"/en/{game.id}/check", {"json:s/zz": nested_text(60)})
    assert "nested too deeply" not in html
    assert response.status_code in (200, 422)


def test_an_empty_optional_input_at_a_list_item_keeps_the_item() -> None:
    """An empty input that may be left out ("~") naming a list item keeps the item as it
    was: it never puts the form's internal marker into the state (found by the fuzz: a
    500 "Object of type object is not JSON serializable")."""
    from web.forms import read_form

    assert read_form({"int~:s/players/0": ""}, "s", {"players": [1, 2]}) == {"players": [1, 2]}
    # the same marker naming the root (found by the fuzz: a 500 on the check page)
    assert read_form({"int~:s": ""}, "s", {"players": [1, 2]}) == {"players": [1, 2]}
