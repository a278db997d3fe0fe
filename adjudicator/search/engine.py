"""The rule search: SQLite FTS5 over the analysed rules, one table per language.

Each rule of each game is a row of two FTS5 tables of its language: ``heads`` (its ID
and title, weighted above) and ``bodies`` (its text), already analysed in Python, one
token per word (see :mod:`.analysis`), filler words left out. A query is split into
groups: a phrase that names a concept of the glossary (which also looks for the
concept's words in the query's language, weighted below the typed words), or a single
word; filler words are dropped. Each group is an FTS5 query of its own (an OR of its
phrases), ranked by BM25; a rule matched by more groups comes first, then by the sum of
its BM25 scores. An unknown word matches nothing and takes nothing away.

The tables are stored per language in ``<docs>/<lang>/rules-search.sqlite3`` by the docs
build; when a file is missing or out of date, the language is indexed in memory the
first time it is searched.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.i18n import gettext, locale_dir, normalize_lang
from .analysis import (
    HAN,
    Analyzer,
    ChineseSegmenter,
    Word,
    fold,
    to_simplified,
)
from .concepts import Concept, game_concepts
from .lexicon import WORDS_FILE, Sounds, Speller, language_words, weakness

if TYPE_CHECKING:
    from ..core.catalog import Rule
    from ..core.game import Game

HERE = Path(__file__).resolve().parent
INDEX_NAME = "rules-search.sqlite3"
#: How much more a match in a rule's ID or title counts than one in its text. The heads
#: (ID and title) and the texts are two tables, so that BM25 measures a title's length
#: against titles: a short title that is all query words ranks first.
HEAD_WEIGHT = 3.0
#: How much a match in the words players use for a rule (its aliases) counts.
ALIAS_WEIGHT = 3.0
#: A general rule's score is multiplied by this (see adjudicator/core/aliases.py).
GENERAL_FACTOR = 0.6
#: The longest Chinese alias that the segmenter keeps whole.
SHORT_ALIAS = 3
#: How much the query's words, in a row as typed, count when a rule holds them so.
PHRASE_WEIGHT = 1.0
#: How much a mended word (a misspelling, a homophone) counts, next to a word as typed.
MENDED_WEIGHT = 0.8
#: The concept that a quantity word ("how many") hints at, and how much it weighs.
QUANTITY_CONCEPT = "max"
QUANTITY_WEIGHT = 1.0
#: How much a concept's other words weigh, next to the words the player typed.
MORE_WEIGHT = 0.6
#: How many glossary terms a query with no result suggests, and how close they must be
#: (difflib's ratio).
SUGGESTIONS = 5
CLOSE = 0.6
#: Joins the tokens of a phrase into one key of the exported data.
KEY_SEP = "\u0001"
#: The longest phrase (in words) looked up among the concepts and filler words.
LONGEST = 6
#: How much a weak word counts where it matches a rule's title or aliases.
TITLE_WEAK_WEIGHT = 0.5
#: The indexed tables, each with its weight.
TABLES = (("heads", HEAD_WEIGHT), ("aliases", ALIAS_WEIGHT), ("bodies", 1.0))
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


@dataclass(frozen=True)
class Group:
    """What one word or phrase of the query looks for: its own tokens, and the words of
    the concepts it names (which weigh less)."""

    label: str
    own: tuple[tuple[str, ...], ...]
    more: tuple[tuple[str, ...], ...] = ()
    #: A soft group (a quantity word's hint, a weak word) ranks, but does not count as a
    #: match; its scores are multiplied by ``weight``.
    soft: bool = False
    weight: float = 1.0
    #: The tables it is looked up in (a weak word: the titles and aliases, or the texts).
    tables: tuple[str, ...] = ("heads", "aliases", "bodies")


#: Every table a group may be looked up in.
FULL = Group.tables


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


@dataclass
class _Tally:
    """A rule's groups matched, BM25 sum (negative: lower is better) and matched words."""

    count: int = 0
    score: float = 0.0
    labels: list[str] = field(default_factory=list)


