"""Changes another site's page makes a browser send are refused (reliability review, F6:
a cross-site form opened a table and undid a move; a ``text/plain`` form posted a move to
the JSON API). The pages' forms still work without a script, and programs (no browser
headers) are not affected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from web import create_app

from .test_table_web import FIRST, PLAYERS

EVIL = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}).test_client()


def opened(client: Any) -> str:
    body = {"game": "imperial", "players": PLAYERS, "example": "expert-opening"}
    code: str = client.post("/api/v1/tables", json=body).get_json()["code"]
    return code


@pytest.mark.parametrize(
    "headers",
    [
        EVIL,
        {"Origin": "http://evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "null"},
        {"Origin": "null", "Sec-Fetch-Site": "same-site"},
    ],
)
def test_a_cross_site_post_changes_nothing(client: Any, headers: dict[str, str]) -> None:
    code = opened(client)
    form = {"game": "quarantine", "players": "a\nb"}
    assert client.post("/en/table/", data=form, headers=headers).status_code == 403
    move = json.dumps({"move": FIRST, "version": 1, "pad": "="})  # a text/plain form's body
    posted = client.post(f"/api/v1/tables/{code}/moves", data=move, headers={
        **headers, "Content-Type": "text/plain"})  # fmt: skip
    assert posted.status_code == 403
    assert "another site" in posted.get_json()["message"]
    assert (
        client.post(f"/en/t/{code}/undo", data={"version": "1"}, headers=headers).status_code == 403
    )
    assert client.get(f"/api/v1/tables/{code}/head").get_json()["version"] == 1
    page = client.post(f"/el/t/{code}/undo", data={"version": "1"}, headers=headers)
    assert "άλλου ιστότοπου" in page.get_data(as_text=True)


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"},
        {"Origin": "http://localhost:8080"},
        {"Sec-Fetch-Site": "none"},
        {"Origin": "null", "Sec-Fetch-Site": "same-origin"},  # a form of a no-referrer page
    ],
)
def test_the_pages_own_forms_and_programs_still_change_the_table(
    client: Any, headers: dict[str, str]
) -> None:
    code = opened(client)
    answer = client.post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1},
                         headers=headers)  # fmt: skip
    assert answer.status_code == 201
    undone = client.post(f"/en/t/{code}/undo", data={"version": "2"}, headers=headers)
    assert undone.status_code in (200, 302, 303)
    assert client.get(f"/api/v1/tables/{code}/head").get_json()["version"] == 3
