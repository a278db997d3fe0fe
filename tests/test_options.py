"""What the player to move may do (issue 16): the CLI, the API and the core contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from adjudicator.cli import main
from adjudicator.core.errors import MalformedInput
from adjudicator.core.leaks import LeakDetector
from adjudicator.games import get_game
from web import create_app

MP = "manhattan-project"


@pytest.fixture
def mid_game(tmp_path: Path) -> Path:
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(get_game(MP).example("mid-game")), encoding="utf-8")
    return path


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def test_every_listed_action_is_legal_and_said_in_words() -> None:
    game = get_game(MP)
    state = game.example("mid-game")
    found = game.options_of(state)
    assert found.actions
    for action in found.actions:
        assert game.adjudicate(state, action.move).legal, action.move
    detector = LeakDetector.for_game(game)
    for lang in ("el", "zh_TW"):
        said = found.to_json(lang)
        for action in said["actions"]:
            assert not detector.scan(action["description"], lang), action
        assert said["notes"], "Design Bomb's absence must be said"


def test_unknown_kind_names_the_field() -> None:
    with pytest.raises(MalformedInput) as caught:
        get_game(MP).options_of(get_game(MP).example("mid-game"), "castle")
    assert [e.path for e in caught.value.errors] == ["/kind"]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_cli_lists_the_actions_by_kind(capsys, mid_game: Path, lang: str) -> None:
    assert main(["options", MP, str(mid_game), "--lang", lang, "--kind", "repair"]) == 0
    text = capsys.readouterr().out
    head = {"en": "legal actions:", "el": "νόμιμες ενέργειες:"}[lang]
    assert head in text
    assert "repair" not in text if lang == "el" else "Repair 1 damage point of" in text


@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW"])
def test_each_listed_action_is_its_own_sentence(lang: str) -> None:
    """Two listed actions never read the same (an own worker and a contractor on one space,
    a university's gain taken as contractors or not, a building staffed by other pieces), and
    each is a sentence: it starts with a capital letter (or a CJK character) and ends in a
    full stop."""
    game = get_game(MP)
    for name in game.example_names():
        said = [
            a["description"] for a in game.options_of(game.example(name)).to_json(lang)["actions"]
        ]
        assert len(said) == len(set(said)), [s for s in said if said.count(s) > 1]
        for text in said:
            assert not text[0].islower() and text[-1] in ".。", text


def test_cli_json_and_malformed_input(capsys, mid_game: Path, tmp_path: Path) -> None:
    assert main(["options", MP, str(mid_game), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == len(data["actions"]) == sum(data["counts"].values())
    assert main(["options", MP, str(mid_game), "--kind", "castle", "--format", "json"]) == 2
    assert [e["path"] for e in json.loads(capsys.readouterr().out)["errors"]] == ["/kind"]
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 3}', encoding="utf-8")
    assert main(["options", MP, str(bad), "--format", "json"]) == 2
    paths = {e["path"] for e in json.loads(capsys.readouterr().out)["errors"]}
    assert "/players" in paths


@pytest.mark.parametrize("lang", ["pt", "zh_TW"])
def test_api_lists_the_actions(client: FlaskClient, lang: str) -> None:
    state = get_game(MP).example("mid-game")
    answer = client.post(f"/api/v1/{MP}/options?kind=air_strike&lang={lang}", json=state)
    assert answer.status_code == 200
    data = answer.get_json()
    assert set(data["counts"]) == {"air_strike"} and data["count"] > 0
    assert all(a["move"]["type"] == "air_strike" for a in data["actions"])
    assert not any("air_strike" in a["description"] for a in data["actions"])


def test_api_malformed_and_unknown_kind(client: FlaskClient) -> None:
    state = get_game(MP).example("mid-game")
    answer = client.post(f"/api/v1/{MP}/options?kind=castle", json=state)
    assert answer.status_code == 422
    assert [e["path"] for e in answer.get_json()["errors"]] == ["/kind"]
    answer = client.post(f"/api/v1/{MP}/options", data=b"{not json")
    assert answer.status_code == 422 and answer.get_json()["errors"]


def test_openapi_lists_the_options_endpoint(client: FlaskClient) -> None:
    doc = client.get("/openapi.json").get_json()
    path = doc["paths"][f"/api/v1/{MP}/options"]["post"]
    assert {p["name"] for p in path["parameters"]} == {"kind", "lang"}
    assert "Options" in doc["components"]["schemas"]


def test_a_working_triage_offers_a_whole_reorder_entry() -> None:
    """Issue 25: with a working Triage the whole line may be reordered; the list gives one
    reorder entry that says any order may be chosen inside it (and every such order is
    legal), besides the one-patient moves."""
    game = get_game("quarantine")
    state = game.example("mid-game")
    state["players"][0]["hospital"][5]["kind"] = "triage"
    state["market"][2]["count"], state["market"][0]["count"] = 0, 2
    state["players"][0]["line"] = ["blue", "yellow", "red", "green"]
    state["bag"]["red"], state["bag"]["green"] = 14, 17
    said = game.options_of(state, "move_patients").to_json("en")
    whole = [a for a in said["actions"] if a["choose"]]
    assert len(whole) == len(said["actions"]) and whole[0]["move"]["line"] == [
        "blue",
        "red",
        "green",
        "yellow",
    ]
    assert whole[0]["choose"] == {
        "field": "line",
        "order": "any",
        "among": ["blue", "yellow", "red", "green"],
    }
    assert game.adjudicate(
        state, {"type": "move_patients", "line": ["green", "red", "yellow", "blue"]}
    ).legal
    state["players"][0]["hospital"][5]["kind"] = "supply_room"
    state["market"][2]["count"], state["market"][0]["count"] = 1, 1
    plain = game.options_of(state, "move_patients").to_json("en")
    assert plain["actions"] and not any(a["choose"] for a in plain["actions"])


def test_imperial_options_give_the_piece_and_its_destination() -> None:
    """The structured place of each option (for a picture to mark, issue 26)."""
    game = get_game("imperial")
    said = game.options_of(game.example("mid-game"), "maneuver").to_json("en")
    army = next(a for a in said["actions"] if a["move"].get("armies"))
    route = army["move"]["armies"][0]["route"]
    assert army["piece"] == {"nation": "AH", "kind": "army", "region": route[0]}
    assert army["to"] == [route[-1]]
