"""A query, read as groups of words to look up (see :mod:`.engine`).

A query is split into groups: a phrase that names a concept of the glossary (which also
looks for the concept's words in the query's language, weighted below the typed words),
or a single word; filler words are dropped, weak words (stop words, numbers, single
Chinese characters) only rank, and misspelt words and homophone slips are read as the
catalog's words (:mod:`.lexicon`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .analysis import HAN, Analyzer, ChineseSegmenter, Word, fold, to_simplified
from .concepts import Concept, game_concepts
from .lexicon import Sounds, Speller, language_words, stop_keys, weakness
from .weights import (
    INVENTORY_FROM,
    LONGEST,
    MENDED_WEIGHT,
    PHRASE_WEIGHT,
    QUANTITY_CONCEPT,
    QUANTITY_WEIGHT,
    SHORT_ALIAS,
    TITLE_WEAK_WEIGHT,
    WEAK_SHARE,
)

if TYPE_CHECKING:
    from ..core.game import Game


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


@dataclass(frozen=True)
class Parsed:
    """A query read: its groups, the filler words left out, and whether it asks for a
    number ("how many")."""

    groups: list[Group]
    ignored: list[str]
    asks_number: bool = False

    def share(self, group: Group) -> float:
        """How much ``group`` counts in the share of the query that a rule holds."""
        return 1.0 if group.tables == FULL else WEAK_SHARE

    def total(self) -> float:
        """The sum of :meth:`share` over the groups that find rules (at least 1)."""
        return sum(self.share(g) for g in self.groups if not g.soft) or 1.0

    def broad(self) -> bool:
        """Whether the query asks about more than one thing and no number: an inventory
        rule is then a general one."""
        full = [g for g in self.groups if not g.soft and g.tables == FULL]
        return len(full) >= INVENTORY_FROM and not self.asks_number


class QueryParser:
    """The words of one language: how its texts are analysed and its queries read."""

    def __init__(self, games: Sequence[Game], lang: str) -> None:
        self.lang = lang
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
        self._concept_phrases: dict[int, set[tuple[str, ...]]] = {}
        self.keys: dict[str, dict[tuple[str, ...], list[Concept]]] = {}
        self.speller = Speller({})
        self.sounds: Sounds | None = None

    def use_index(self, query_words: dict[str, int], spelling: dict[str, Any]) -> None:
        """Read queries with the index's words: the Chinese query dictionary (word ->
        frequency) and the spelling dictionary (:meth:`.indexing.spelling`)."""
        segmenter = self.analyzer.segmenter
        if segmenter is not None:
            segmenter.use_query_words(query_words)
        self.keys = {gid: self._concept_keys(cs) for gid, cs in self.concepts.items()}
        self.speller = Speller({k: (t, n) for k, (t, n) in spelling.items()})
        weak = stop_keys(self.lang)
        self.sounds = Sounds(query_words, weak) if segmenter is not None else None

    def _filler_keys(self, words: Iterable[str]) -> set[tuple[str, ...]]:
        # A Chinese filler word is one word of both of the segmenter's dictionaries.
        if self.lang == "zh_TW":
            return {(to_simplified(w),) for w in words if w}
        return {self.analyzer.keys(w) for w in words} - {()}

    def _concept_keys(self, concepts: list[Concept]) -> dict[tuple[str, ...], list[Concept]]:
        keys: dict[tuple[str, ...], list[Concept]] = {}
        for concept in concepts:
            for _lang, word in concept.all_words():
                key = tuple(self.analyzer.tokens(word))
                if key and len(key) <= LONGEST and concept not in keys.setdefault(key, []):
                    keys[key].append(concept)
        return keys

    def text(self, text: str) -> str:
        """``text`` as it is indexed: its tokens, one space apart."""
        return " ".join(self.tokens(text, search=True))

    def tokens(self, text: str, *, search: bool = False) -> tuple[str, ...]:
        """The tokens of ``text`` that are indexed: all but the single filler words."""
        words = self.analyzer.words(text, search=search)
        return tuple(w.token for w in words if w.key not in self.stop)

    def parse(self, game_id: str, text: str) -> Parsed:
        """The query's groups, the filler words left out, and whether it asks a number."""
        words = self._mended(self.analyzer.words(self._sounded(text)), game_id)
        keys = self.keys.get(game_id, {})
        groups: list[Group] = []
        ignored: list[str] = []
        sep = "" if self.lang == "zh_TW" else " "
        at, asks_number = 0, False
        phrase: list[str] = []
        seen: set[tuple[str, ...]] = set()
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
            if own and own in seen:  # a word asked twice counts once
                phrase += own
                continue
            seen.add(own)
            more = tuple(p for p in self.phrases(concepts) if p != own)
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
            groups.append(Group("", (), self.phrases(hint), soft=True, weight=QUANTITY_WEIGHT))
        return Parsed(groups, ignored, asks_number)

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
        """Chinese: ``text`` with its homophone slips mended (:class:`.lexicon.Sounds`)."""
        if self.sounds is None:
            return text
        sounds = self.sounds
        return HAN.sub(lambda m: sounds.mend(m.group()), text)

    def _mended(self, words: list[Word], game_id: str) -> list[Word]:
        """The words, each that neither the rules nor the concepts hold read as the
        catalog's nearest word (:class:`.lexicon.Speller`)."""
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

    def phrases(self, concepts: list[Concept]) -> tuple[tuple[str, ...], ...]:
        """The indexed tokens of the concepts' words in this language, sorted."""
        phrases: set[tuple[str, ...]] = set()
        for concept in concepts:
            if id(concept) not in self._concept_phrases:
                words = concept.words.get(self.lang, ())
                self._concept_phrases[id(concept)] = {self.tokens(w) for w in words} - {()}
            phrases |= self._concept_phrases[id(concept)]
        return tuple(sorted(phrases))
