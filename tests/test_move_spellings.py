"""A kind of move is one module (issue 24): for every move type of a game, the median
number of the game's files that spell it as a string is at most 2, and the most 4
(``scripts/move_spellings.py`` prints the figures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spellings import spread
from adjudicator.games import get_game


@pytest.mark.parametrize("game_id", ["manhattan-project", "imperial", "quarantine"])
def test_each_move_type_is_spelt_in_few_files(game_id: str) -> None:
    game = get_game(game_id)
    found = spread(game.package_dir, game.move_types)
    worst = {t: f for t, f in found.files.items() if len(f) > 4}
    assert found.median <= 2 and not worst, (found.median, worst)


def test_the_count_sees_every_file_that_spells_a_type(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.py", "b.py", "sub/c.py", "d.py", "e.py"):
        (tmp_path / name).write_text('KIND = {"type": "jump"}\n"""walk"""\n')
    (tmp_path / "f.py").write_text("# jump\nx = 'jumping'\n")
    found = spread(tmp_path, ["jump", "walk", "run"])
    assert found.files["jump"] == ["a.py", "b.py", "d.py", "e.py", "sub/c.py"]
    assert len(found.files["walk"]) == 5 and found.files["run"] == []
    assert (found.median, found.most) == (5, 5)
