"""Issue 26 on the shared table: the next move entered by tapping the table's picture.

The move page marks where a piece may legally go (the dispute page's machinery, against
the table's state); a tap on a marked place fills the move in and shows the verdict with
nothing entered yet; a tap on an unmarked place still asks, and the verdict says why not
and marks the alternatives; "Enter the move" enters it. Without script the forms post as
before (every test here is a plain form post).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.games import get_game
from web import create_app
from web.permalink import decode


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    return app.test_client()


def open_table(client: FlaskClient, game: str) -> str:
    answer = client.post("/api/v1/tables", json={"game": game, "example": "mid-game"})
    assert answer.status_code == 201, answer.json
    return str((answer.json or {})["code"])


def marks(html: str) -> dict[str, str]:
    """The places of the move form's picture, with their marks."""
    place = r'<a href="#move-form" role="button" data-place="([^"]+)" class="place ([a-z]*)"'
    found = re.findall(place, html)
    return dict(found)


def tap(client: FlaskClient, code: str, move: dict[str, Any], place: str, lang: str = "en") -> Any:
    """A tap on ``place`` while ``move`` is being entered (the form as the page posts it)."""
    return client.post(f"/{lang}/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(move),
        "mbase": "", "action": f"place:{place}"})  # fmt: skip


def entered(client: FlaskClient, code: str) -> int:
    return int((client.get(f"/api/v1/tables/{code}").json or {})["version"])


def test_the_move_page_marks_the_legal_places(client: FlaskClient) -> None:
    code = open_table(client, "imperial")
    html = client.get(f"/en/t/{code}/move").text
    assert len(marks(html)) >= 20
    assert 'class="legend"' in html and 'id="check-button"' in html
    # the kind chosen, the pieces that may move are marked: Austria-Hungary's army in Greece
    move = {"type": "maneuver"}
    page = client.post(f"/en/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(move), "mbase": "",
        "action": "retype", "move_type": "maneuver"})  # fmt: skip
    assert marks(page.text).get("region:greece") == "piece"


def test_a_tap_on_a_marked_place_shows_the_verdict_before_entering(client: FlaskClient) -> None:
    code = open_table(client, "imperial")
    picked = tap(client, code, {"type": "maneuver"}, "region:greece", "el")
    assert picked.status_code == 200 and 'id="verdict"' not in picked.text
    assert marks(picked.text)["region:tunis"] == "legal"
    moving = decode(re.search(r'name="mbase" value="([^"]*)"', picked.text)[1], "/move")
    went = tap(client, code, moving, "region:tunis", "el")
    assert 'class="verdict ok" id="verdict"' in went.text
    assert 'id="not-yet"' in went.text  # said, and nothing entered yet
    assert entered(client, code) == 1
    # the address holds the move and its verdict: a reload shows the same
    address = re.search(r'<main data-address="([^"]+)"', went.text)[1].replace("&amp;", "&")
    assert "check=1" in address
    again = client.get(address)
    assert 'class="verdict ok" id="verdict"' in again.text
    # "Enter the move" enters it, and the table's page shows its line
    filled = decode(re.search(r'name="mbase" value="([^"]*)"', went.text)[1], "/move")
    route = filled["armies"][0]["route"]
    assert route[0] == "greece" and route[-1] == "tunis"  # (by convoy)
    done = client.post(f"/el/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(filled),
        "action": "decide"})  # fmt: skip
    assert done.status_code == 302 and "#entry-2" in done.location
    assert entered(client, code) == 2


def test_an_unmarked_tap_says_why_not_and_marks_the_alternatives(client: FlaskClient) -> None:
    """Quarantine: the grey cube on Ben's tile left of his lobby, beside no quarantine."""
    code = open_table(client, "quarantine")
    page = client.get(f"/pt/t/{code}/move").text
    assert "tile:Ben:-1:0" in marks(page) and marks(page)["tile:Ben:-1:0"] != "legal"
    answer = tap(client, code, {"type": "place_grey"}, "tile:Ben:-1:0", "pt")
    assert 'class="verdict bad" id="verdict"' in answer.text
    assert 'data-rule="QU-505"' in answer.text
    found = marks(answer.text)
    assert found["tile:Ben:-1:0"] == "broken"
    assert "alternative" in found.values()
    # an alternative fills this page's move in (not the dispute page's) with its verdict
    links = re.findall(r'<ul class="alternatives">\s*<li><a href="([^"]+)"', answer.text)
    assert links and links[0].startswith(f"/pt/t/{code}/move?") and "check=1" in links[0]
    alternative = client.get(links[0].replace("&amp;", "&"))
    assert 'class="verdict ok" id="verdict"' in alternative.text
    assert entered(client, code) == 1


def test_see_the_verdict_first_from_the_fields(client: FlaskClient) -> None:
    """Without a picture tap: the form's own move, judged and not entered."""
    code = open_table(client, "manhattan-project")
    game = get_game("manhattan-project")
    first = dict(game.legal_actions(game.parse_state(game.example("mid-game"))).actions[0].move)
    answer = client.post(f"/zh_TW/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(first),
        "action": "check"})  # fmt: skip
    assert 'class="verdict ok" id="verdict"' in answer.text and 'id="not-yet"' in answer.text
    assert entered(client, code) == 1


def test_the_quarantine_market_is_drawn_and_tapped(client: FlaskClient) -> None:
    """Every stack of the market is a named place on the move pages (a tap buys from it)
    and a link to its fields on the check page."""
    game = get_game("quarantine")
    stacks = game.example("mid-game")["market"]
    code = open_table(client, "quarantine")
    page = client.get(f"/el/t/{code}/move").text
    places = re.findall(r'data-place="(market:[^"]+)" class="place [a-z]*" aria-label="([^"]+)"',
                        page)  # fmt: skip
    assert len(places) == len(stacks)
    assert ("market:lab", "Εργαστήριο, πλακίδια στη στοίβα: 1") in places
    answer = tap(client, code, {"type": "place_grey"}, "market:treatment:blue")
    moved = decode(re.search(r'name="mbase" value="([^"]*)"', answer.text)[1], "/move")
    assert moved["type"] == "buy_treatment" and moved["colour"] == "blue"
    assert 'id="verdict"' in answer.text  # (asked: the payment is the player's to give)
    assert marks(answer.text).get("market:treatment:blue") in ("broken", "chosen")
    check = client.get("/en/quarantine/check?example=mid-game").text
    links = set(re.findall(r'<a href="#(s-market-\d+)"', check))
    assert len(links) == len(stacks)


def test_a_tap_on_the_table_pages_picture_opens_the_move_there(client: FlaskClient) -> None:
    """The table page's picture: each place links to the move page with that tap (a plain
    link, with or without script); Austria-Hungary's army in Greece marked as a piece."""
    code = open_table(client, "imperial")
    page = client.get(f"/en/t/{code}").text
    links = dict(re.findall(r'<a href="([^"]+)" data-place="([^"]+)" class="place', page))
    assert len(links) >= 20
    greece = next(href for href, place in links.items() if place == "region:greece")
    assert greece.startswith(f"/en/t/{code}/move?tap=region")
    assert 'class="legend"' in page
    live = client.get(f"/en/t/{code}/live").text  # the live part keeps the places
    assert "data-place=" in live
    picked = client.get(greece.replace("&amp;", "&"))
    assert marks(picked.text).get("region:greece") == "chosen"
    assert marks(picked.text).get("region:tunis") == "legal"
