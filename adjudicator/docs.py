"""Build the reference: one Sphinx HTML tree per language, warnings as errors.

Each language runs as its own ``sphinx-build`` process with its own doctree folder, so
that the languages build in parallel and rebuild incrementally.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .core.i18n import LANGS


def source_dir() -> Path:
    """The ``docs/`` folder: at the checkout's root, or inside an installed wheel."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "docs", package / "_docs"):
        if (candidate / "conf.py").is_file():
            return candidate
    raise FileNotFoundError("the docs/ source folder is missing")


def sphinx_command(out: Path, lang: str, *, fresh: bool = False) -> list[str]:
    doctrees = out.parent / ".doctrees" / lang
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-W",
        "--keep-going",
        "-n",
        "-q",
        "-D",
        f"language={lang}",
        "-d",
        str(doctrees),
        str(source_dir()),
        str(out / lang),
    ]
    if fresh:
        command.insert(3, "-E")
    return command


#: ``progress(lang, fraction, step)``: how far one language's build is, from 0.0 to 1.0,
#: and what it is doing now, in a few words (``"writing the pages"``).
Progress = Callable[[str, float, str], None]

#: Sphinx's own progress lines: ``reading sources... [ 33%] index``.
_STEP = re.compile(r"^(reading sources|writing output)\.\.\. \[\s*(\d+)%\]")
#: Another step Sphinx (or a hook of ours) announces: ``dumping search index in ...``.
_OTHER_STEP = re.compile(r"^([a-z][a-z ]{3,60}?)(?: in [A-Za-z ]+ \(code: \w+\))?\.\.\.")
#: The steps that take time, in a reader's words (Sphinx's many quick steps are not said).
STEP_WORDS = {
    "reading sources": "reading the sources",
    "writing output": "writing the pages",
    "dumping search index": "indexing the pages for the search box",
    "writing the rule search": "writing the rule search",
}


def step_of(line: str) -> tuple[str, float | None] | None:
    """The step a line of Sphinx's output announces, with how far the build is (reading
    is the first half of the work, writing the second) when the line says it."""
    found = _STEP.match(line)
    if found:
        half = 0.0 if found.group(1) == "reading sources" else 0.5
        return STEP_WORDS[found.group(1)], half + int(found.group(2)) / 200
    other = _OTHER_STEP.match(line)
    if other and other.group(1) in STEP_WORDS and other.group(1) not in _STEP.pattern:
        return STEP_WORDS[other.group(1)], None
    return None


def build_one(
    out: Path, lang: str, *, fresh: bool = False, progress: Progress | None = None
) -> tuple[int, float]:
    start = time.perf_counter()
    env = dict(os.environ, PYTHONHASHSEED="0")
    command = sphinx_command(out, lang, fresh=fresh)
    if progress is None:
        result = subprocess.run(command, env=env, check=False)
        return result.returncode, time.perf_counter() - start
    command.remove("-q")  # Sphinx then prints a line per page read and written
    progress(lang, 0.0, "starting")
    fraction = 0.0
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, text=True, errors="replace"
    ) as process:
        assert process.stdout is not None
        pages = False  # Sphinx first compiles the catalogs, with "writing output" lines too
        for line in process.stdout:
            pages = pages or line.startswith(("building [html]", "reading sources"))
            step = step_of(line) if pages else None
            if step is not None:
                fraction = max(fraction, step[1] if step[1] is not None else fraction)
                progress(lang, fraction, step[0])
    progress(lang, 1.0, "done" if process.returncode == 0 else "failed")
    return process.returncode, time.perf_counter() - start


def build_docs(
    out: Path,
    langs: Sequence[str] = LANGS,
    *,
    jobs: int = 2,
    fresh: bool = False,
    progress: Progress | None = None,
) -> dict[str, tuple[int, float]]:
    """Build ``langs`` into ``out/<lang>/``; returns each language's exit code and seconds.

    ``progress``, when given, hears how far each language is (Sphinx's own steps).
    """
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {
            lang: pool.submit(build_one, out, lang, fresh=fresh, progress=progress)
            for lang in langs
        }
        return {lang: future.result() for lang, future in futures.items()}
