"""The spine and the web layer know no game by name: they reach the games only through the
registry (``adjudicator.games.get_game`` / ``available_games``) and the typed ``Game``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = "adjudicator.games"


def _absolute(module: str | None, level: int, path: Path, root: Path) -> str:
    """The dotted name a (possibly relative) ``from`` import refers to."""
    if not level:
        return module or ""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def game_imports(folder: str, *, allow_registry: bool, root: Path = ROOT) -> list[str]:
    """Each import under ``folder`` of a game module (``adjudicator.games.<package>...``),
    or of the game list; ``allow_registry`` permits ``from adjudicator.games import
    get_game, available_games, UnknownGame``."""
    found = []
    for path in sorted((root / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [(a.name, ()) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = _absolute(node.module, node.level, path, root)
                targets = [(module, tuple(a.name for a in node.names))]
            else:
                continue
            for module, names in targets:
                where = f"{path.relative_to(root)}:{node.lineno}: {module}"
                if module.startswith(GAMES + ".") or (module == GAMES and not allow_registry):
                    found.append(where)
                elif module == GAMES and set(names) - {
                    "get_game",
                    "available_games",
                    "UnknownGame",
                }:
                    found.append(f"{where} import {', '.join(names)}")
    return found


def test_core_imports_no_game():
    assert game_imports("adjudicator/core", allow_registry=False) == []


def test_web_imports_no_game_module():
    assert game_imports("web", allow_registry=True) == []


def test_the_scan_sees_a_game_import(tmp_path):
    folder = tmp_path / "adjudicator" / "core"
    folder.mkdir(parents=True)
    (folder / "planted.py").write_text(
        "from ..games.imperial import board\nfrom ..games import GAME_PACKAGES\n"
        "import adjudicator.games.quarantine.geometry\n"
    )
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "ok.py").write_text(
        "from adjudicator.games import get_game\nfrom adjudicator.games import GAME_PACKAGES\n"
    )
    found = game_imports("adjudicator/core", allow_registry=False, root=tmp_path)
    assert [f.rsplit(": ", 1)[1] for f in found] == [
        "adjudicator.games.imperial",
        GAMES,
        "adjudicator.games.quarantine.geometry",
    ]
    assert game_imports("web", allow_registry=True, root=tmp_path) == [
        "web/ok.py:2: adjudicator.games import GAME_PACKAGES"
    ]


def above_core(root: Path = ROOT) -> list[str]:
    """Each import in ``adjudicator/core`` of a module outside it (the spine is the bottom
    layer: the games, the page, the docs and the tools import it, never the reverse)."""
    core = root / "adjudicator" / "core"
    found = []
    for path in sorted(core.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = _absolute(node.module, node.level, path, root)
            elif isinstance(node, ast.Import):
                module = node.names[0].name
            else:
                continue
            inside = module == "adjudicator.core" or module.startswith("adjudicator.core.")
            if module.startswith("adjudicator") and not inside:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {module}")
    return found


def test_core_imports_nothing_above_it():
    assert above_core() == []


def test_the_scan_sees_an_import_from_above_core(tmp_path):
    folder = tmp_path / "adjudicator" / "core"
    folder.mkdir(parents=True)
    (folder / "tools.py").write_text("def f():\n    from ..docs import source_dir\n")
    assert above_core(tmp_path) == ["adjudicator/core/tools.py:2: adjudicator.docs"]
