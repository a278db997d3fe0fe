"""Writing a language's index: the FTS5 tables of the analysed rules, and what queries
need beside them (the Chinese query dictionary, the spelling dictionary).

Each rule of each game is a row of three FTS5 tables of its language: ``heads`` (its ID
and title), ``aliases`` (the words players use for it) and ``bodies`` (its text), already
analysed in Python, one token per word (see :mod:`.analysis`), filler words left out.
The tables are stored per language in ``<docs>/<lang>/rules-search.sqlite3`` by the docs
build; a file whose fingerprint differs from the code and data's is not used.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.i18n import gettext, locale_dir
from .analysis import HAN, fold
from .lexicon import WORDS_FILE
from .weights import TABLES

if TYPE_CHECKING:
    from ..core.catalog import Rule
    from ..core.game import Game
    from .query import QueryParser

HERE = Path(__file__).resolve().parent


def rule_rows(game: Game, lang: str) -> Iterable[tuple[Rule, str, str, str]]:
    """Each rule's title, text and aliases (one line) in ``lang``."""
    for rule in game.catalog:
        title, text = gettext(game.domain, lang, rule.title), gettext(game.domain, lang, rule.text)
        yield rule, title, text, " ; ".join(game.also_called(rule.id, lang))


def fingerprint(games: Sequence[Game], lang: str) -> str:
    """A hash of everything an index of ``lang`` is made from, code included."""
    digest = hashlib.sha256(lang.encode())
    files = [*sorted(HERE.glob("*.py")), WORDS_FILE]
    for game in games:
        files += [game.package_dir / name for name in ("rules.toml", "glossary.toml")]
        files.append(game.package_dir / "aliases.toml")
        files.append(locale_dir() / lang / "LC_MESSAGES" / f"{game.domain}.po")
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()


def open_index(path: Path, stamp: str) -> sqlite3.Connection | None:
    """The index file at ``path``, read-only, if it has the fingerprint ``stamp``."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        (found,) = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
    except sqlite3.Error:
        return None
    return db if found == stamp else None


def build_index(
    parser: QueryParser, games: Sequence[Game], path: Path | None
) -> sqlite3.Connection:
    """Index every rule of the games, in memory or into the file at ``path``."""
    target = ":memory:"
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        target = str(path.with_suffix(".tmp"))
        Path(target).unlink(missing_ok=True)
    db = sqlite3.connect(target, check_same_thread=False)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    for table, _weight in TABLES:
        db.execute(
            f"CREATE VIRTUAL TABLE {table} USING fts5(game UNINDEXED, rule UNINDEXED, "
            "words, tokenize = 'unicode61 remove_diacritics 0')"
        )
    heads, aliases, bodies = [], [], []
    for game in games:
        for rule, title, text, also in rule_rows(game, parser.lang):
            ids = f"{fold(rule.id).replace('-', '')} {rule.id.rsplit('-', 1)[-1]}"
            heads.append((game.id, rule.id, f"{ids} {parser.text(title)}"))
            aliases.append((game.id, rule.id, parser.text(also)))
            bodies.append((game.id, rule.id, parser.text(text)))
    for table, rows in (("heads", heads), ("aliases", aliases), ("bodies", bodies)):
        db.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", rows)
    words = query_dictionary(parser, (row[2] for row in heads + aliases + bodies))
    db.execute("INSERT INTO meta VALUES ('query_words', ?)", (json.dumps(words),))
    known = json.dumps(spelling(parser, [rule_rows(g, parser.lang) for g in games]))
    db.execute("INSERT INTO meta VALUES ('spelling', ?)", (known,))
    db.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (fingerprint(games, parser.lang),))
    db.commit()
    if path is None:
        return db
    db.close()
    os.replace(target, path)
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)


def query_dictionary(parser: QueryParser, rows: Iterable[str]) -> dict[str, int]:
    """Chinese: the words of the index, the concepts and the filler words, with jieba's
    frequencies (the dictionary queries are segmented with)."""
    segmenter = parser.analyzer.segmenter
    if segmenter is None:
        return {}
    vocabulary = {token for row in rows for token in row.split()}
    vocabulary |= {key[0] for key in parser.fillers}
    for concepts in parser.concepts.values():
        for concept in concepts:
            for _lang, word in concept.all_words():
                vocabulary.update(w.key for w in parser.analyzer.words(word, search=True))
    return segmenter.frequencies(w for w in vocabulary if HAN.fullmatch(w))


def spelling(
    parser: QueryParser, games: Iterable[Iterable[tuple[Rule, str, str, str]]]
) -> dict[str, Any]:
    """The spelling dictionary: each folded word of the rules, their aliases and the
    concepts, with its token and how often it occurs (none in Chinese)."""
    if parser.analyzer.segmenter is not None:
        return {}
    texts = [" ".join(row[1:]) for rows in games for row in rows]
    texts += [w for cs in parser.concepts.values() for c in cs for _l, w in c.all_words()]
    counts: dict[str, list[Any]] = {}
    for text in texts:
        for word in parser.analyzer.words(text):
            if word.key.isalpha() and word.key not in parser.stop:
                counts.setdefault(word.key, [word.token, 0])[1] += 1
    return dict(sorted(counts.items()))
