"""Hostile input at the edge of the shared table and the pages (reliability review of
2026-12-01): every malformed field is answered 4xx with the field named, never 500; broken
request framing is 400; a 405 names what is allowed."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from flask.testing import FlaskClient
from gunicorn.http.errors import InvalidChunkSize

from tests.logged import LOGGED, assert_no_crash_since
from web import create_app

PLAYERS = [{"name": n} for n in ("Anna", "Ben", "Chloe", "Dimitris")]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    logger = logging.getLogger("web")
    logger.addHandler(LOGGED)
    yield app.test_client()
    logger.removeHandler(LOGGED)


@pytest.fixture
def code(client: FlaskClient) -> str:
    body = {"game": "imperial", "players": PLAYERS, "example": "expert-opening"}
    answer = client.post("/api/v1/tables", json=body)
    assert answer.status_code == 201, answer.json
    return str(answer.json["code"])  # type: ignore[index]


def raw_post(client: FlaskClient, path: str, text: str) -> Any:
    return client.post(path, data=text.encode(), content_type="application/json")


def paths_of(answer: Any) -> list[str]:
    return [e["path"] for e in answer.json["errors"]]


def test_a_lone_surrogate_in_a_move_is_named(client: FlaskClient, code: str) -> None:
    seen = len(LOGGED.records)
    answer = raw_post(client, f"/api/v1/tables/{code}/moves",
                      '{"move": {"type": "\\ud800"}, "version": 1}')  # fmt: skip
    assert answer.status_code == 422 and paths_of(answer) == ["/move/type"]
    page = client.post(f"/en/t/{code}/move", data={"source": "json", "version": "1",
                       "json": '{"type": "opening", "player": "\\udfff"}'})  # fmt: skip
    assert page.status_code == 422
    assert_no_crash_since(seen)


@pytest.mark.parametrize("since", ["9" * 30, "9" * 5000, "-4258521", "1.5", "x", "٣"])
def test_since_is_bounded(client: FlaskClient, code: str, since: str) -> None:
    answer = client.get(f"/api/v1/tables/{code}/log?since={since}")
    assert answer.status_code == 422 and paths_of(answer) == ["since"]


def test_since_in_range_is_read(client: FlaskClient, code: str) -> None:
    answer = client.get(f"/api/v1/tables/{code}/log?since=2147483647")
    assert answer.status_code == 200 and answer.json == {"entries": []}


@pytest.mark.parametrize("version", ["9" * 5000, "9" * 30, "²", "-1"])
def test_the_undo_page_bounds_the_version(client: FlaskClient, code: str, version: str) -> None:
    seen = len(LOGGED.records)
    answer = client.post(f"/en/t/{code}/undo", data={"version": version})
    assert answer.status_code < 500
    assert_no_crash_since(seen)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("variant", {"a": 1}),
        ("variant", "v" * 100_000),
        ("variant", 3),
        ("example", ["x"]),
        ("author", {"a": 1}),
        ("author", "a" * 41),
        ("game", {"a": 1}),
        ("state", "text"),
        ("players", 1.5),
        ("players", "abc"),
    ],
)
def test_opening_validates_every_field(client: FlaskClient, field: str, value: Any) -> None:
    body = {"game": "imperial", "players": PLAYERS, field: value}
    answer = client.post("/api/v1/tables", json=body)
    assert answer.status_code == 422, answer.json
    assert all(p.startswith(f"/{field}") for p in paths_of(answer)), answer.json


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("moves", {"move": {"type": "opening"}, "version": 10**30}, "/version"),
        ("moves", {"move": {"type": "opening"}, "version": -1}, "/version"),
        ("moves", {"move": {"type": "opening"}, "version": 1.5}, "/version"),
        ("moves", {"move": "opening", "version": 1}, "/move"),
        ("moves", {"move": {"type": "opening"}, "version": 1, "author": 7}, "/author"),
        ("undo", {"version": True}, "/version"),
        ("corrections", {"state": [], "version": 1}, "/state"),
    ],
)
def test_changes_validate_every_field(
    client: FlaskClient, code: str, path: str, body: Any, field: str
) -> None:
    answer = client.post(f"/api/v1/tables/{code}/{path}", json=body)
    assert answer.status_code == 422, answer.json
    assert paths_of(answer)[0].startswith(field), answer.json


def test_a_long_variant_cannot_make_an_unimportable_export(client: FlaskClient) -> None:
    body = {"game": "quarantine", "players": PLAYERS[:2], "variant": "v" * 64}
    code = client.post("/api/v1/tables", json=body).json["code"]  # type: ignore[index]
    exported = client.get(f"/api/v1/tables/{code}/export").json
    assert client.post("/api/v1/tables/import", json=exported).status_code == 201


def test_a_float_player_count_on_the_check_page_is_an_error(client: FlaskClient) -> None:
    seen = len(LOGGED.records)
    for game in ("manhattan-project", "imperial", "quarantine"):
        for bad in ('{"players": 1.5}', '{"players": "abc"}', '{"players": [1.5]}', "[]"):
            page = client.post(f"/en/{game}/check", data={"source": "json", "json": bad})
            assert page.status_code in (200, 422), (game, bad, page.status_code)
            assert 'class="errors' in page.get_data(as_text=True), (game, bad)
    assert_no_crash_since(seen)


class BrokenChunks:
    """A request body whose chunked framing gunicorn cannot read."""

    def read(self, *_args: Any) -> bytes:
        raise InvalidChunkSize(b"line over 8190 bytes with no terminator")

    readline = read


@pytest.mark.parametrize("path", ["/api/v1/imperial/check", "/en/imperial/check",
                                  "/api/v1/tables", "/en/table/"])  # fmt: skip
def test_broken_chunked_framing_is_400(client: FlaskClient, path: str) -> None:
    seen = len(LOGGED.records)
    answer = client.post(
        path,
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
        environ_overrides={"wsgi.input": BrokenChunks(), "wsgi.input_terminated": True},
    )
    assert answer.status_code == 400
    assert_no_crash_since(seen)


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("GET", "/api/v1/tables", {"POST"}),
    ("DELETE", "/api/v1/imperial/check", {"POST"}),
    ("PUT", "/en/imperial/check", {"GET", "POST"}),
])  # fmt: skip
def test_405_names_what_is_allowed(
    client: FlaskClient, method: str, path: str, allowed: set[str]
) -> None:
    answer = client.open(path, method=method)
    assert answer.status_code == 405
    named = {m.strip() for m in answer.headers.get("Allow", "").split(",")}
    assert allowed <= named, answer.headers


@pytest.mark.parametrize("path", ["/api/v1/tables/replay", "/api/v1/tables/import"])
def test_a_post_only_table_path_is_not_read_as_a_join_code(client: FlaskClient, path: str) -> None:
    # `GET /api/v1/tables/<code>` once matched them too: OPTIONS advertised GET
    allowed = client.options(path).headers["Allow"]
    assert {m.strip() for m in allowed.split(",")} == {"POST", "OPTIONS"}
    assert client.get(path).status_code == 405


def test_the_open_page_bounds_the_variant(client: FlaskClient) -> None:
    seen = len(LOGGED.records)
    form = {"action": "open", "name": ["Anna", "Ben"], "game": "quarantine",
            "variant": "v" * 100_000, "start": "setup"}  # fmt: skip
    answer = client.post("/en/table/", data=form)
    assert answer.status_code == 422 and "variant" in answer.get_data(as_text=True)
    assert_no_crash_since(seen)


# --- links from configuration ------------------------------------------------------------


def test_the_join_link_never_follows_a_forged_host(client: FlaskClient) -> None:
    forged = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}
    body = {"game": "quarantine", "players": PLAYERS[:2]}
    answer = client.post("/api/v1/tables", json=body, headers=forged)
    code = answer.json["code"]  # type: ignore[index]
    assert answer.json["links"]["join_url"] == f"http://localhost/t/{code}"  # type: ignore[index]
    page = client.get(f"/en/t/{code}", headers=forged).get_data(as_text=True)
    assert "evil.example" not in page and f"http://localhost/t/{code}" in page
    qr = client.get(f"/api/v1/tables/{code}/qr.svg", headers=forged)
    assert qr.status_code == 200 and "evil" not in qr.get_data(as_text=True)
    expected = segno.make(f"http://localhost/t/{code}", error="m").svg_inline(scale=4)
    assert _modules(qr.get_data(as_text=True)) == _modules(expected)


def _modules(svg: str) -> str:
    return "".join(re.findall(r' d="([^"]+)"', svg))


def test_the_join_link_follows_the_announced_address(tmp_path: Path) -> None:
    from web.links import announce

    class Listener:
        class sock:
            @staticmethod
            def getsockname() -> tuple[str, int]:
                return ("0.0.0.0", 8123)

    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    server = type("Server", (), {"LISTENERS": [Listener()]})()
    printed = announce(app, server)
    assert printed.startswith("http://") and printed.endswith(":8123")
    assert "0.0.0.0" not in printed
    client = app.test_client()
    body = {"game": "quarantine", "players": PLAYERS[:2]}
    answer = client.post("/api/v1/tables", json=body, headers={"Host": "evil.example"})
    assert answer.json["links"]["join_url"].startswith(printed + "/t/")  # type: ignore[index]
    configured = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                             "ADJ_BASE_URL": "https://rules.example.org"})  # fmt: skip
    assert announce(configured, server) == "https://rules.example.org"


# --- bounded streams -----------------------------------------------------------------------


def test_streams_are_bounded_per_table_address_and_worker(tmp_path: Path) -> None:
    from web.table.streams import StreamLimits

    limits = StreamLimits(per_worker=5, per_table=3, per_address=2, retry_after=17)
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                      "ADJ_STREAM_LIMITS": limits})  # fmt: skip
    client = app.test_client()
    codes = [
        client.post("/api/v1/tables", json={"game": "quarantine", "players": PLAYERS[:2]}).json[
            "code"
        ]
        for _ in range(3)
    ]

    def stream(code: str, address: str, **headers: str) -> Any:
        return client.get(f"/api/v1/tables/{code}/events", buffered=False, headers=headers,
                          environ_base={"REMOTE_ADDR": address})  # fmt: skip

    held = [stream(codes[0], "10.0.0.1"), stream(codes[0], "10.0.0.1")]
    assert [r.status_code for r in held] == [200, 200]
    refused = stream(codes[1], "10.0.0.1")  # a third from one address
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "17"
    assert refused.json["status"] == 503
    # a client on the network cannot name another address for itself
    assert stream(codes[1], "10.0.0.1", **{"X-Real-IP": "10.9.9.9"}).status_code == 503
    held.append(stream(codes[0], "10.0.0.2"))
    assert held[-1].status_code == 200
    assert stream(codes[0], "10.0.0.3").status_code == 503  # a fourth on one table
    # behind nginx (a loopback peer), the address nginx names counts
    held += [stream(codes[1], "127.0.0.1", **{"X-Real-IP": "10.0.0.4"}),
             stream(codes[2], "127.0.0.1", **{"X-Real-IP": "10.0.0.5"})]  # fmt: skip
    assert [r.status_code for r in held] == [200] * 5
    assert stream(codes[2], "10.0.0.6").status_code == 503  # the worker is full
    held.pop(0).close()
    again = stream(codes[2], "10.0.0.6")
    assert again.status_code == 200
    for response in [*held, again]:
        response.close()
    assert app.extensions["adjudicator.tables"].gate().total == 0


# --- fair use --------------------------------------------------------------------------------


def test_one_address_cannot_fill_the_tables(tmp_path: Path) -> None:
    from adjudicator.table.service import Limits

    limits = Limits(open_per_address=5, hourly_per_address=4)
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                      "ADJ_TABLE_LIMITS": limits})  # fmt: skip
    client = app.test_client()
    body = {"game": "quarantine", "players": PLAYERS[:2]}

    def open_from(address: str) -> Any:
        return client.post("/api/v1/tables", json=body, environ_base={"REMOTE_ADDR": address})

    assert [open_from("10.1.1.1").status_code for _ in range(4)] == [201] * 4
    flooded = open_from("10.1.1.1")
    assert flooded.status_code == 429 and 3500 <= int(flooded.headers["Retry-After"]) <= 3601
    assert "Too many requests" in flooded.json["message"]
    exported = client.get(f"/api/v1/tables/{open_from('10.2.2.2').json['code']}/export").json
    refused = client.post("/api/v1/tables/import", json=exported,
                          environ_base={"REMOTE_ADDR": "10.1.1.1"})  # fmt: skip
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    page = client.post("/el/table/", data={"action": "open", "name": ["A", "B"],
                       "game": "quarantine"}, environ_base={"REMOTE_ADDR": "10.1.1.1"})  # fmt: skip
    assert page.status_code == 429 and page.headers["Retry-After"]
    # everyone else still opens tables, IPv6 neighbours of one /64 count as one
    assert open_from("10.3.3.3").status_code == 201
    assert [open_from(f"2001:db8::{i}").status_code for i in range(1, 6)] == [201] * 4 + [429]


def test_wrong_join_codes_are_limited_per_address(client: FlaskClient, code: str) -> None:
    def head(table: str, address: str) -> int:
        return client.get(f"/api/v1/tables/{table}/head",
                          environ_base={"REMOTE_ADDR": address}).status_code  # fmt: skip

    assert [head(f"NoSuchCode{i:06d}", "10.5.5.5") for i in range(30)] == [404] * 30
    assert head(code, "10.5.5.5") == 429  # even a right one, for a while
    page = client.get(f"/en/t/{code}", environ_base={"REMOTE_ADDR": "10.5.5.5"})
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 500
    assert head(code, "10.6.6.6") == 200


def test_imports_from_the_page_count_against_the_address(tmp_path: Path) -> None:
    from adjudicator.table.log import example_log
    from adjudicator.table.service import Limits

    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                      "ADJ_TABLE_LIMITS": Limits(hourly_per_address=1)})  # fmt: skip
    client = app.test_client()
    log = json.dumps(example_log("imperial-expert-opening")).encode()

    def bring() -> Any:
        data = {"action": "import", "log": (io.BytesIO(log), "log.json")}
        return client.post("/en/table/log", data=data, environ_base={"REMOTE_ADDR": "10.7.7.7"})

    assert bring().status_code == 302
    refused = bring()
    assert refused.status_code == 429 and refused.headers["Retry-After"]
