"""The rule search: SQLite FTS5 over the analysed rules, one index per language.

The rules are indexed by :mod:`.indexing` and a query is read as groups of words by
:mod:`.query`. Each group is an FTS5 query of its own (an OR of its phrases) over the
titles, the aliases and the texts, ranked by BM25 with the weights of :mod:`.weights`;
a rule matched by more groups comes first, then by the sum of its BM25 scores. An
unknown word matches nothing and takes nothing away.

When a language's index file is missing or out of date, the language is indexed in
memory the first time it is searched.
"""

from __future__ import annotations

import difflib
import json
import re
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.i18n import normalize_lang
from .analysis import fold
from .indexing import build_index, fingerprint, open_index
from .query import FULL, Group, QueryParser
from .weights import CLOSE, GENERAL_FACTOR, INVENTORY_SECTION, MORE_WEIGHT, SUGGESTIONS, TABLES

if TYPE_CHECKING:
    from ..core.catalog import Rule
    from ..core.game import Game

INDEX_NAME = "rules-search.sqlite3"
_RULE_ID = re.compile(r"^\s*([A-Za-z]{2,3})[\s_-]?(\d{3})\s*$")


@dataclass(frozen=True)
class Hit:
    rule: Rule
    #: The query's words that found the rule, as typed.
    matched: tuple[str, ...]
    score: float


@dataclass(frozen=True)
class Results:
    query: str
    lang: str
    hits: tuple[Hit, ...]
    #: Glossary terms (in the query's language) close to the words of a query that
    #: found nothing.
    suggestions: tuple[str, ...] = ()
    #: The filler words that were left out of the query.
    ignored: tuple[str, ...] = ()

    @property
    def rules(self) -> list[Rule]:
        return [hit.rule for hit in self.hits]


@dataclass
class _Tally:
    """A rule's share of the query's groups, BM25 sum (negative: lower is better) and
    matched words."""

    share: float = 0.0
    score: float = 0.0
    labels: list[str] = field(default_factory=list)

    def rank(self, total: float) -> float:
        """The BM25 sum times the squared share of the query the rule holds (lower is
        better): a rule that holds every word of a question ranks above one that holds
        a rare word of it, unless that word is far rarer."""
        held = self.share / total
        return self.score * (held * held)


