"""'Or a copy of:' on the state editors (issue 26): a card or a tile the table already shows is
added to another list of its kind in one choice (the page's script sends the choice)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.games import available_games
from web import create_app, permalink
from web.copies import add_copy, copy_choices


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def base_of(html: str) -> Any:
    found = re.search(r'name="base" value="([^"]*)"', html)
    assert found
    return permalink.decode(found.group(1))


def offered(html: str, into: str) -> list[tuple[str, str]]:
    """The items the list at ``into`` may copy: (pointer, words)."""
    kind = re.search(rf'data-copy-into="{re.escape(into)}" data-from="([^"]+)"', html)
    assert kind, into
    box = re.search(rf'<template id="{kind.group(1)}">(.*?)</template>', html, re.S)
    assert box
    return re.findall(r'<option value="([^"]+)">([^<]+)</option>', box.group(1))


@pytest.mark.parametrize(("lang", "word"), [("el", "Πανεπιστήμιο"), ("zh_TW", "大學")])
def test_a_market_card_is_copied_to_a_player(client: FlaskClient, lang: str, word: str) -> None:
    html = client.get(f"/{lang}/manhattan-project/check?example=setup-3p").get_data(as_text=True)
    choices = offered(html, "/players/0/buildings")
    assert any(word in text for _where, text in choices)
    assert 'data-copy-into="/players"' not in html  # a player is not copied
    data = base_of(html)
    answer = client.post(
        f"/{lang}/manhattan-project/check",
        data={"base": permalink.encode(data), "action": "copy:/players/0/buildings=/market/2"},
    )
    after = base_of(answer.get_data(as_text=True))
    card = after["players"][0]["buildings"][0]
    assert {k: card[k] for k in data["market"][2]} == data["market"][2]
    assert after["market"] == data["market"]  # a copy: the market keeps its card
    assert 'id="verdict"' not in answer.get_data(as_text=True)  # an edit, not a check


def test_a_bomb_card_is_copied_to_a_hand(client: FlaskClient) -> None:
    html = client.get("/pt/manhattan-project/check?example=setup-2p").get_data(as_text=True)
    data = base_of(html)
    assert "/bomb_row/0" in dict(offered(html, "/players/0/hand"))
    answer = client.post(
        "/pt/manhattan-project/check",
        data={"base": permalink.encode(data), "action": "copy:/players/0/hand=/bomb_row/0"},
    )
    assert base_of(answer.get_data(as_text=True))["players"][0]["hand"] == [data["bomb_row"][0]]


@pytest.mark.parametrize("lang", ["el", "pt"])
def test_a_bomb_is_built_from_a_design_card_in_one_choice(client: FlaskClient, lang: str) -> None:
    """A built bomb holds its design card: "Or a copy of:" on a player's bombs offers the
    bomb cards on the table (hands, the row) and adds a bomb holding the card chosen."""
    html = client.get(f"/{lang}/manhattan-project/check?example=mid-game").get_data(as_text=True)
    data = base_of(html)
    choices = dict(offered(html, "/players/2/bombs"))  # (the active player: unfolded)
    assert re.search(
        r'id="s-players-2-bombs-0"[^>]*><span class="title">1\. \w', html
    )  # (its card)
    assert {"/players/2/hand/0", "/bomb_row/0"} <= set(choices)
    assert not any("/buildings" in where for where in choices)
    answer = client.post(
        f"/{lang}/manhattan-project/check",
        data={"base": permalink.encode(data), "action": "copy:/players/2/bombs=/players/2/hand/0"},
    )
    bombs = base_of(answer.get_data(as_text=True))["players"][2]["bombs"]
    assert bombs[-1] == {"card": data["players"][2]["hand"][0]}


def test_equal_items_are_offered_once_and_a_wrong_choice_changes_nothing() -> None:
    game = next(g for g in available_games() if g.id == "quarantine")
    data = game.state_model.model_validate(game.example("mid-game")).model_dump(mode="json")
    schema = game.schema("state")
    lists, kinds = copy_choices(schema, data, lambda where: where)
    tiles = [where for where, _words in kinds[lists["/players/0/hospital"]]]
    added = [add_copy(data, f"/players/0/hospital={w}", schema)[0] for w in tiles]
    items = [a["players"][0]["hospital"][-1] for a in added]
    assert len(items) == len({repr(i) for i in items}) > 4
    assert add_copy(data, "/players/0/hospital=/players/9/hospital/0", schema) == (data, "")
    assert add_copy(data, "/nowhere=/players/0/hospital/0", schema) == (data, "")


@pytest.mark.parametrize(("lang", "word"), [("pt", "vermelho"), ("zh_TW", "紅")])
def test_a_plain_choice_is_added_in_one_choice(client: FlaskClient, lang: str, word: str) -> None:
    """ "Or add:" beside a list of plain choices (a waiting line's cubes) adds the value
    chosen at once; a value the list cannot hold changes nothing."""
    html = client.get(f"/{lang}/quarantine/check?example=mid-game").get_data(as_text=True)
    chooser = re.search(r'<select data-add-into="s/players/0/line"[^>]*>(.*?)</select>', html, re.S)
    assert chooser and word in chooser.group(1)
    data = base_of(html)

    def added(value: str) -> Any:
        answer = client.post(
            f"/{lang}/quarantine/check",
            data={"base": permalink.encode(data), "action": f"add:s/players/0/line={value}"},
        )
        return base_of(answer.get_data(as_text=True))["players"][0]["line"]

    assert added('"red"') == [*data["players"][0]["line"], "red"]
    assert added('"pink"') == data["players"][0]["line"]
    assert added("7") == data["players"][0]["line"]