class LanguageIndex:
    """The FTS5 table of one language, and what analyses its queries."""

    def __init__(
        self, games: Sequence[Game], lang: str, path: Path | None = None, *, write: bool = False
    ) -> None:
        self.lang = lang
        self.games = {game.id: game for game in games}
        #: Each game's rules by ID, and their places in the catalog (the last sort key).
        self.rules = {g.id: {r.id: (i, r) for i, r in enumerate(g.catalog)} for g in games}
        self.concepts = {g.id: game_concepts(g) for g in games}
        fillers, quantity = language_words("filler"), language_words("quantity")
        segmenter = None
        if lang == "zh_TW":
            extra = [w for cs in self.concepts.values() for c in cs for _, w in c.all_words()]
            # The short aliases (躺下, 裝修) are words; a longer one is a phrase of words.
            also = [w for g in games for by in g.aliases.values() for w in by.get(lang, ())]
            extra += [w for w in also if len(w) <= SHORT_ALIAS]
            segmenter = ChineseSegmenter(extra + fillers["zh_TW"] + quantity["zh_TW"])
        self.analyzer = Analyzer(lang, segmenter)
        self.quantity = self._filler_keys(quantity[lang])
        self.fillers = self._filler_keys(fillers[lang]) | self.quantity
        #: Single filler words, left out of the index and of the phrases looked up.
        self.stop = {key[0] for key in self.fillers if len(key) == 1}
        self._lock = threading.Lock()
        self._concept_phrases: dict[int, set[tuple[str, ...]]] = {}
        self.db = None if write or path is None else self._open(path, fingerprint(games, lang))
        if self.db is None:
            self.db = self.build(path if write else None)
        if segmenter is not None:
            segmenter.use_query_words(self._query_words())
        self.keys = {gid: self._concept_keys(cs) for gid, cs in self.concepts.items()}
        self.speller = Speller({k: (t, n) for k, (t, n) in self._meta("spelling").items()})
        self.sounds = Sounds(self._query_words()) if segmenter is not None else None

    def _query_words(self) -> dict[str, int]:
        """The Chinese query dictionary stored with the index (word -> frequency)."""
        return dict(self._meta("query_words"))

    def _meta(self, key: str) -> Any:
        assert self.db is not None
        (value,) = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return json.loads(value)

    def _filler_keys(self, words: Iterable[str]) -> set[tuple[str, ...]]:
        # A Chinese filler word is one word of both of the segmenter's dictionaries.
        if self.lang == "zh_TW":
            return {(to_simplified(w),) for w in words if w}
        return {self.analyzer.keys(w) for w in words} - {()}

    # --- building ---------------------------------------------------------------------------

    def _open(self, path: Path, stamp: str) -> sqlite3.Connection | None:
        if not path.is_file():
            return None
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
            (found,) = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
        except sqlite3.Error:
            return None
        return db if found == stamp else None

    def build(self, path: Path | None) -> sqlite3.Connection:
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
        for game in self.games.values():
            for rule, title, text, also in rule_rows(game, self.lang):
                ids = f"{fold(rule.id).replace('-', '')} {rule.id.rsplit('-', 1)[-1]}"
                heads.append((game.id, rule.id, f"{ids} {self._text(title)}"))
                aliases.append((game.id, rule.id, self._text(also)))
                bodies.append((game.id, rule.id, self._text(text)))
        for table, rows in (("heads", heads), ("aliases", aliases), ("bodies", bodies)):
            db.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", rows)
        words = self._query_dictionary(row[2] for row in heads + aliases + bodies)
        db.execute("INSERT INTO meta VALUES ('query_words', ?)", (json.dumps(words),))
        spelling = json.dumps(self._spelling(rule_rows(g, self.lang) for g in self.games.values()))
        db.execute("INSERT INTO meta VALUES ('spelling', ?)", (spelling,))
        stamp = fingerprint(list(self.games.values()), self.lang)
        db.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (stamp,))
        db.commit()
        if path is None:
            return db
        db.close()
        os.replace(target, path)
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    def _query_dictionary(self, rows: Iterable[str]) -> dict[str, int]:
        """Chinese: the words of the index, the concepts and the filler words, with
        jieba's frequencies (the dictionary queries are segmented with)."""
        segmenter = self.analyzer.segmenter
        if segmenter is None:
            return {}
        vocabulary = {token for row in rows for token in row.split()}
        vocabulary |= {key[0] for key in self.fillers}
        for concepts in self.concepts.values():
            for concept in concepts:
                for _lang, word in concept.all_words():
                    vocabulary.update(w.key for w in self.analyzer.words(word, search=True))
        return segmenter.frequencies(w for w in vocabulary if HAN.fullmatch(w))

    def _spelling(self, games: Iterable[Iterable[tuple[Rule, str, str, str]]]) -> dict[str, Any]:
        """The spelling dictionary: each folded word of the rules, their aliases and the
        concepts, with its token and how often it occurs (none in Chinese)."""
        if self.analyzer.segmenter is not None:
            return {}
        texts = [" ".join(row[1:]) for rows in games for row in rows]
        texts += [w for cs in self.concepts.values() for c in cs for _l, w in c.all_words()]
        counts: dict[str, list[Any]] = {}
        for text in texts:
            for word in self.analyzer.words(text):
                if word.key.isalpha() and word.key not in self.stop:
                    counts.setdefault(word.key, [word.token, 0])[1] += 1
        return dict(sorted(counts.items()))

    def _text(self, text: str) -> str:
        return " ".join(self._tokens(text, search=True))

    def _tokens(self, text: str, *, search: bool = False) -> tuple[str, ...]:
        """The tokens of ``text`` that are indexed: all but the single filler words."""
        words = self.analyzer.words(text, search=search)
        return tuple(w.token for w in words if w.key not in self.stop)

    def export(self) -> dict[str, Any]:
        """Everything the reference's search page needs to search exactly like this index
        (:func:`.export.export_index`)."""
        from .export import export_index

        return export_index(self)

    def _concept_keys(self, concepts: list[Concept]) -> dict[tuple[str, ...], list[Concept]]:
        keys: dict[tuple[str, ...], list[Concept]] = {}
        for concept in concepts:
            for _lang, word in concept.all_words():
                key = tuple(self.analyzer.tokens(word))
                if key and len(key) <= LONGEST and concept not in keys.setdefault(key, []):
                    keys[key].append(concept)
        return keys

    # --- searching --------------------------------------------------------------------------

    def parse(self, game_id: str, text: str) -> tuple[list[Group], list[str]]:
        """The query's groups, and the filler words left out."""
        words = self._mended(self.analyzer.words(self._sounded(text)), game_id)
        keys = self.keys.get(game_id, {})
        groups: list[Group] = []
        ignored: list[str] = []
        sep = "" if self.lang == "zh_TW" else " "
        at, asks_number = 0, False
        phrase: list[str] = []
        while at < len(words):
            span, concepts, filler = 1, [], False
            for n in range(min(LONGEST, len(words) - at), 0, -1):
                part = words[at : at + n]
                found = keys.get(tuple(w.token for w in part))
                if found:
                    span, concepts = n, found
                    break
                if tuple(w.key for w in part) in self.fillers:
                    span, filler = n, True
                    asks_number |= tuple(w.key for w in part) in self.quantity
                    break
            part = words[at : at + span]
            label = sep.join(w.surface for w in part)
            at += span
            if filler:
                ignored.append(label)
                continue
            own = tuple(w.token for w in part if w.key not in self.stop)
            more = tuple(p for p in self._phrases(concepts) if p != own)
            weak = None if concepts or span > 1 else weakness(self.lang, part[0].key)
            mended = sep and any(fold(w.surface) != w.key for w in part)
            weight = MENDED_WEIGHT if mended else 1.0
            group = Group(label, (own,) if own else (), more, weight=weight)
            groups += [group] if weak is None else self._weak(group, weak, part[0].key)
            phrase += own
        if all(g.soft or g.tables != FULL for g in groups):  # small words alone: the question
            groups = list({g.label: Group(g.label, g.own, g.more) for g in groups}.values())
        if len(groups) > 1 and len(phrase) > 1:  # the words in a row rank a rule higher
            groups.append(Group("", (tuple(phrase),), soft=True, weight=PHRASE_WEIGHT))
        hint = [c for c in self.concepts.get(game_id, ()) if c.id == QUANTITY_CONCEPT]
        if asks_number and hint:
            groups.append(Group("", (), self._phrases(hint), soft=True, weight=QUANTITY_WEIGHT))
        return groups, ignored

    @staticmethod
    def _weak(group: Group, weight: float, key: str) -> list[Group]:
        """A weak word counts as a match in a title or an alias ("Where a grey cube goes",
        "One test per player"), and only ranks through the texts; a number only ranks."""
        soft = replace(group, soft=True, weight=weight)
        if key.isdigit():
            return [soft]
        title = replace(group, weight=TITLE_WEAK_WEIGHT, tables=FULL[:2])
        return [title, replace(soft, tables=FULL[2:])]

    def _sounded(self, text: str) -> str:
        """Chinese: ``text`` with its homophone slips mended (:class:`Sounds`)."""
        if self.sounds is None:
            return text
        sounds = self.sounds
        return HAN.sub(lambda m: sounds.mend(m.group()), text)

    def _mended(self, words: list[Word], game_id: str) -> list[Word]:
        """The words, each that neither the rules nor the concepts hold read as the
        catalog's nearest word (:class:`Speller`)."""
        if self.analyzer.segmenter is not None:
            return words
        mended = []
        for word in words:
            if (
                self.speller.known(word.key, word.token)
                or (word.token,) in self.keys.get(game_id, {})
                or (word.key,) in self.fillers
                or weakness(self.lang, word.key) is not None
            ):
                mended.append(word)
                continue
            near = self.speller.correct(word.key)
            token = self.speller.words[near][0] if near else word.token
            mended.append(Word(word.surface, near or word.key, token))
        return mended

    def _phrases(self, concepts: list[Concept]) -> tuple[tuple[str, ...], ...]:
        """The indexed tokens of the concepts' words in this language, sorted."""
        phrases: set[tuple[str, ...]] = set()
        for concept in concepts:
            if id(concept) not in self._concept_phrases:
                words = concept.words.get(self.lang, ())
                self._concept_phrases[id(concept)] = {self._tokens(w) for w in words} - {()}
            phrases |= self._concept_phrases[id(concept)]
        return tuple(sorted(phrases))

    def _match(self, phrases: Sequence[tuple[str, ...]]) -> str:
        parts = []
        for phrase in phrases:
            parts.append(f'"{" ".join(phrase)}"')
        return " OR ".join(parts)

    def search(self, game: Game, text: str) -> Results:
        groups, ignored = self.parse(game.id, text)
        found: dict[str, _Tally] = {}
        with self._lock:
            # The soft groups last: they only rank the rules the others found.
            for group in sorted(groups, key=lambda g: g.soft):
                parts = ((group.own, group.weight), (group.more, group.weight * MORE_WEIGHT))
                only = set(found) if group.soft else None
                for rule_id, score in self._scores(parts, game.id, only, group.tables).items():
                    if group.soft:
                        found[rule_id].score += score
                        continue
                    tally = found.setdefault(rule_id, _Tally())
                    tally.count += 1
                    tally.score += score
                    tally.labels.append(group.label)
        for rule_id in game.general_rules & found.keys():
            found[rule_id].score *= GENERAL_FACTOR
        rules = self.rules[game.id]
        ranked = sorted(found.items(), key=lambda kv: (-kv[1].count, kv[1].score, rules[kv[0]][0]))
        hits = [
            Hit(rules[rule_id][1], tuple(dict.fromkeys(tally.labels)), -tally.score)
            for rule_id, tally in ranked
        ]
        suggestions = () if hits else self.suggest(game.id, groups)
        return Results(text, self.lang, tuple(hits), suggestions, tuple(ignored))

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
            match = self._match(phrases)
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
