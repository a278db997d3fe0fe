"""Formats that last: the states, moves, permalinks and table logs every release wrote
(``tests/samples/<release>/``, written by ``tests/samples/make_samples.py`` with that day's
code) still load, and give the same verdicts."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.core.formats import Defaulted, defaults
from adjudicator.games import get_game
from adjudicator.table.service import Limits, Tables
from adjudicator.table.store import make_engine, migrate
from web import create_app, permalink

SAMPLES = Path(__file__).resolve().parent / "samples"
RELEASES = sorted(p.name for p in SAMPLES.iterdir() if p.is_dir() and p.name[0].isdigit())
GAMES = ("imperial", "manhattan-project", "quarantine")


def rules(verdict: dict[str, Any]) -> list[str]:
    return sorted({str(v.get("rule")) for v in verdict.get("violations", [])})


def sample(release: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / release / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("game_id", GAMES)
def test_saved_states_and_permalinks_give_the_same_verdicts(release: str, game_id: str) -> None:
    game = get_game(game_id)
    with create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_request_context():
        for name, saved in sample(release, game_id)["states"].items():
            assert rules(game.check(saved["state"]).to_json()) == saved["violations"], name
            from_link = permalink.decode(saved["permalink"])
            assert rules(game.check(from_link).to_json()) == saved["violations"], name


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("game_id", GAMES)
def test_saved_moves_give_the_same_verdicts(release: str, game_id: str) -> None:
    game = get_game(game_id)
    with create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_request_context():
        saved_states = sample(release, game_id)["states"]
        for saved in sample(release, game_id)["moves"]:
            # the state as it was saved that day (today's example may have changed since)
            state = saved_states[saved["example"]]["state"]
            for move in (saved["move"], permalink.decode(saved["permalink"])):
                verdict = game.adjudicate(state, move).to_json()
                assert (verdict["legal"], rules(verdict)) == (saved["legal"], saved["violations"])
                assert verdict["state"] == saved["state_after"]


@pytest.mark.parametrize("release", RELEASES)
def test_saved_table_logs_import_to_the_same_verdicts_and_state(
    release: str, tmp_path: Path
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 't.sqlite3'}")
    migrate(engine)
    tables = Tables(engine, Limits(replay_seconds=600))
    for name, saved in sample(release, "table-logs").items():
        log = saved.get("log", saved)
        table, result = tables.import_log(log)
        assert result.flag is None and table is not None and result.notices == [], name
        moves = [e for e in log["entries"] if e.get("kind", "move") == "move"]
        verdicts = [v for v in result.verdicts if v is not None]
        assert [v["legal"] for v in verdicts] == [e.get("legal", True) for e in moves], name
        if "final_state" in saved:
            assert (table.state, table.version) == (saved["final_state"], saved["version"])
        again = tables.export(table.code)
        assert again["entries"] == log["entries"] or "final_state" not in saved, name
    engine.dispose()


# --- reading an earlier format -------------------------------------------------------------

#: An Imperial maneuver whose third army ends in another nation's home province (Venice).
MANEUVER = {"type": "maneuver", "nation": "AH", "space": "maneuver_1", "armies": [
    {"route": ["greece", "west_balkan"]}, {"route": ["romania", "bulgaria"]},
    {"route": ["trieste", "venice"], "stance": "hostile"}, {"route": ["west_balkan", "greece"]},
]}  # fmt: skip


def test_an_imperial_move_of_format_1_without_stance_reads_as_hostile_as_today() -> None:
    game = get_game("imperial")
    state = game.example("mid-game-counted")
    stated = game.adjudicate(state, MANEUVER).to_json()
    old = json.loads(json.dumps(MANEUVER))
    del old["armies"][2]["stance"]
    assert game.adjudicate(state, old).to_json() == stated
    assert game.adjudicate(state, {**old, "format_version": 1}).to_json() == stated


def test_a_newly_required_field_missing_in_an_earlier_format_gets_its_default() -> None:
    step = Defaulted("move", "/armies/*", "stance", "hostile", since=2)
    move = {"armies": [{"route": ["a"]}, {"route": ["b"]}]}
    read, notices = defaults(move, "move", [step], [("armies", 1, "stance")], version=1)
    assert read["armies"] == [{"route": ["a"]}, {"route": ["b"], "stance": "hostile"}]
    assert [n.path for n in notices] == ["/armies/1/stance"]
    assert "stance" not in move["armies"][1]  # the caller's data is left as it was
    assert defaults(move, "move", [step], [("armies", 1, "stance")], version=2) == (move, ())


def test_a_manhattan_project_card_name_of_format_1_is_ignored_with_a_notice() -> None:
    game = get_game("manhattan-project")
    state = game.example("mid-game")
    before = game.check(state).to_json()
    old = json.loads(json.dumps(state))
    old["players"][0]["buildings"][0]["name"] = "Open-pit mine"
    old["market"][0]["name"] = "University"
    report = game.check(old).to_json("pt")
    assert report["violations"] == before["violations"]
    notes = [n for n in report["notices"] if n not in before["notices"]]
    assert [n["path"] for n in notes] == ["/players/0/buildings/0/name", "/market/0/name"]
    assert "formato anterior" in notes[0]["message"]
    with pytest.raises(MalformedInput):
        game.check({**old, "format_version": 2})
    assert game.check({**state, "format_version": 2}).to_json() == before


@pytest.mark.parametrize("version", [0, 3, "2", True, 2.5, 3.0])
def test_an_unknown_format_version_is_named(version: Any) -> None:
    game = get_game("manhattan-project")
    with pytest.raises(MalformedInput) as refused:
        game.check({**game.example("mid-game"), "format_version": version})
    assert [e.path for e in refused.value.errors] == ["/format_version"]


def test_a_format_version_written_with_a_zero_fraction_is_that_version() -> None:
    # JSON has one kind of number, and the API's document (JSON Schema) counts 2.0 as an
    # integer: the schema-valid 2.0 is format 2, as every other whole-number field reads it
    game = get_game("manhattan-project")
    state = game.example("mid-game")
    assert game.check({**state, "format_version": 2.0}).to_json() == game.check(state).to_json()


# --- outputs write their format version ------------------------------------------------------


def legal_move(game_id: str) -> tuple[Any, Any]:
    game = get_game(game_id)
    for name in game.example_names():
        state = game.example(name)
        actions = game.options_of(state).actions
        if actions:
            return state, dict(actions[0].move)
    raise AssertionError(f"no example of {game_id} has a legal action")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_state_is_answered_with_its_format_version(game_id: str, tmp_path: Path) -> None:
    game = get_game(game_id)
    state, move = legal_move(game_id)
    client = create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_client()
    answer = client.post(f"/api/v1/{game_id}/move", json={"state": state, "move": move})
    after = answer.get_json()["state"]
    assert next(iter(after)) == "format_version" and after["format_version"] == game.format_version
    read = game.check(after).to_json()  # read back as what it is: no notice of an old form
    assert read == game.check({k: v for k, v in after.items() if k != "format_version"}).to_json()
    example = client.get(f"/api/v1/{game_id}/examples/{game.example_names()[0]}").get_json()
    assert example["format_version"] == game.format_version
    schema = client.get(f"/api/v1/{game_id}/schema").get_json()
    assert schema["properties"]["format_version"]["maximum"] == game.format_version
    page = client.get(f"/en/{game_id}/move", query_string={
        "s": permalink.encode(state), "m": permalink.encode(move)})  # fmt: skip
    assert page.status_code == 200
    link = re.search(r'href="[^"]*/check\?s=([\w-]+)"', page.get_data(as_text=True))
    assert link and permalink.decode(link.group(1))["format_version"] == game.format_version


def test_the_command_line_writes_the_new_state_with_its_format_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.cli import main

    state, move = legal_move("manhattan-project")
    (tmp_path / "s.json").write_text(json.dumps(state))
    (tmp_path / "m.json").write_text(json.dumps(move))
    main(["move", "manhattan-project", str(tmp_path / "s.json"), str(tmp_path / "m.json"),
          "--format", "json"])  # fmt: skip
    assert json.loads(capsys.readouterr().out)["state"]["format_version"] == 2


def test_an_earlier_form_read_anywhere_gives_its_notices() -> None:
    """Not only a state check: a move on a state of format 1, on the API and the page."""
    game = get_game("manhattan-project")
    state, move = legal_move("manhattan-project")
    old = json.loads(json.dumps(state))
    old["market"][0]["name"] = "University"
    client = create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_client()
    answer = client.post("/api/v1/manhattan-project/move", json={"state": old, "move": move})
    verdict = answer.get_json()
    assert [n["path"] for n in verdict["notices"]] == ["/market/0/name"]
    assert verdict["state"] == game.stamped(game.adjudicate(state, move).state)
    for path, query in [("move", {"m": permalink.encode(move)}), ("check", {})]:
        page = client.get(f"/pt/manhattan-project/{path}",
                          query_string={"s": permalink.encode(old), **query})  # fmt: skip
        html = page.get_data(as_text=True)
        assert 'id="format-notices"' in html and "formato anterior" in html, path
    fresh = client.get("/pt/manhattan-project/check", query_string={"s": permalink.encode(state)})
    assert 'id="format-notices"' not in fresh.get_data(as_text=True)


# --- table logs: exported with the format of their states, read with the same upgrade --------


def old_log() -> dict[str, Any]:
    """A Manhattan Project table exported on 2026-12-01 (no ``game_format_version``), its
    first market card with the ``name`` that format 1 took and format 2 dropped."""
    log: dict[str, Any] = sample("2026-12-01", "table-logs")["played-manhattan-project"]["log"]
    log["initial_state"]["market"][0]["name"] = "University"
    return log


def table_client(tmp_path: Path) -> Any:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}).test_client()


def test_an_export_states_the_format_of_its_states_and_reads_back_without_notices(
    tmp_path: Path,
) -> None:
    client = table_client(tmp_path)
    answer = client.post("/api/v1/tables/import", json=old_log())
    assert answer.status_code == 201
    code = answer.get_json()["code"]
    exported = client.get(f"/api/v1/tables/{code}/export").get_json()
    assert (exported["format_version"], exported["game_format_version"]) == (2, 2)
    assert "name" not in exported["initial_state"]["market"][0]
    again = client.post("/api/v1/tables/import", json=exported)
    assert again.status_code == 201 and again.get_json()["format_notices"] == []


def test_an_earlier_table_log_is_imported_with_the_notices_of_its_upgrade(
    tmp_path: Path,
) -> None:
    client = table_client(tmp_path)
    answer = client.post("/api/v1/tables/import?lang=pt", json=old_log())
    assert answer.status_code == 201
    notices = answer.get_json()["format_notices"]
    assert [n["path"] for n in notices] == ["/initial_state/market/0/name"]
    assert "formato anterior" in notices[0]["message"]
    checked = client.post("/api/v1/tables/replay", json=old_log()).get_json()
    assert [n["path"] for n in checked["format_notices"]] == ["/initial_state/market/0/name"]
    stated = {**old_log(), "format_version": 2, "game_format_version": 2}
    refused = client.post("/api/v1/tables/import", json=stated)  # format 2 has no `name`
    assert refused.status_code == 422
    assert (
        client.post("/api/v1/tables/import", json={**stated, "game_format_version": 3}).status_code
        == 422
    )


def test_the_import_page_shows_the_notices_and_the_table_it_opened(tmp_path: Path) -> None:
    client = table_client(tmp_path)
    for log, notices in [
        (old_log(), True),
        (sample("2026-12-01", "table-logs")["played-manhattan-project"]["log"], False),
    ]:
        upload = (io.BytesIO(json.dumps(log).encode()), "old.json")
        page = client.post("/pt/table/log", data={"log": upload, "action": "import"})
        if notices:
            html = page.get_data(as_text=True)
            assert page.status_code == 200 and 'id="format-notices"' in html
            assert "formato anterior" in html and 'id="opened"' in html
            link = re.search(r'id="opened">[^<]*<a href="([^"]+)"', html)
            assert link and client.get(link.group(1)).status_code == 200
        else:
            assert page.status_code == 302


def test_score_and_options_answers_carry_the_notices_of_an_earlier_format() -> None:
    game = get_game("manhattan-project")
    state = game.example("mid-game")
    old = json.loads(json.dumps(state))
    old["market"][0]["name"] = "University"
    client = create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_client()
    for path in ("score", "options"):
        answer = client.post(f"/api/v1/manhattan-project/{path}", json=old).get_json()
        assert [n["path"] for n in answer["notices"]] == ["/market/0/name"], path
        fresh = client.post(f"/api/v1/manhattan-project/{path}", json=state).get_json()
        assert fresh["notices"] == [] and {**answer, "notices": []} == fresh, path
    s = permalink.encode(old)
    for path, query in [("score", {"s": s, "run": "1"}), ("move", {"s": s, "options": "1"})]:
        html = client.get(f"/pt/manhattan-project/{path}", query_string=query).get_data(
            as_text=True
        )
        assert html.count('id="format-notices"') == 1 and "formato anterior" in html, path
