"""The editors on a phone (390 × 844): a table entered by taps and choices, every kind of
action, and axe-core on every editor page.

Run one file at a time: ``pytest -m browser tests/browser/test_editors.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator.core.game import Game
from adjudicator.games import available_games
from web import permalink

sys.path.insert(0, str(Path(__file__).resolve().parent))
from a11y import serious_axe_violations
from entry import enter_state, same_state
from swapping import submitted

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: Which language each game's entry runs in (one in Greek, one in Chinese).
ENTRY_LANG = {"manhattan-project": "el", "imperial": "zh_TW", "quarantine": "pt"}


def game_by_id(game_id: str) -> Game:
    return next(g for g in available_games() if g.id == game_id)


def normal(game: Game, data: Any) -> Any:
    return game.state_model.model_validate(data).model_dump(mode="json")


def start_from_setup(page: Page, server: str, lang: str, game: Game, players: int) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/{lang}/{game.id}/check")
    with submitted(page):
        page.locator("form.pick select[name=example]").first.select_option(f"setup-{players}p")


@pytest.mark.parametrize("game_id", list(ENTRY_LANG))
def test_enter_the_mid_game_table_by_taps(page: Page, server: str, game_id: str) -> None:
    """From the game's setup to its `mid-game` example by taps and choices alone; the
    page's verdict is then the API's verdict on the example's JSON."""
    game, lang = game_by_id(game_id), ENTRY_LANG[game_id]
    target = normal(game, game.example("mid-game"))
    start_from_setup(page, server, lang, game, len(target["players"]))
    entry = enter_state(page, game.schema("state"), target, game=game.id)
    assert entry.counts["typing"] == 0 or entry.typed, entry
    with submitted(page):
        page.locator("#check-button").click()
    href = page.locator("#permalink").get_attribute("href") or ""
    entered = permalink.decode(re.search(r"[?&]s=([^&]+)", href).group(1))  # type: ignore[union-attr]
    assert same_state(game.id, normal(game, entered)) == same_state(game.id, target)
    api = page.request.post(f"{server}/api/v1/{game.id}/check", data=game.example("mid-game"))
    expected = sorted(v["rule"] for v in api.json()["violations"])
    shown = sorted(page.locator("li.violation").evaluate_all("els => els.map(e => e.dataset.rule)"))
    assert shown == expected
    expect(page.locator("#verdict")).to_have_class(re.compile("ok" if not expected else "bad"))
    print(f"\n{game.id} ({lang}): {entry.interactions} interactions {dict(entry.counts)}")


EDITOR_PAGES = [(g, p) for g in ENTRY_LANG for p in ("check", "move", "score")]


@pytest.mark.parametrize(("game_id", "which"), EDITOR_PAGES)
def test_editor_pages_have_no_serious_accessibility_problem(
    page: Page, server: str, game_id: str, which: str
) -> None:
    """axe-core (serious and critical) on each editor page at phone width, fresh and with a
    verdict (the check pages list violations with links to their fields)."""
    lang = ENTRY_LANG[game_id]
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/{lang}/{game_id}/{which}?example=mid-game")
    assert serious_axe_violations(page) == []
    button = {"check": "#check-button", "move": "#decide-button", "score": "#score-button"}
    with submitted(page):
        page.locator(button[which]).click()
    expect(page.locator("#verdict, #errors").first).to_be_visible()
    assert serious_axe_violations(page) == []
