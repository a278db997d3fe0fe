"""Look a rule up the way a player asks: by its ID, or by words, in any of the languages.

One search serves the command line (``rules --search``), the API, the page and the
reference. It runs on SQLite FTS5 (BM25, the title weighted above the text) over text
analysed per language (:mod:`.analysis`): accents and case are ignored, Greek,
Portuguese and English words are stemmed, Chinese is segmented with jieba and the
games' glossaries. Any word may match: a rule that matches more of the query ranks
higher, and an unknown word takes nothing away. Filler words (``how many``, ``πόσα``,
``quantos``, ``多少`` …, in ``words.toml``) are dropped, and the glossaries' words and
synonyms lead to their concept's rules (:mod:`.concepts`).

    >>> from adjudicator.games import get_game
    >>> results = search(get_game("quarantine"), "tie", "en")
    >>> results.hits[0].rule.id, results.hits[0].matched
    ('QU-802', ('tie',))
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .analysis import fold
from .engine import INDEX_NAME, Hit, Results, SearchIndex, write_index

if TYPE_CHECKING:
    from ..core.catalog import Rule
    from ..core.game import Game

__all__ = [
    "INDEX_NAME",
    "Hit",
    "Results",
    "SearchIndex",
    "default_docs_dir",
    "fold",
    "index_for",
    "search",
    "search_rules",
    "write_index",
]

_indexes: dict[tuple[str, ...], SearchIndex] = {}
_lock = threading.Lock()


def default_docs_dir() -> Path:
    """Where the docs build leaves the index files: ``$ADJUDICATOR_DOCS_DIR`` or the
    checkout's ``docs/_build/html``."""
    root = Path(__file__).resolve().parents[2]
    return Path(os.environ.get("ADJUDICATOR_DOCS_DIR") or root / "docs" / "_build" / "html")


def index_for(game: Game, docs_dir: Path | None = None) -> SearchIndex:
    """The shared index of every game present (or of ``game`` alone when it is not one of
    them), made once per process and per docs folder."""
    from ..games import available_games

    games = list(available_games())
    if all(g.id != game.id for g in games):
        games = [game]
    folder = docs_dir or default_docs_dir()
    key = (str(folder), *(g.id for g in games))
    with _lock:
        if key not in _indexes:
            _indexes[key] = SearchIndex(games, folder)
        return _indexes[key]


def search(game: Game, text: str, lang: str = "en", docs_dir: Path | None = None) -> Results:
    """The rules of ``game`` for ``text`` in ``lang``, best first, each with its matched
    words; a query that finds nothing suggests the closest glossary terms."""
    return index_for(game, docs_dir).search(game, text, lang)


def search_rules(game: Game, text: str, lang: str = "en") -> list[Rule]:
    """The rules of ``game`` matching ``text``, best first."""
    return search(game, text, lang).rules