class LanguageIndex(QueryParser):
    """The FTS5 tables of one language, and what analyses its queries."""

    def __init__(
        self, games: Sequence[Game], lang: str, path: Path | None = None, *, write: bool = False
    ) -> None:
        super().__init__(games, lang)
        self.games = {game.id: game for game in games}
        #: Each game's rules by ID, and their places in the catalog (the last sort key).
        self.rules = {g.id: {r.id: (i, r) for i, r in enumerate(g.catalog)} for g in games}
        #: Each game's rules that list its components (:data:`.weights.INVENTORY_SECTION`).
        self.inventory = {
            g.id: frozenset(r.id for r in g.catalog if r.section == INVENTORY_SECTION)
            for g in games
        }
        self._lock = threading.Lock()
        self.db: sqlite3.Connection | None = None
        if not write and path is not None:
            self.db = open_index(path, fingerprint(games, lang))
        if self.db is None:
            self.db = build_index(self, games, path if write else None)
        self.use_index(self.query_words(), self._meta("spelling"))

    def query_words(self) -> dict[str, int]:
        """The Chinese query dictionary stored with the index (word -> frequency)."""
        return dict(self._meta("query_words"))

    def _meta(self, key: str) -> Any:
        assert self.db is not None
        (value,) = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return json.loads(value)

    def export(self) -> dict[str, Any]:
        """Everything the reference's search page needs to search exactly like this index
        (:func:`.export.export_index`)."""
        from .export import export_index

        return export_index(self)

    def search(self, game: Game, text: str) -> Results:
        query = self.parse(game.id, text)
        found: dict[str, _Tally] = {}
        with self._lock:
            # The soft groups last: they only rank the rules the others found.
            for group in sorted(query.groups, key=lambda g: g.soft):
                parts = ((group.own, group.weight), (group.more, group.weight * MORE_WEIGHT))
                only = set(found) if group.soft else None
                for rule_id, score in self._scores(parts, game.id, only, group.tables).items():
                    if group.soft:
                        found[rule_id].score += score
                        continue
                    tally = found.setdefault(rule_id, _Tally())
                    tally.share += query.share(group)
                    tally.score += score
                    tally.labels.append(group.label)
        for rule_id in self.general(game, query.broad()) & found.keys():
            found[rule_id].score *= GENERAL_FACTOR
        rules, total = self.rules[game.id], query.total()
        ranked = sorted(found.items(), key=lambda kv: (kv[1].rank(total), rules[kv[0]][0]))
        hits = [
            Hit(rules[rule_id][1], tuple(dict.fromkeys(tally.labels)), -tally.rank(total))
            for rule_id, tally in ranked
        ]
        suggestions = () if hits else self.suggest(game.id, query.groups)
        return Results(text, self.lang, tuple(hits), suggestions, tuple(query.ignored))

    def general(self, game: Game, broad: bool) -> frozenset[str]:
        """The rules ranked below the others: the game's general rules and, for a broad
        question (:meth:`.query.Parsed.broad`), its inventory rules."""
        return game.general_rules | (self.inventory[game.id] if broad else frozenset())

    def _scores(
        self,
        parts: Iterable[tuple[Sequence[tuple[str, ...]], float]],
        game_id: str,
        only: set[str] | None = None,
        tables: tuple[str, ...] = FULL,
    ) -> dict[str, float]:
        """Each rule's BM25 score (negative: lower is better) for any phrase of each part,
        times its weight, summed over the tables and parts; ``only`` those rules when given."""
        selects, params = [], []
        among = f" AND rule IN ({', '.join('?' * len(only))})" if only else ""
        for number, (phrases, weight) in enumerate(parts):
            if not phrases or (only is not None and not only):
                continue
            match = " OR ".join(f'"{" ".join(phrase)}"' for phrase in phrases)
            for table, table_weight in TABLES:
                if table not in tables:
                    continue
                selects.append(
                    f"SELECT {number}, rule, ? * bm25({table}) FROM {table} "
                    f"WHERE {table} MATCH ? AND game = ?{among}"
                )
                params += [weight * table_weight, match, game_id, *sorted(only or ())]
        if not selects:
            return {}
        assert self.db is not None
        by_part: dict[tuple[int, str], float] = {}
        for number, rule_id, score in self.db.execute(" UNION ALL ".join(selects), params):
            by_part[number, rule_id] = by_part.get((number, rule_id), 0.0) + score
        scores: dict[str, float] = {}
        for (_number, rule_id), score in by_part.items():
            scores[rule_id] = score + scores.get(rule_id, 0.0)
        return scores

    def suggest(self, game_id: str, groups: list[Group], n: int = SUGGESTIONS) -> tuple[str, ...]:
        """The glossary's words closest to the query's words, as the concepts' names."""
        names = self.names(game_id)
        found: list[str] = []
        for group in groups:
            if group.soft:
                continue
            for word in difflib.get_close_matches(fold(group.label), names, n=n, cutoff=CLOSE):
                if names[word] not in found:
                    found.append(names[word])
        return tuple(found[:n])

    def names(self, game_id: str) -> dict[str, str]:
        """Every word of the game's concepts (folded), with its concept's name."""
        names: dict[str, str] = {}
        for concept in self.concepts.get(game_id, ()):
            for _lang, word in concept.all_words():
                names.setdefault(fold(word), concept.name(self.lang))
        return names


class SearchIndex:
    """The rule search of some games in every language, loaded or built on first use."""

    def __init__(self, games: Sequence[Game], docs_dir: Path | None = None) -> None:
        self.games = list(games)
        self.docs_dir = docs_dir
        self._langs: dict[str, LanguageIndex] = {}
        self._lock = threading.Lock()

    def language(self, lang: str) -> LanguageIndex:
        lang = normalize_lang(lang)
        with self._lock:
            if lang not in self._langs:
                path = self.docs_dir / lang / INDEX_NAME if self.docs_dir else None
                self._langs[lang] = LanguageIndex(self.games, lang, path)
            return self._langs[lang]

    def search(self, game: Game, text: str, lang: str = "en") -> Results:
        """The rules of ``game`` for the query ``text`` in ``lang``, best first."""
        lang = normalize_lang(lang)
        query = text.strip()
        exact = _exact_rule(game, query)
        if exact is not None:
            return Results(text, lang, (Hit(exact, (query,), 0.0),))
        if not query:
            return Results(text, lang, ())
        return self.language(lang).search(game, query)


def _exact_rule(game: Game, query: str) -> Rule | None:
    rule = game.rule(query)
    if rule is not None:
        return rule
    match = _RULE_ID.match(query)
    return game.rule(f"{match[1].upper()}-{match[2]}") if match else None


def write_index(games: Sequence[Game], lang: str, docs_dir: Path) -> Path:
    """Write the index file of ``lang`` into the built reference ``docs_dir``."""
    path = docs_dir / INDEX_NAME
    index = LanguageIndex(games, lang, path, write=True)
    assert index.db is not None
    index.db.close()
    return path
