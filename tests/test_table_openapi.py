"""The table API as the OpenAPI document describes it: every route under /api/v1/tables is
documented (and every documented path is a route), and each operation, called on a real
table, answers with a documented status and a body matching the documented schema."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from adjudicator.table.log import example_log  # noqa: E402
from web import create_app  # noqa: E402

from .test_table_web import FIRST, PLAYERS, WRONG  # noqa: E402

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
BASE = "/api/v1/tables"


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})


def _routes(app: Any) -> set[tuple[str, str]]:
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(BASE):
            # a parameter as OpenAPI writes it: `<string(minlength=8):code>` is `{code}`
            path = re.sub(r"<(?:[^:>]*:)?([^>]+)>", r"{\1}", rule.rule)
            found |= {(path, m) for m in rule.methods or () if m not in ("HEAD", "OPTIONS")}
    return found


def test_every_table_route_is_documented_and_every_documented_path_exists(app: Any) -> None:
    doc = app.test_client().get("/openapi.json").get_json()
    documented = {
        (path, method.upper())
        for path, item in doc["paths"].items()
        if path.startswith(BASE)
        for method in item
    }
    assert documented == _routes(app)


def test_each_table_operation_answers_as_documented(app: Any) -> None:
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
    client = app.test_client()
    body = {"game": "imperial", "players": PLAYERS, "example": "expert-opening"}
    code = client.post(BASE, json=body).get_json()["code"]
    log = example_log("imperial-expert-opening")
    bad_log = {**log, "entries": [{"kind": "move", "move": WRONG}]}
    calls: list[tuple[str, str, dict[str, Any]]] = [
        (BASE, "POST", {"body": body}),
        (BASE, "POST", {"body": {"game": "chess"}}),
        (BASE, "POST", {"body": {"players": PLAYERS}}),
        (f"{BASE}/{{code}}", "GET", {}),
        (f"{BASE}/{{code}}/head", "GET", {}),
        (f"{BASE}/{{code}}/moves", "POST", {"body": {"move": FIRST, "version": 1}}),
        (f"{BASE}/{{code}}/moves", "POST", {"body": {"move": WRONG, "version": 2}}),
        (f"{BASE}/{{code}}/moves", "POST", {"body": {"move": FIRST, "version": 1}}),
        (f"{BASE}/{{code}}/moves", "POST", {"body": {"move": FIRST, "version": "two"}}),
        (f"{BASE}/{{code}}/log", "GET", {"query": {"since": 1, "lang": "el"}}),
        (f"{BASE}/{{code}}/options", "GET", {"query": {"lang": "zh_TW"}}),
        (f"{BASE}/{{code}}/undo", "POST", {"body": {"version": 2}}),
        (f"{BASE}/{{code}}/undo", "POST", {"body": {"version": 3}}),
        (f"{BASE}/{{code}}/corrections", "POST", {"body": {"state": {}, "version": 3}}),
        (f"{BASE}/{{code}}/export", "GET", {}),
        (f"{BASE}/{{code}}/qr.svg", "GET", {}),
        (f"{BASE}/{{code}}/reopen", "POST", {}),
        (f"{BASE}/replay", "POST", {"body": log}),
        (f"{BASE}/replay", "POST", {"body": {"game": "imperial"}}),
        (f"{BASE}/import", "POST", {"body": bad_log}),
        (f"{BASE}/import", "POST", {"body": log}),
    ]
    statuses = set()
    for path, method, parts in calls:
        operation = schema[path][method]
        params = {"code": code} if "{code}" in path else None
        case = operation.Case(path_parameters=params, **parts)
        response = case.call_and_validate(checks=CHECKS)
        statuses.add((path, method, response.status_code))
    # the calls above reach the answers they are meant to (not only the first documented)
    assert {s for p, m, s in statuses if p.endswith("/moves")} == {201, 409, 422}
    assert {s for p, m, s in statuses if p.endswith("/undo")} == {201, 400}
    assert {s for p, m, s in statuses if p == BASE} == {201, 404, 422}
    assert {s for p, m, s in statuses if p.endswith("/import")} == {201, 422}
    missing = schema[f"{BASE}/{{code}}"]["GET"].Case(path_parameters={"code": "nosuchtable123"})
    assert missing.call_and_validate(checks=CHECKS).status_code == 404


def test_the_event_stream_is_as_documented(app: Any) -> None:
    client = app.test_client()
    code = client.post(BASE, json={"game": "imperial", "players": PLAYERS,
                                   "example": "expert-opening"}).get_json()["code"]  # fmt: skip
    doc = client.get("/openapi.json").get_json()
    documented = doc["paths"][f"{BASE}/{{code}}/events"]["get"]["responses"]
    stream = client.get(f"{BASE}/{code}/events", buffered=False)
    assert str(stream.status_code) in documented
    assert stream.mimetype in documented["200"]["content"]
    chunks = iter(stream.response)
    next(chunks)
    assert next(chunks).startswith(b"id: 1.1\nevent: head\n")
    stream.close()
    assert client.get(f"{BASE}/nosuchtable123/events").status_code == 404
