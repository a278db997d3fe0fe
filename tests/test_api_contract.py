"""The OpenAPI document says what the server does (reliability review: schemathesis found
an unknown ``lang`` accepted silently, the event stream declared as a JSON string, and
``options?kind=`` answering an undocumented 422)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.i18n import LANGS
from adjudicator.games import get_game
from web import create_app

from .test_table_web import PLAYERS

BASE = "/api/v1/tables"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"}).test_client()


@pytest.fixture
def doc(client: Any) -> dict[str, Any]:
    data: dict[str, Any] = client.get("/openapi.json").get_json()
    return data


def table(client: Any) -> str:
    body = {"game": "quarantine", "players": PLAYERS[:2]}
    code: str = client.post(BASE, json=body).get_json()["code"]
    return code


@pytest.mark.parametrize("lang", ["xx", "", "EN", "zh-TW", "el;x"])
def test_an_unknown_lang_is_refused_by_the_api_with_the_field_named(client: Any, lang: str) -> None:
    code = table(client)
    state = get_game("quarantine").example("setup-2p")
    for method, path, body in [
        ("GET", "/api/v1/games", None),
        ("GET", "/api/v1/quarantine/rules", None),
        ("POST", "/api/v1/quarantine/check", state),
        ("GET", f"{BASE}/{code}/log", None),
        ("GET", f"{BASE}/{code}/options", None),
    ]:
        answer = client.open(path, method=method, json=body, query_string={"lang": lang},
                             headers={"Accept-Language": "pt"})  # fmt: skip
        assert answer.status_code == 422, (path, lang)
        errors = answer.get_json()["errors"]
        assert [e["path"] for e in errors] == ["lang"]
        assert "`en`, `el`, `pt`, `zh_TW`" in errors[0]["message"]
        assert "deve" in errors[0]["message"]  # in the reader's other language (Portuguese)


def test_every_api_lang_is_accepted_and_a_page_still_falls_back(client: Any) -> None:
    for lang in LANGS:
        assert client.get("/api/v1/games", query_string={"lang": lang}).status_code == 200
    assert client.get("/en/quarantine/check?lang=xx").status_code == 200


def test_every_operation_with_a_lang_documents_its_422(doc: dict[str, Any]) -> None:
    with_lang = [
        (path, method, operation)
        for path, item in doc["paths"].items()
        for method, operation in item.items()
        if any(p["name"] == "lang" for p in operation.get("parameters", []))
    ]
    assert len(with_lang) > 20
    for path, method, operation in with_lang:
        lang = next(p for p in operation["parameters"] if p["name"] == "lang")
        assert lang["schema"]["enum"] == list(LANGS)
        schema = operation["responses"]["422"]["content"]["application/json"]["schema"]
        assert "Problem" in str(schema), (path, method)


def test_an_unknown_kind_is_a_documented_422(client: Any, doc: dict[str, Any]) -> None:
    code = table(client)
    operation = doc["paths"][f"{BASE}/{{code}}/options"]["get"]
    kinds = next(p for p in operation["parameters"] if p["name"] == "kind")["schema"]["enum"]
    assert "end_round" in kinds and "maneuver" in kinds  # every game's kinds
    assert client.get(f"{BASE}/{code}/options?kind=end_round").status_code == 200
    wrong = client.get(f"{BASE}/{code}/options?kind=maneuver")  # Imperial's, not Quarantine's
    assert wrong.status_code == 422 and "422" in operation["responses"]
    assert wrong.get_json()["errors"][0]["path"] == "/kind"
    game_kinds = doc["paths"]["/api/v1/quarantine/options"]["post"]["parameters"][0]
    assert game_kinds["name"] == "kind"
    assert game_kinds["schema"]["enum"] == list(get_game("quarantine").options.kinds)


def test_the_event_stream_is_declared_as_a_stream_not_a_string(doc: dict[str, Any]) -> None:
    content = doc["paths"][f"{BASE}/{{code}}/events"]["get"]["responses"]["200"]["content"]
    assert content == {"text/event-stream": {}}


def as_floats(data: Any) -> Any:
    """Every integer of ``data`` written as a number with a fraction of zero (``3.0``)."""
    if isinstance(data, bool):
        return data
    if isinstance(data, int):
        return float(data)
    if isinstance(data, dict):
        return {key: as_floats(value) for key, value in data.items()}
    if isinstance(data, list):
        return [as_floats(value) for value in data]
    return data


@pytest.mark.parametrize("game_id", ["imperial", "manhattan-project", "quarantine"])
def test_whole_numbers_written_3_0_are_integers_as_json_schema_says(game_id: str) -> None:
    game = get_game(game_id)
    for name in game.example_names()[:3]:
        state = game.example(name)
        assert game.check(as_floats(state)).to_json() == game.check(state).to_json(), name


def test_a_table_version_written_2_0_is_version_2(client: Any) -> None:
    code = table(client)
    answer = client.post(f"{BASE}/{code}/undo", json={"version": 1.0})
    assert answer.status_code == 400  # nothing to undo: the version itself was accepted
    refused = client.post(f"{BASE}/{code}/undo", json={"version": 1.5})
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["path"] == "/version"


def test_the_table_bodies_state_their_bounds_in_json_schema_terms(doc: dict[str, Any]) -> None:
    """(A validator placed before the bounds made pydantic write them as `ge`/`le`, which
    JSON Schema ignores: a negative version was documented as valid.)"""
    for op in ("moves", "undo", "corrections"):
        body = doc["paths"][f"{BASE}/{{code}}/{op}"]["post"]["requestBody"]
        version = body["content"]["application/json"]["schema"]["properties"]["version"]
        assert (version["minimum"], version["maximum"]) == (0, 2**31 - 1)
        assert "ge" not in version and "le" not in version


# --- the rules of one field are in the document (schemathesis.toml: only rules between fields
# make a schema-valid state malformed) --------------------------------------------------------


def state_schema_valid(doc: dict[str, Any], game_id: str, state: Any) -> bool:
    from jsonschema_rs import Draft202012Validator

    root = {"$ref": f"#/components/schemas/{game_id}.state", "components": doc["components"]}
    return bool(Draft202012Validator(root).is_valid(state))


def broken(game_id: str, change: Any) -> dict[str, Any]:
    state = get_game(game_id).example()
    change(state)
    return state


ONE_FIELD_RULES = {
    "an Imperial factory off the map": (
        "imperial", lambda s: s["nations"]["AH"]["factories"][0].update(region="atlantis")),
    "an Imperial player named like a nation": (
        "imperial", lambda s: s["players"][0].update(name="AH")),
    "a Quarantine room of another kind with a colour": (
        "quarantine", lambda s: s["players"][0]["hospital"][0].update(colour="red")),
    "a Quarantine door given twice": (
        "quarantine", lambda s: s["players"][0]["hospital"][0].update(doors=["N", "N"])),
    "a Quarantine lobby on the market": (
        "quarantine", lambda s: s["market"][0].update(kind="lobby", colour=None)),
}  # fmt: skip


@pytest.mark.parametrize("rule", sorted(ONE_FIELD_RULES))
def test_a_rule_of_one_field_is_stated_by_the_document(
    client: Any, doc: dict[str, Any], rule: str
) -> None:
    game_id, change = ONE_FIELD_RULES[rule]
    state = broken(game_id, change)
    assert not state_schema_valid(doc, game_id, state)
    assert client.post(f"/api/v1/{game_id}/check", json=state).status_code == 422


@pytest.mark.parametrize("game_id", ["imperial", "manhattan-project", "quarantine"])
def test_every_example_state_is_valid_by_the_document(doc: dict[str, Any], game_id: str) -> None:
    game = get_game(game_id)
    assert all(state_schema_valid(doc, game_id, game.example(n)) for n in game.example_names())


def test_a_boolean_is_not_a_number_of_a_choice(client: Any) -> None:
    # the sweep's finding: `"rotation": false` was read as 0 (Python's False == 0)
    state = broken("quarantine", lambda s: s["players"][0]["hospital"][0].update(rotation=False))
    refused = client.post("/api/v1/quarantine/check", json=state)
    assert refused.status_code == 422
    assert [e["path"] for e in refused.get_json()["errors"]] == ["/players/0/hospital/0/rotation"]
    log = {"format": "adjudicator-table-log", "format_version": True, "game": "quarantine",
           "initial_state": get_game("quarantine").example(), "entries": []}  # fmt: skip
    assert client.post(f"{BASE}/replay", json=log).status_code == 422
