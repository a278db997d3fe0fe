"""The shared table's flows on the pages: join by the link (in the joining phone's
language) or by the short code, seats held by phones, undo naming what it took back, the
refused change naming what got in first, and a log brought to the page."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.table.codes import normalize
from adjudicator.table.log import example_log
from web import create_app

QUICK = example_log("imperial-quickintro")
T01, T02 = (QUICK["entries"][i]["move"] for i in (0, 1))


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})


def phone(app: Any) -> FlaskClient:
    """A phone: its own client, with its own cookies."""
    client: FlaskClient = app.test_client()
    return client


def open_quickintro(opener: FlaskClient) -> str:
    """Anton's phone opens the quick-intro game's start (it takes the first seat)."""
    opened = opener.post("/en/table/", data={"game": "imperial", "action": "open",
                                             "start": "log:imperial-quickintro"})  # fmt: skip
    assert opened.status_code == 302, opened.text
    return str(opened.location.rsplit("/", 1)[-1])


def enter(client: FlaskClient, code: str, move: dict[str, Any], version: int,
          lang: str = "en") -> Any:  # fmt: skip
    return client.post(f"/{lang}/t/{code}/move", data={
        "version": str(version), "move_source": "json", "move_json": json.dumps(move),
        "action": "decide"})  # fmt: skip


def version(client: FlaskClient, code: str) -> int:
    return int(client.get(f"/api/v1/tables/{code}/head").json["version"])


def test_the_short_code_is_typed_as_people_type(app: Any) -> None:
    anton = phone(app)
    code = open_quickintro(anton)
    page = anton.get(f"/en/t/{code}").text
    short = re.search(r'id="short-code"[^>]*>([^<]+)<', page)[1]  # type: ignore[index]
    assert re.fullmatch(r"[0-9A-Z]{4} [0-9A-Z]{4}", short)
    typed = short.lower().replace(" ", "-")
    joined = phone(app).get(f"/el/table/join?code={typed}")
    assert joined.status_code == 302 and joined.location.endswith(f"/t/{code}")
    wrong = phone(app).get("/el/table/join?code=ZZZZ-ZZZZ")
    assert wrong.status_code == 404 and "Δεν υπάρχει τραπέζι με αυτόν τον κωδικό." in wrong.text
    assert (
        normalize("o1il-0000") == "0111" + "0000"
        and normalize("short") is None
        and normalize("UUUU-UUUU") is None
    )


def test_the_join_link_opens_in_the_joining_phones_language(app: Any) -> None:
    anton = phone(app)
    code = open_quickintro(anton)
    page = anton.get(f"/en/t/{code}").text
    link = re.search(r'id="join-link">([^<]+)<', page)[1]  # type: ignore[index]
    assert "lang=" not in link and link.endswith(f"/t/{code}")
    greek = phone(app).get(f"/t/{code}", headers={"Accept-Language": "el-GR,el;q=0.9"})
    assert "Συμμετοχή στο τραπέζι" in greek.text
    chinese = phone(app)
    chinese.post(f"/t/{code}", data={"lang": "zh_TW", "seat": "Bert"})
    again = chinese.get(f"/t/{code}", headers={"Accept-Language": "en"})  # its last choice
    assert "加入牌桌" in again.text
    held = phone(app).get(f"/t/{code}", headers={"Accept-Language": "en"}).text
    assert 'Bert<span class="held"> (another phone holds this seat' in held


def test_the_qr_code_is_a_standalone_svg(app: Any) -> None:
    from xml.etree import ElementTree

    anton = phone(app)
    code = open_quickintro(anton)
    svg = anton.get(f"/api/v1/tables/{code}/qr.svg").data
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and int(root.get("width", 0)) > 0


def test_seats_each_phone_enters_its_own_and_an_empty_seat_from_any(app: Any) -> None:
    anton, claudia, bert = phone(app), phone(app), phone(app)
    code = open_quickintro(anton)
    claudia.post(f"/t/{code}", data={"lang": "el", "seat": "Claudia"})
    bert.post(f"/t/{code}", data={"lang": "zh_TW", "seat": "Bert"})
    # T01 is Austria-Hungary's, Claudia's: Anton's phone may neither list nor enter it
    listed = anton.get(f"/en/t/{code}/options").text
    assert "It is Claudia's move, and the phone at that seat enters it." in listed
    assert 'class="option"' not in listed
    refused = enter(anton, code, T01, 1)
    assert refused.status_code == 403 and version(anton, code) == 1
    mine = claudia.get(f"/el/t/{code}/options").text
    assert "Σειρά σας, Claudia." in mine and 'class="option"' in mine
    assert enter(claudia, code, T01, 1, "el").status_code == 302
    # T02 is Italy's, Anton's: his own
    assert enter(anton, code, T02, 2).status_code == 302
    log = anton.get(f"/en/t/{code}/live").text
    assert '<span class="who">Claudia</span>' in log and '<span class="who">Anton</span>' in log
    # Daniel's seat has no phone: Bert enters Russia's move for him, and the log says so
    daniel_turn = {"type": "investor", "nation": "RU", "space": "investor"}
    state = anton.get(f"/api/v1/tables/{code}").json["state"]
    state["turn"] = "RU"
    anton.post(f"/api/v1/tables/{code}/corrections", json={"state": state, "version": 3})
    listed = bert.get(f"/zh_TW/t/{code}/options").text
    assert "輪到 Daniel，但沒有手機佔用這個座位" in listed
    assert enter(bert, code, daniel_turn, 4, "zh_TW").status_code == 302
    line = bert.get(f"/en/t/{code}/live").text
    assert '<span class="who">Bert for Daniel</span>' in line
    assert '<span class="who">Bert 代 Daniel 輸入</span>' in bert.get(f"/zh_TW/t/{code}/live").text


def test_undo_names_what_it_took_back_and_marks_it_in_every_language(app: Any) -> None:
    claudia = phone(app)
    code = open_quickintro(claudia)
    claudia.post(f"/t/{code}", data={"lang": "en", "seat": "Claudia"})
    enter(claudia, code, T01, 1)
    claudia.post(f"/en/t/{code}/undo", data={"version": "2"})
    for lang, took, mark in (
        ("en", "took back 2. Claudia · Import", "Undone by line 3."),
        ("el", "αναίρεσε τη γραμμή 2. Claudia · Εισαγωγή", "Αναιρέθηκε από τη γραμμή 3."),
        ("pt", "desfez a linha 2. Claudia · Importação", "Desfeita pela linha 3."),
        ("zh_TW", "復原了第 2 筆（Claudia · 進口）", "已由第 3 筆復原。"),
    ):
        live = claudia.get(f"/{lang}/t/{code}/live").text
        assert took in live and mark in live, lang
        assert 'class="entry move ok undone"' in live


def test_a_refused_change_names_what_got_in_first_and_keeps_the_move(app: Any) -> None:
    claudia, other = phone(app), phone(app)
    code = open_quickintro(claudia)
    claudia.post(f"/t/{code}", data={"lang": "en", "seat": "Claudia"})
    enter(claudia, code, T01, 1)
    late = enter(other, code, T01, 1, "el")
    assert late.status_code == 409
    assert "Μια άλλη αλλαγή καταχωρίστηκε πρώτη: 2. Claudia · Εισαγωγή." in late.text
    assert "trieste" in late.text and 'name="version" value="2"' in late.text  # kept, new version
    undo = other.post(f"/en/t/{code}/undo", data={"version": "1"})
    page = other.get(undo.location).text
    assert "Another change got in first: 2. Claudia · Import." in page


def test_start_from_lists_titles_not_ids(app: Any) -> None:
    page = phone(app).get("/el/table/?game=imperial").text
    options = re.findall(r'<option value="([^"]*)">([^<]*)</option>', page)
    titles = dict(options)
    assert titles["mid-game-counted"] != "mid-game-counted" and titles["end"] != "end"
    assert titles["log:imperial-quickintro"].startswith("Η επίσημη εισαγωγική παρτίδα")


def test_a_log_is_brought_to_the_page(app: Any) -> None:
    client = phone(app)
    good = json.dumps(QUICK).encode()
    checked = client.post("/pt/table/log", data={"action": "replay",
                          "log": (io.BytesIO(good), "quick.json")},
                          content_type="multipart/form-data")  # fmt: skip
    assert checked.status_code == 200 and "Todas as linhas são válidas: 26 linhas" in checked.text
    wrong = json.loads(good)
    wrong["entries"][2]["move"]["region"] = "london"
    flagged = client.post("/el/table/log", data={"action": "import",
                          "log": (io.BytesIO(json.dumps(wrong).encode()), "bad.json")},
                          content_type="multipart/form-data")  # fmt: skip
    assert flagged.status_code == 422
    assert "Η γραμμή 3 δεν προκύπτει από τις προηγούμενες" in flagged.text
    assert "Δεν άνοιξε τραπέζι." in flagged.text
    assert "IM-503" in flagged.text and 'class="picture"' in flagged.text
    opened = client.post("/en/table/log", data={"action": "import",
                         "log": (io.BytesIO(good), "quick.json")},
                         content_type="multipart/form-data")  # fmt: skip
    assert opened.status_code == 302 and "/en/t/" in opened.location
    assert "26 lines" not in client.get(opened.location).text  # a table, at its last state


def table_pages(app: Any) -> tuple[FlaskClient, list[str]]:
    """Every table page, in a state that shows all its parts: seats held and empty, a
    move entered for another seat, a refused move, an undo, the stale refusal, a log
    brought (flagged and followed)."""
    claudia, anton = phone(app), phone(app)
    code = open_quickintro(anton)
    claudia.post(f"/t/{code}", data={"lang": "en", "seat": "Claudia"})
    enter(claudia, code, T01, 1)
    enter(anton, code, T02, 2)
    enter(claudia, code, {**QUICK["entries"][2]["move"], "region": "london"}, 3)
    claudia.post(f"/en/t/{code}/undo", data={"version": "3"})
    paths = ["/{lang}/table/?game=imperial", "/{lang}/table/?game=quarantine",
             "/{lang}/table/?game=manhattan-project", f"/{{lang}}/t/{code}",
             f"/{{lang}}/t/{code}/live", f"/{{lang}}/t/{code}/options",
             f"/{{lang}}/t/{code}/move", f"/{{lang}}/t/{code}/correct",
             f"/{{lang}}/t/{code}?changed=3", "/{lang}/table/join?code=ZZZZZZZZ"]  # fmt: skip
    return claudia, paths


#: What a page shows as it is in every language: the players' names and the games' own.
NAMES = {"Anton", "Bert", "Claudia", "Daniel", "The", "Manhattan", "Project", "Imperial",
         "Quarantine", "JSON", "QR"}  # fmt: skip


def names_only(found: str) -> bool:
    return set(re.findall(r"[A-Za-z]+", found)) <= NAMES


@pytest.mark.parametrize("lang", ["el", "pt", "zh_TW"])
def test_every_table_page_reads_in_the_pages_language(app: Any, lang: str) -> None:
    from adjudicator.core.leaks import LeakDetector
    from adjudicator.games import get_game

    from .test_table_web import text_of

    client, paths = table_pages(app)
    pages = {p.format(lang=lang): client.get(p.format(lang=lang)).text for p in paths}
    code = paths[3].rsplit("/", 1)[-1]
    client.set_cookie("lang", lang)
    pages["join"] = client.get(f"/t/{code}").text
    stale = enter(client, code, T01, 1, lang)
    pages["stale"] = stale.text
    wrong = json.loads(json.dumps(QUICK))
    wrong["entries"][2]["move"]["region"] = "london"
    for name, data in (("flagged", wrong), ("followed", QUICK)):
        pages[name] = client.post(f"/{lang}/table/log", data={"action": "replay",
                                  "log": (io.BytesIO(json.dumps(data).encode()), "l.json")},
                                  content_type="multipart/form-data").text  # fmt: skip
    detector = LeakDetector.for_game(get_game("imperial"))
    found = {}
    for where, html in pages.items():
        main = html.split("<main", 1)[-1].split("</main>", 1)[0]
        main = re.sub(r"<textarea\b.*?</textarea>", " ", main, flags=re.S)  # JSON, as typed
        leaks = [x for x in detector.scan(text_of(main), lang) if not names_only(x.found)]
        if leaks:
            found[where] = leaks
    assert not found, {k: [(x.kind, x.found) for x in v] for k, v in found.items()}
