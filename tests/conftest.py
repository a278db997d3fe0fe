from __future__ import annotations

import pytest

from adjudicator.games import available_games


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        games = available_games()
        metafunc.parametrize("game", games, ids=[g.id for g in games])
    if "case_and_game" in metafunc.fixturenames:
        pairs = [(g, c) for g in available_games() for c in g.cases]
        metafunc.parametrize("case_and_game", pairs, ids=[c.id for _, c in pairs])
