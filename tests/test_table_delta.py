"""What a phone takes after a change (``web/table/updates.py``): the delta from the version
it has, in its language, on its stream or by a fetch; every part of it as the whole live
part draws it now, and the whole part where a delta cannot say it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.test_table_web import FIRST, WRONG
from tests.test_table_web import open_table as opened
from web import create_app


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}).test_client()


def open_table(client: FlaskClient) -> str:
    return str(opened(client)["code"])


def flat(html: str) -> str:
    return re.sub(r">\s+<", "><", html).strip()


def lines_of(html: str, part: str) -> list[str]:
    """The log lines (``<li id="entry-…">``) of one part of a delta."""
    found = re.search(rf'<ol data-part="{part}">(.*?)</ol>\s*(?:<ol|<div)', flat(html), re.S)
    assert found, html
    return re.findall(r'<li id="entry-\d+".*?</li>(?=<li id="entry-|$)', found.group(1), re.S)


def is_drawn_whole(client: FlaskClient, code: str, lang: str, delta: dict[str, Any]) -> None:
    """Every part of ``delta`` is in the whole part drawn now, as it is there."""
    whole = flat(client.get(f"/{lang}/t/{code}/live").text)
    assert f'data-version="{delta["version"]}" data-log="{delta["log_length"]}"' in whole
    for html in delta["layers"].values():
        assert flat(html) in whole
    for part in ("new", "changed"):
        for line in lines_of(delta["html"], part):
            assert line in whole, line
    head = re.search(r'<div data-part="head">(.*?)</div><ol', flat(delta["html"]), re.S)
    assert head and head.group(1) in whole


def test_a_delta_is_the_whole_parts_pieces(client: FlaskClient) -> None:
    code = open_table(client)
    assert client.post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1}).json
    answer = client.get(f"/el/t/{code}/live?have=1.1").json
    delta = answer["delta"]  # type: ignore[index]
    assert delta["base"] == "1.1" and (delta["version"], delta["log_length"]) == (2, 2)
    assert set(delta["layers"]) == {"pieces", "rondel", "nations", "players"}
    assert "Επιτρέπεται: εφαρμόστηκε." in delta["html"] and not lines_of(delta["html"], "changed")
    is_drawn_whole(client, code, "el", delta)
    # an illegal move: its reasons in the reader's language; nothing in the picture changed
    client.post(f"/api/v1/tables/{code}/moves", json={"move": WRONG, "version": 2})
    delta = client.get(f"/zh_TW/t/{code}/live?have=2.2").json["delta"]  # type: ignore[index]
    assert "不合法：已拒絕。" in delta["html"] and 'class="last-refused"' in delta["html"]
    is_drawn_whole(client, code, "zh_TW", delta)
    # an undo: its line, and the line it took back marked undone
    client.post(f"/api/v1/tables/{code}/undo", json={"version": 2})
    delta = client.get(f"/pt/t/{code}/live?have=2.3").json["delta"]  # type: ignore[index]
    (undone,) = lines_of(delta["html"], "changed")
    assert 'id="entry-2"' in undone and "undone" in undone
    is_drawn_whole(client, code, "pt", delta)


def test_what_a_delta_cannot_say_comes_whole(client: FlaskClient) -> None:
    code = open_table(client)
    client.post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1})
    whole = client.get(f"/en/t/{code}/live").text
    for have in ("3.9", "0.0", "9.2"):  # ahead of the table, or before its first line
        assert client.get(f"/en/t/{code}/live?have={have}").json == {"whole": whole}
    assert client.get(f"/en/t/{code}/live?have=x.y").text == whole  # (not a version: HTML)
    too_long = "2." + "2" * 30  # not cut to a shorter number: not a version
    assert client.get(f"/en/t/{code}/live?have={too_long}").text == whole


def events(client: FlaskClient, url: str, last: str = "") -> Any:
    stream = client.get(url, buffered=False, headers={"Last-Event-ID": last} if last else {})
    assert stream.mimetype == "text/event-stream"
    chunks = iter(stream.response)
    assert next(chunks).startswith(b"retry:")
    return stream, chunks


def data_of(event: bytes) -> dict[str, Any]:
    text = event.decode()
    assert "event: head" in text
    found: dict[str, Any] = json.loads(text.split("data: ", 1)[1])
    return found


def test_the_pages_stream_carries_what_changed(client: FlaskClient) -> None:
    code = open_table(client)
    stream, chunks = events(client, f"/el/t/{code}/events?have=1.1")
    other = create_app({"ADJ_DATABASE_URL": client.application.config["ADJ_DATABASE_URL"]})
    other.test_client().post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1})
    data = data_of(next(chunks))
    assert (data["version"], data["log_length"]) == (2, 2) and data["delta"]["base"] == "1.1"
    assert "Αρχική αγορά ομολόγου" in data["delta"]["html"]
    stream.close()
    # the browser comes back from the last event it had: what changed since then
    client.post(f"/api/v1/tables/{code}/moves", json={"move": WRONG, "version": 2})
    stream, chunks = events(client, f"/el/t/{code}/events?have=1.1", last="2.2")
    data = data_of(next(chunks))
    assert data["delta"]["base"] == "2.2" and data["log_length"] == 3
    is_drawn_whole(client, code, "el", data["delta"])
    stream.close()
