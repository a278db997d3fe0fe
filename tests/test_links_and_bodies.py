"""Links and bodies: permalinks never follow ``Host:``, damaged or oversized links and
bodies are refused for what they are, and a 500 is logged with its cause."""

from __future__ import annotations

import base64
import io
import json
import logging
import re
import zlib
from typing import Any

import pytest
from flask import Flask

from adjudicator.core.errors import MalformedInput
from adjudicator.games import available_games
from web import MAX_BODY_BYTES, create_app, permalink

GAMES = available_games()
pytestmark = pytest.mark.skipif(not GAMES, reason="no game yet")
FORGED = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}


def app(**config: Any) -> Flask:
    return create_app({"TESTING": False, **config})


def permalinks(html: str) -> list[str]:
    return [m.replace("&amp;", "&") for m in re.findall(r'<a href="([^"]+)" id="permalink"', html)]


def verdict_pages(game: Any) -> list[str]:
    state = permalink.encode(game.example())
    moves = [c for c in game.cases if c.kind == "move"]
    pages = [f"/en/{game.id}/check?s={state}", f"/en/{game.id}/score?s={state}"]
    if moves:
        pages.append(f"/en/{game.id}/move?case={moves[0].id}")
    return pages


# --- links --------------------------------------------------------------------------------------


def test_permalinks_are_relative_whatever_the_host_says(game):
    client = app().test_client()
    for page in verdict_pages(game):
        html = client.get(page, headers=FORGED).get_data(as_text=True)
        links = permalinks(html)
        assert links, page
        assert all(link.startswith(f"/en/{game.id}/") for link in links), links
        assert "evil.example" not in html


def test_permalinks_use_the_configured_base_url(game):
    client = app(ADJ_BASE_URL="https://rules.example.org/").test_client()
    for page in verdict_pages(game):
        html = client.get(page, headers=FORGED).get_data(as_text=True)
        links = permalinks(html)
        assert links and all(
            link.startswith(f"https://rules.example.org/en/{game.id}/") for link in links
        ), links
        assert "evil.example" not in html


def test_a_base_url_must_be_http():
    with pytest.raises(ValueError, match="ADJ_BASE_URL"):
        app(ADJ_BASE_URL="javascript:alert(1)")


def test_redirects_do_not_follow_the_host_either():
    response = app().test_client().get("/", headers=FORGED)
    assert response.status_code in (301, 302, 308)
    assert response.headers["Location"].startswith("/")


# --- damaged and oversized links ----------------------------------------------------------------


def test_every_cut_of_a_link_is_damaged():
    """The stream must end where the link ends: its Adler-32 checksum is verified."""
    blob = permalink.encode(GAMES[0].example())
    for cut in range(1, 12):
        with pytest.raises(MalformedInput) as caught:
            permalink.decode(blob[:-cut])
        assert caught.value.errors[0].message.template == "This link is damaged or incomplete."


def test_a_changed_checksum_is_damaged():
    packed = bytearray(zlib.compress(json.dumps({"players": []}).encode(), 9))
    packed[-1] ^= 0x01  # the last byte of the Adler-32 checksum
    blob = base64.urlsafe_b64encode(bytes(packed)).rstrip(b"=").decode()
    with pytest.raises(MalformedInput, match="damaged"):
        permalink.decode(blob)


def test_bytes_after_the_stream_are_damaged():
    packed = zlib.compress(b"{}", 9) + b"tail"
    blob = base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    with pytest.raises(MalformedInput, match="damaged"):
        permalink.decode(blob)


def zip_bomb(size: int) -> str:
    packed = zlib.compress(b'{"a":"' + b"x" * size + b'"}', 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def test_a_zip_bomb_is_too_large_not_damaged():
    for size in (permalink.MAX_DECODED, 5 * 1024 * 1024):
        with pytest.raises(MalformedInput) as caught:
            permalink.decode(zip_bomb(size))
        assert caught.value.errors[0].message.template == "The input is too large."


def test_a_link_just_under_the_limit_is_read():
    data = permalink.decode(zip_bomb(permalink.MAX_DECODED - 100))
    assert len(data["a"]) == permalink.MAX_DECODED - 100


def test_the_pages_say_too_large_for_a_zip_bomb(game):
    html = app().test_client().get(f"/en/{game.id}/check?s={zip_bomb(5_000_000)}")
    assert "The input is too large." in html.get_data(as_text=True)
    assert "This link is damaged" not in html.get_data(as_text=True)


# --- bodies -------------------------------------------------------------------------------------


def chunked_post(client: Any, path: str, body: bytes, content_type: str) -> Any:
    """A POST whose body has no length: the server learns its end from the stream."""
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        headers={"Transfer-Encoding": "chunked", "Content-Type": content_type},
        environ_overrides={"wsgi.input_terminated": True},
    )


@pytest.mark.parametrize("which", ["check", "move", "score"])
def test_a_chunked_body_over_the_limit_is_413(which):
    client = app().test_client()
    body = json.dumps({"name": "x" * (MAX_BODY_BYTES + 10)}).encode()
    response = chunked_post(client, f"/api/v1/{GAMES[0].id}/{which}", body, "application/json")
    assert response.status_code == 413
    assert response.get_json()["status"] == 413


def test_a_chunked_form_over_the_limit_is_413():
    client = app().test_client()
    body = ("source=json&json=" + "x" * (MAX_BODY_BYTES + 10)).encode()
    response = chunked_post(
        client, f"/en/{GAMES[0].id}/check", body, "application/x-www-form-urlencoded"
    )
    assert response.status_code == 413


def test_a_chunked_body_under_the_limit_is_read_whole():
    game = GAMES[0]
    client = app().test_client()
    body = json.dumps(game.example()).encode()
    response = chunked_post(client, f"/api/v1/{game.id}/check", body, "application/json")
    assert response.status_code == 200
    assert response.get_json()["valid"] is game.check(game.example()).valid


# --- a 500 that slips through -------------------------------------------------------------------


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_500_is_logged_with_its_request_and_cause():
    application = app()

    @application.get("/boom")
    def boom() -> str:
        raise LookupError("the cause")

    records = Records()
    logging.getLogger("web").addHandler(records)
    try:
        response = application.test_client().get("/boom")
    finally:
        logging.getLogger("web").removeHandler(records)
    assert response.status_code == 500
    assert "the cause" not in response.get_data(as_text=True)
    assert "Traceback" not in response.get_data(as_text=True)
    [record] = records.records
    message = record.getMessage()
    assert "GET /boom" in message and "LookupError: the cause" in message
    assert record.exc_info and record.exc_info[0] is LookupError
