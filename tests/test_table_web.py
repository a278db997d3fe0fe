"""The shared table through the JSON API and the pages (Flask's test client, SQLite)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.core.leaks import LeakDetector
from adjudicator.games import get_game
from adjudicator.table.log import example_log
from web import create_app, permalink

PLAYERS = [{"name": n} for n in ("Anna", "Ben", "Chloe", "Dimitris")]
FIRST = {"type": "opening", "player": "Anna", "nation": "AH", "bond": 9}
WRONG = {"type": "opening", "player": "Ben", "nation": "AH", "bond": 9}


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    return app.test_client()


def open_table(client: FlaskClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "imperial", "players": PLAYERS, "example": "expert-opening", **extra}
    answer = client.post("/api/v1/tables", json=body)
    assert answer.status_code == 201, answer.json
    data: dict[str, Any] = answer.json or {}
    return data


def text_of(html: str) -> str:
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_api_follows_a_game(client: FlaskClient) -> None:
    table = open_table(client)
    code = table["code"]
    assert table["version"] == 1 and table["links"]["join_url"].endswith(f"/t/{code}")
    moved = client.post(f"/api/v1/tables/{code}/moves?lang=el", json={"move": FIRST,
                        "version": 1, "author": "Anna"})  # fmt: skip
    assert moved.status_code == 201 and moved.json["applied"] and moved.json["version"] == 2
    assert "Αυστρο-Ουγγαρίας" in moved.json["entry"]["verdict"]["effects"][0]
    refused = client.post(f"/api/v1/tables/{code}/moves?lang=zh_TW",
                          json={"move": WRONG, "version": 2})  # fmt: skip
    assert refused.status_code == 201 and not refused.json["applied"]
    assert refused.json["entry"]["verdict"]["violations"][0]["rule"].startswith("IM-")
    stale = client.post(f"/api/v1/tables/{code}/moves?lang=pt", json={"move": FIRST,
                        "version": 1})  # fmt: skip
    assert stale.status_code == 409 and stale.json["version"] == 2
    assert stale.json["state"] == moved.json["state"] and "estado mudou" in stale.json["message"]
    assert client.get(f"/api/v1/tables/{code}/head").json == {
        "version": 2, "log_length": 3, "archived": False,
    }  # fmt: skip
    log = client.get(f"/api/v1/tables/{code}/log?lang=el&since=1").json["entries"]
    assert [(e["seq"], e["kind"], e["applied"]) for e in log] == [
        (2, "move", True), (3, "move", False),
    ]  # fmt: skip
    undone = client.post(f"/api/v1/tables/{code}/undo", json={"version": 2})
    assert undone.status_code == 201 and undone.json["version"] == 3
    state = undone.json["state"]
    state["players"][1]["cash"] = 25
    corrected = client.post(f"/api/v1/tables/{code}/corrections?lang=el",
                            json={"state": state, "version": 3, "author": "Chloe"})  # fmt: skip
    verdict = corrected.json["entry"]["verdict"]
    assert verdict["differences"] == [{"path": "/players/1/cash", "before": 22, "after": 25}]
    assert verdict["report"]["violations"]


def test_malformed_requests_name_the_field(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    for body, path in (
        ({"move": FIRST}, "/version"),
        ({"version": 1}, "/move"),
        ({"move": {"type": "opening"}, "version": 1}, "/move/player"),
        ({"move": FIRST, "version": "one"}, "/version"),
    ):
        answer = client.post(f"/api/v1/tables/{code}/moves", json=body)
        assert answer.status_code == 422, body
        assert any(e["path"].startswith(path) for e in answer.json["errors"]), answer.json
    missing = {"move": FIRST, "version": 1}
    assert client.post("/api/v1/tables/nosuchtable123/moves", json=missing).status_code == 404
    assert client.get("/api/v1/tables/nosuchtable123").status_code == 404
    assert client.post("/api/v1/tables", json={"game": "chess"}).status_code == 404
    assert client.post("/api/v1/tables", data="[").status_code == 422


def test_export_import_and_replay(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    client.post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1})
    exported = client.get(f"/api/v1/tables/{code}/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    log = json.loads(exported.data)
    copy = client.post("/api/v1/tables/import", json=log)
    assert copy.status_code == 201 and copy.json["version"] == 2
    log["entries"].append({"move": WRONG})
    flagged = client.post("/api/v1/tables/replay?lang=el", json=log).json["first_illegal"]
    assert flagged["number"] == 2 and flagged["verdict"]["violations"]
    assert client.post("/api/v1/tables/import", json=log).status_code == 422


def test_the_example_log_imports(client: FlaskClient) -> None:
    answer = client.post("/api/v1/tables/import", json=example_log("imperial-expert-opening"))
    assert answer.status_code == 201 and answer.json["version"] == 51


def test_the_qr_code_is_an_svg_of_the_join_link(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    svg = client.get(f"/api/v1/tables/{code}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.data.startswith(b"<svg") and b"<path" in svg.data
    assert client.get("/api/v1/tables/nosuchtable123/qr.svg").status_code == 404


def test_live_events_come_from_the_database(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    stream = client.get(f"/api/v1/tables/{code}/events", buffered=False)
    assert stream.mimetype == "text/event-stream"
    chunks = iter(stream.response)
    assert next(chunks).startswith(b"retry:")
    assert b'"version": 1' in next(chunks)
    # another worker (here: another app on the same database) applies a move
    other = create_app({"ADJ_DATABASE_URL": client.application.config["ADJ_DATABASE_URL"]})
    other.test_client().post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1})
    event = next(chunks)
    assert b"event: head" in event and b'"version": 2' in event
    stream.close()


def test_join_chooses_language_and_seat(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    page = client.get(f"/t/{code}", headers={"Accept-Language": "el"})
    assert page.status_code == 200 and "Συμμετοχή στο τραπέζι" in page.text
    joined = client.post(f"/t/{code}", data={"lang": "zh_TW", "seat": "Ben"})
    assert joined.status_code == 302 and joined.location.endswith(f"/zh_TW/t/{code}")
    table = client.get(joined.location)
    assert "共用牌桌" in table.text and "你的座位：Ben" in table.text
    assert client.get("/t/nosuchtable123").status_code == 404


def test_the_pages_play_a_move_in_each_language(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    form = client.get(f"/en/t/{code}/move")
    assert form.status_code == 200 and 'name="mbase"' in form.text
    posted = client.post(f"/el/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(FIRST),
        "action": "decide"})  # fmt: skip
    assert posted.status_code == 302 and "#entry-2" in posted.location
    stale = client.post(f"/pt/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(FIRST),
        "action": "decide"})  # fmt: skip
    assert stale.status_code == 409 and "Outra mudança chegou primeiro: 2. " in stale.text
    assert (
        "Um celular sem lugar em nome de Anna" in stale.text
    )  # the move was Anna's; no phone held her seat
    assert "Sua jogada ficou guardada abaixo" in stale.text
    client.post(f"/en/t/{code}/move", data={
        "version": "2", "move_source": "json", "move_json": json.dumps(WRONG),
        "action": "decide"})  # fmt: skip
    detector = LeakDetector.for_game(get_game("imperial"))
    for lang, legal, illegal in (
        ("en", "Legal: applied.", "Illegal: refused."),
        ("el", "Επιτρέπεται: εφαρμόστηκε.", "Δεν επιτρέπεται: απορρίφθηκε."),
        ("pt", "Legal: aplicada.", "Ilegal: recusada."),
        ("zh_TW", "合法：已執行。", "不合法：已拒絕。"),
    ):
        live = client.get(f"/{lang}/t/{code}/live").text
        assert legal in live and illegal in live and 'data-version="2"' in live
        if lang != "en":
            leaks = [x for x in detector.scan(text_of(live), lang) if x.kind != "english"]
            assert not leaks, leaks


def test_the_move_editor_form_is_the_dispute_pages(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    answer = client.post(f"/en/t/{code}/move", data={"version": "1", "move_type": "opening",
                         "mbase": "", "action": "retype"})  # fmt: skip
    assert answer.status_code == 200 and 'id="m-player"' in answer.text


def test_undo_and_correct_pages(client: FlaskClient) -> None:
    code = open_table(client)["code"]
    client.post(f"/api/v1/tables/{code}/moves", json={"move": FIRST, "version": 1})
    undone = client.post(f"/en/t/{code}/undo", data={"version": "2"})
    assert undone.status_code == 302
    assert client.get(f"/api/v1/tables/{code}/head").json["version"] == 3
    page = client.get(f"/el/t/{code}/correct")
    assert page.status_code == 200 and 'name="base"' in page.text


def test_what_may_i_do_offers_legal_actions_where_the_game_has_them(
    client: FlaskClient,
) -> None:
    answer = client.post("/api/v1/tables", json={"game": "quarantine", "example": "mid-game"})
    code = answer.json["code"]
    listed = client.get(f"/api/v1/tables/{code}/options?lang=el").json
    assert listed["count"] > 0
    page = client.get(f"/el/t/{code}/options")
    assert page.status_code == 200 and 'name="move_json"' in page.text
    first = listed["actions"][0]["move"]
    picked = client.post(f"/el/t/{code}/move", data={
        "version": "1", "move_source": "json", "move_json": json.dumps(first),
        "action": "decide"})  # fmt: skip
    assert picked.status_code == 302
    assert client.get(f"/api/v1/tables/{code}/head").json["version"] == 2


def test_open_a_table_on_the_page(client: FlaskClient) -> None:
    page = client.get("/zh_TW/table/?game=imperial")
    assert page.status_code == 200 and "開新牌桌" in page.text and "加入牌桌" in page.text
    names = ["Anna", "Ben", "Chloe", "Dimitris", "", ""]
    opened = client.post("/en/table/", data={"game": "imperial", "name": names,
                         "side": [""] * 6, "start": "", "action": "open"})  # fmt: skip
    assert opened.status_code == 302
    table = client.get(opened.location)
    assert table.status_code == 200 and "Your seat: Anna" in table.text
    colours = client.get("/el/table/?game=manhattan-project").text
    assert '<option value="red">Κόκκινος</option>' in colours  # the game's own player colours


def select_options(html: str, name: str) -> list[str]:
    found = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', html, flags=re.S)
    assert found, name
    return [text_of(x).strip() for x in re.findall(r"<option[^>]*>(.*?)</option>", found[1])]


def field_labels(html: str) -> dict[str, str]:
    """Each field's label by the field's id."""
    found = re.findall(r'<label for="([^"]+)">([^<]*)', html)
    return {key: text.strip() for key, text in found}


@pytest.mark.parametrize(("game_id", "example", "kind"), [
    ("imperial", "expert-opening", "Παραγωγή"),
    ("manhattan-project", "mid-turn", "Τοποθέτηση Εργαζομένου στο Κεντρικό Ταμπλό"),
    ("quarantine", "mid-game", None),
])  # fmt: skip
def test_the_table_move_and_correct_pages_name_kinds_and_fields(
    client: FlaskClient, game_id: str, example: str, kind: str | None
) -> None:
    """The table's editors are the dispute and check pages': the same names, no raw key."""
    answer = client.post("/api/v1/tables", json={"game": game_id, "example": example})
    code = answer.json["code"]
    table = client.get(f"/el/t/{code}/move").text
    mbase = re.search(r'name="mbase" value="([^"]*)"', table)[1]  # (the kind listed first)
    state = permalink.encode(get_game(game_id).example(example))
    dispute = client.get(f"/el/{game_id}/move?s={state}&m={mbase}&fill=1").text
    kinds = select_options(table, "move_type")
    assert kinds == select_options(dispute, "move_type") and (kind is None or kind in kinds)
    mine, theirs = field_labels(table), field_labels(dispute)
    assert mine and mine == theirs
    correct = field_labels(client.get(f"/el/t/{code}/correct").text)
    check = field_labels(client.get(f"/el/{game_id}/check?example={example}").text)
    assert len(correct) > 10 and all(check[k] == v for k, v in correct.items() if k in check)
    for labels in (mine, correct):
        raw = [v for k, v in labels.items() if v == k.rsplit("-", 1)[-1].replace("_", " ")]
        assert not raw, raw
    assert not [k for k in kinds if re.fullmatch(r"[a-z_ ]+", k)]


@pytest.mark.parametrize(("lang", "seats"), [
    ("en", "Anna (Austria-Hungary) and Ben (Italy)"),
    ("el", "Anna (Αυστρο-Ουγγαρία) και Ben (Ιταλία)"),
    ("pt", "Anna (Áustria-Hungria) e Ben (Itália)"),
    ("zh_TW", "Anna（奧匈帝國）和 Ben（義大利）"),
])  # fmt: skip
def test_seats_are_named_by_the_sides_names(client: FlaskClient, lang: str, seats: str) -> None:
    players = [{"name": "Anna", "side": "AH"}, {"name": "Ben", "side": "IT"}]
    code = open_table(client, players=players)["code"]
    page = client.get(f"/{lang}/t/{code}").text
    shown = re.search(r'<p class="players">(.*?)</p>', page, flags=re.S)
    assert shown and re.sub(r"<[^>]+>", "", shown[1]) == seats
    join = client.get(f"/t/{code}", headers={"Accept-Language": lang.replace("_", "-")}).text
    assert seats.split(" and ")[0].split(" και ")[0].split(" e ")[0].split("和")[0] in join


def test_the_seat_select_offers_the_players_colours_only(client: FlaskClient) -> None:
    page = client.get("/zh_TW/table/?game=manhattan-project").text
    select = re.search(r'<select name="side">(.*?)</select>', page, flags=re.S)
    assert select and re.findall(r'value="(\w+)"', select[1]) == [
        "red", "blue", "green", "yellow", "purple",
    ]  # fmt: skip
    assert "紅色" in select[1] and "灰色" not in select[1]


@pytest.mark.parametrize(("game_id", "lang", "titles"), [
    ("imperial", "en", ["1. Army of Austria-Hungary in Greece"]),
    ("imperial", "el", ["1. Στρατός της Αυστρο-Ουγγαρίας στην Ελλάδα"]),
    ("imperial", "pt", ["1. Exército da Áustria-Hungria na Grécia",
                        "5. Frota da Áustria-Hungria no Mar Jônico"]),
    ("imperial", "zh_TW", ["1. 奧匈帝國在希臘的陸軍"]),
    ("quarantine", "en", ["2. Red treatment room at row 3, column 3",
                          "1. Lobby at row 3, column 2"]),
    ("quarantine", "el", ["2. Κόκκινο Δωμάτιο Θεραπείας στη γραμμή 3, στήλη 3"]),
    ("quarantine", "pt", ["2. Sala de tratamento vermelha na linha 3, coluna 3"]),
    ("quarantine", "zh_TW", ["2. 第 3 排、第 3 欄的紅色治療室"]),
])  # fmt: skip
def test_list_items_are_titled_by_a_phrase(
    client: FlaskClient, game_id: str, lang: str, titles: list[str]
) -> None:
    """Units and tiles read as a player says them; places count from 1 (no "(1, 0)")."""
    answer = client.post("/api/v1/tables", json={"game": game_id, "example": "mid-game"})
    page = text_of(client.get(f"/{lang}/t/{answer.json['code']}/correct").text)
    for title in titles:
        assert title in page
    assert "(1, 0)" not in page and "(-1, 0)" not in page
