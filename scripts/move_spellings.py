#!/usr/bin/env python3
"""For every game, how many of its files spell each move type as a string (issue 24: a
kind of move is one module). Prints one line a game, and with ``-v`` one a move type.

    .venv/bin/python scripts/move_spellings.py [-v]
"""

from __future__ import annotations

import sys

from adjudicator.core.spellings import spread
from adjudicator.games import available_games


def main(verbose: bool) -> None:
    print(f"{'game':<20} {'types':>5} {'median':>6} {'max':>4}")
    for game in available_games():
        found = spread(game.package_dir, game.move_types)
        print(f"{game.id:<20} {len(game.move_types):>5} {found.median:>6} {found.most:>4}")
        if verbose:
            for move_type, files in found.files.items():
                print(f"    {move_type:<18} {len(files)}  {' '.join(files)}")


if __name__ == "__main__":
    main("-v" in sys.argv[1:])
