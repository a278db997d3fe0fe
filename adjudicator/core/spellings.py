"""How scattered a game's moves are: for each move type, the files of the game's package
that spell it as a string. A kind of move kept in one module (:mod:`.moves`) is spelt in
that module and in few others; ``scripts/move_spellings.py`` prints the figures."""

from __future__ import annotations

import ast
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


def strings_in(path: Path) -> set[str]:
    """Every string constant of a Python file (a docstring too; a comment is none)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def spelt_in(package_dir: Path, move_types: Iterable[str]) -> dict[str, list[str]]:
    """For each move type, the ``.py`` files under ``package_dir`` (relative, sorted) that
    spell it as a string."""
    types = list(move_types)
    found: dict[str, list[str]] = {t: [] for t in types}
    for path in sorted(package_dir.rglob("*.py")):
        strings = strings_in(path)
        for t in types:
            if t in strings:
                found[t].append(path.relative_to(package_dir).as_posix())
    return found


@dataclass(frozen=True)
class Spread:
    """How many files spell a game's move types: the median and the most."""

    median: float
    most: int
    files: dict[str, list[str]]


def spread(package_dir: Path, move_types: Iterable[str]) -> Spread:
    files = spelt_in(package_dir, move_types)
    counts = [len(v) for v in files.values()] or [0]
    return Spread(statistics.median(counts), max(counts), files)
