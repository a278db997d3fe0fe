"""No import loops (issue 24): every module of the spine and of each game imports alone,
in a fresh interpreter, whatever was imported before it: in the order of the files, in
reverse, and shuffled. A module that works only when another was imported first (a
registry filled by an earlier import, a loop that import order happens to resolve) fails."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "games/manhattan_project", "games/imperial", "games/quarantine")


def modules(folder: str) -> list[str]:
    """The dotted names of the modules under ``adjudicator/<folder>``, in file order."""
    base = ROOT / "adjudicator" / folder
    names = []
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def import_in_order(names: list[str]) -> subprocess.CompletedProcess[str]:
    """Import ``names`` one after the other in a fresh interpreter; the first that fails
    is named on stderr."""
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as error:\n"
        "        sys.exit(f'{name}: {type(error).__name__}: {error}')\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("package", ["manhattan_project", "imperial", "quarantine"])
def test_each_game_imports_first(package: str) -> None:
    done = import_in_order([f"adjudicator.games.{package}"])
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("folder", PACKAGES)
@pytest.mark.parametrize("order", ["reverse", "shuffled"])
def test_modules_import_in_any_order(folder: str, order: str) -> None:
    names = modules(folder)
    if order == "reverse":
        names.reverse()
    else:
        random.Random(24).shuffle(names)
    done = import_in_order(names)
    assert done.returncode == 0, done.stderr


def test_a_module_that_needs_another_first_is_caught(tmp_path: Path) -> None:
    (tmp_path / "first.py").write_text("import second\n")
    (tmp_path / "second.py").write_text("from first import VALUE\n")
    script = f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import first"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode != 0 and "ImportError" in done.stderr
