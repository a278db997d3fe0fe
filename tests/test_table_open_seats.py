"""The form that opens a shared table."""

from __future__ import annotations

import pytest

from web import create_app


@pytest.mark.parametrize(
    ("game_id", "seats"), [("manhattan-project", 5), ("imperial", 6), ("quarantine", 4)]
)
def test_the_open_form_offers_the_games_seats(game_id: str, seats: int) -> None:
    """The form to open a table offers as many seats as the game's largest setup (the
    Manhattan Project's form offered a sixth seat)."""
    html = create_app({"TESTING": True}).test_client().get(f"/en/table/?game={game_id}").text
    assert html.count('name="name"') == seats
