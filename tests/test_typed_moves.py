"""Move checks are typed by their move class: every move and effect check annotates its
``move`` parameter with a move class or a union of them (a check of every move names the
game's whole move union), and no decorator lists move types by hand."""

from __future__ import annotations

import ast
from pathlib import Path

from adjudicator.core.checks import Kind, annotated_move_types
from adjudicator.core.game import Game


def test_every_move_check_is_typed(game: Game) -> None:
    untyped = [
        check.id
        for check in [*game.checks.of_kind(Kind.MOVE), *game.checks.of_kind(Kind.EFFECT)]
        if annotated_move_types(check.func) is None
    ]
    assert untyped == []


def listed_move_types(folder: Path) -> list[str]:
    """Each ``@<registry>.move(..., moves=...)`` or ``.effect(..., moves=...)`` under folder."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("move", "effect")
                and any(k.arg == "moves" for k in node.keywords)
            ):
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_check_lists_its_move_types(game: Game) -> None:
    assert listed_move_types(game.package_dir) == []


def test_the_scan_sees_a_listed_move_type(tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text(
        '@checks.move("XX-1", title="t", moves=("take",))\ndef f(state, move): ...\n'
    )
    assert listed_move_types(tmp_path) == ["rules.py:1"]
