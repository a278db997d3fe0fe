"""'What may I do?' on the dispute page (issue 16): the legal actions of the player to
move, grouped by kind, each a button that fills the move editor with its move."""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.games import available_games
from web import create_app, permalink

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_web_demo import make_demo_game

#: The games with a provider today, each in a language other than English.
GAMES = {"manhattan-project": "el", "quarantine": "zh_TW", "imperial": "pt"}


def with_options() -> list[Any]:
    return [g for g in available_games() if g.options is not None and g.id in GAMES]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def listed(client: FlaskClient, game: Any, lang: str, state: Any) -> str:
    """The dispute page after "List my options" on ``state`` (the form's JSON)."""
    response = client.post(
        f"/{lang}/{game.id}/move",
        data={"action": "options", "source": "json", "json": _json(state)},
    )
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _json(data: Any) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)


def buttons(html: str) -> list[tuple[str, str]]:
    """Every option button: (its encoded move, its words)."""
    found = re.findall(
        r'<button type="submit" name="m" value="([^"]+)" class="option[^"]*"[^>]*>'
        r'<span class="words">([^<]*)</span>',
        html,
    )
    return [(move, unescape(words)) for move, words in found]


@pytest.mark.parametrize("listed_game", with_options(), ids=lambda g: g.id)
def test_the_page_lists_what_the_api_lists(client: FlaskClient, listed_game: Any) -> None:
    game = listed_game
    lang, state = GAMES[game.id], game.example()
    api = client.post(f"/api/v1/{game.id}/options?lang={lang}", json=state).get_json()
    html = listed(client, game, lang, state)
    shown = buttons(html)
    assert len(shown) == api["count"] > 0
    assert [permalink.decode(m) for m, _ in shown] == [a["move"] for a in api["actions"]]
    assert [words for _, words in shown] == [a["description"] for a in api["actions"]]
    for kind, count in api["counts"].items():
        if count:
            group = re.search(rf'<details class="option-group" data-kind="{kind}"( open)?>', html)
            assert group, kind
            assert bool(group.group(1)) == (count <= 6), kind  # long groups folded
    for note in api["notes"]:
        assert unescape(note) in unescape(html)
    assert "<script>" not in html  # no inline script (CSP)


@pytest.mark.parametrize("listed_game", with_options(), ids=lambda g: g.id)
def test_a_picked_option_fills_the_editor(client: FlaskClient, listed_game: Any) -> None:
    game = listed_game
    lang, state = GAMES[game.id], game.example()
    html = listed(client, game, lang, state)
    move, _words = buttons(html)[-1]
    s = re.search(r'class="option-picks">\s*<input type="hidden" name="s" value="([^"]+)"', html)
    assert s and permalink.decode(s.group(1)) == state
    page = client.get(
        f"/{lang}/{game.id}/move", query_string={"s": s.group(1), "m": move, "options": "1",
                                                 "fill": "1"}
    ).get_data(as_text=True)  # fmt: skip
    assert 'id="verdict"' not in page  # filled, not decided yet
    assert f'value="{move}" class="option chosen" aria-current="true"' in page
    mbase = re.search(r'name="mbase" value="([^"]+)"', page)
    assert mbase and permalink.decode(mbase.group(1)) == permalink.decode(move)
    kind = permalink.decode(move)["type"]
    assert re.search(rf'<option value="{kind}" selected>', page)
    decided = client.get(
        f"/{lang}/{game.id}/move", query_string={"s": s.group(1), "m": move}
    ).get_data(as_text=True)
    assert 'class="verdict ok"' in decided


def test_english_and_another_language(client: FlaskClient) -> None:
    game = next(iter(with_options()))
    english = listed(client, game, "en", game.example())
    other = listed(client, game, GAMES[game.id], game.example())
    assert "What may I do?" in english and "What may I do?" not in other
    assert len(buttons(english)) == len(buttons(other))
    assert [w for _, w in buttons(english)] != [w for _, w in buttons(other)]


def test_the_list_waits_for_a_tap(client: FlaskClient) -> None:
    game = next(iter(with_options()))
    html = client.get(f"/en/{game.id}/move").get_data(as_text=True)
    assert 'id="options-button"' in html and 'class="option-picks"' not in html
    shown = client.get(f"/en/{game.id}/move?options=1").get_data(as_text=True)
    assert 'class="option-picks"' in shown
    assert '<input type="hidden" name="options" value="1">' in shown  # kept on "Decide"


def test_a_broken_table_says_why(client: FlaskClient) -> None:
    game = next(iter(with_options()))
    response = client.post(
        f"/pt/{game.id}/move", data={"action": "options", "source": "json", "json": "[1]"}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Traceback" not in html
    assert re.search(r'id="options".*class="errors"', html, re.S)


def test_no_provider_no_question(tmp_path: Path) -> None:
    game = make_demo_game(tmp_path / "demo")
    client = create_app({"ADJ_GAMES": [game], "TESTING": True}).test_client()
    html = client.get("/en/demo/move?options=1").get_data(as_text=True)
    assert 'id="options"' not in html
