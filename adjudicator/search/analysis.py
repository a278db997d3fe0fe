"""Per-language analysis: the same on the rules (before indexing) and on a query.

A text becomes a list of :class:`Word`: where it is in the text (``surface``), its folded
spelling (``key``: lower case, no accents, final sigma as σ) and its index ``token``:

* English: the Snowball ``english`` stem of the key.
* Greek: the Snowball ``greek`` stem of the key, less a trailing vowel, so that the
  forms the stemmer leaves apart meet (Γαλλία → γαλλ, Γαλλίας → γαλλι → γαλλ).
* Portuguese: the Snowball ``portuguese`` stem of the key, after ``-ções`` → ``-ção``
  and with a final ``-aca`` (from ``-ação``) removed, so that ``importação``,
  ``importacao`` and ``importar`` meet.
* Chinese: jieba segments each run of Han characters, with the glossary's words and the
  search's own words added to its dictionary. jieba's dictionary is Simplified, so the
  run is segmented in its character-by-character Simplified form (OpenCC's ``t2s``) and
  the words are cut from the original at the same places; the token is the Simplified
  word, so that a query in either script meets the text. Latin words in Chinese text are
  analysed as English.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import snowballstemmer

_WORD = re.compile(r"[^\W_]+|\$")
#: The token of the dollar sign, which the rules write for money ("$5").
DOLLAR = "usd"
#: The Han characters jieba segments (its own range); others count as letters.
HAN = re.compile(r"[\u4e00-\u9fd5]+")
_GREEK_VOWELS = "αεηιουω"


@dataclass(frozen=True)
class Word:
    surface: str
    key: str
    token: str


def fold(text: str) -> str:
    """Lower-case ``text``, strip its accents and turn the final sigma into σ."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return unicodedata.normalize("NFC", bare).replace("ς", "σ")


@cache
def _stemmer(name: str) -> Any:
    return snowballstemmer.stemmer(name)


@lru_cache(maxsize=1 << 16)
def stem_en(key: str) -> str:
    return str(_stemmer("english").stemWord(key))


@lru_cache(maxsize=1 << 16)
def stem_el(key: str) -> str:
    stem = str(_stemmer("greek").stemWord(key))
    while len(stem) > 3 and stem[-1] in _GREEK_VOWELS:
        stem = stem[:-1]
    return stem or key  # Snowball leaves nothing of a few words (ίδιο)


@lru_cache(maxsize=1 << 16)
def stem_pt(key: str) -> str:
    if key.endswith("coes"):
        key = key[:-4] + "cao"
    stem = str(_stemmer("portuguese").stemWord(key))
    if len(stem) > 5 and stem.endswith("aca"):
        stem = stem[:-3]
    return stem


_STEMS = {"en": stem_en, "el": stem_el, "pt": stem_pt}


def _latin_words(text: str, stem: Any) -> list[Word]:
    words = []
    for match in _WORD.finditer(text):
        key = fold(match.group())
        words.append(Word(match.group(), key, DOLLAR if key == "$" else stem(key)))
    return words


class ChineseSegmenter:
    """jieba over the Simplified form of the text.

    Two dictionaries: the rules are segmented with jieba's own dictionary plus the extra
    words (the glossaries', the synonyms', the filler words); a query is segmented with
    the words of the index alone (:meth:`use_query_words`), with their frequencies from
    the first. A query word that no rule holds cannot be found anyway, and the smaller
    dictionary is shipped to the reference's search page, which segments the same way.
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        self._extra = sorted({w for w in words if HAN.fullmatch(w)})
        self._jieba: Any = None
        self._query: Any = None
        self._lock = threading.Lock()

    def _tokenizer(self) -> Any:
        with self._lock:
            if self._jieba is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                tokenizer = jieba.Tokenizer()
                tokenizer.initialize()
                for word in self._extra:
                    simple = to_simplified(word)
                    # At least as likely as any word it contains, so that it stays whole.
                    tokenizer.add_word(simple, max(1000, _freq(tokenizer, simple)))
                self._jieba = tokenizer
            return self._jieba

    def frequencies(self, words: Iterable[str]) -> dict[str, int]:
        """jieba's frequency of each word (at least 1), for the query dictionary."""
        freq = self._tokenizer().FREQ
        return {w: max(1, int(freq.get(w) or 0)) for w in sorted(set(words)) if w}

    def use_query_words(self, frequencies: dict[str, int]) -> None:
        """Segment queries with these words alone (see the class's documentation)."""
        import io

        import jieba

        lines = "".join(f"{word} {freq}\n" for word, freq in frequencies.items())
        tokenizer = jieba.Tokenizer()
        tokenizer.FREQ, tokenizer.total = jieba.Tokenizer.gen_pfdict(io.BytesIO(lines.encode()))
        tokenizer.initialized = True
        self._query = tokenizer

    def segments(
        self, run: str, *, search: bool
    ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The (original, simplified) words of a run of Han characters, and for the index
        (``search``) the dictionary words of 2 and 3 characters inside longer words."""
        simple = to_simplified(run)
        tokenizer = self._tokenizer() if search or self._query is None else self._query
        pieces = tokenizer.tokenize(simple, mode="default", HMM=False)
        words = [(run[start:end], word) for word, start, end in pieces]
        inner = []
        if search:
            freq = tokenizer.FREQ
            for original, word in words:
                for size in (2, 3):
                    if len(word) > size:
                        grams = (
                            (original[i : i + size], word[i : i + size])
                            for i in range(len(word) - size + 1)
                        )
                        inner += [(o, g) for o, g in grams if freq.get(g)]
        return words, inner


def _freq(tokenizer: Any, word: str) -> int:
    parts = [word[i:j] for i in range(len(word)) for j in range(i + 1, len(word) + 1)]
    return max((tokenizer.FREQ.get(p) or 0) for p in parts if p != word) if len(word) > 1 else 0


@cache
def _t2s() -> Any:
    from opencc_purepy import OpenCC

    return OpenCC("t2s")


@cache
def simplified_char(char: str) -> str:
    """OpenCC's Simplified form of one character (itself when it has none)."""
    converted = str(_t2s().convert(char))
    return converted if len(converted) == 1 else char


def simplified_table() -> dict[str, str]:
    """Every character of jieba's range whose Simplified form differs from it."""
    chars = (chr(code) for code in range(0x4E00, 0x9FD6))
    return {c: s for c in chars if (s := simplified_char(c)) != c}


def to_simplified(text: str) -> str:
    """Simplified characters for ``text``, one for one, each without context: the
    reference's search page maps characters with the same table."""
    return "".join(simplified_char(c) for c in text)


class Analyzer:
    """Splits and normalizes the text of one language (see the module's documentation)."""

    def __init__(self, lang: str, segmenter: ChineseSegmenter | None = None) -> None:
        self.lang = lang
        self.segmenter = segmenter

    def words(self, text: str, *, search: bool = False) -> list[Word]:
        """The words of ``text``. ``search`` (Chinese only) adds the words inside words."""
        if self.lang != "zh_TW":
            return _latin_words(text, _STEMS.get(self.lang, stem_en))
        assert self.segmenter is not None
        words: list[Word] = []
        inner: list[Word] = []
        at = 0
        for match in HAN.finditer(text):
            words += _latin_words(text[at : match.start()], stem_en)
            found, grams = self.segmenter.segments(match.group(), search=search)
            words += [Word(original, simple, simple) for original, simple in found]
            inner += [Word(original, gram, gram) for original, gram in grams]
            at = match.end()
        # The words inside words come last, so that a phrase still matches its neighbours.
        return words + _latin_words(text[at:], stem_en) + inner

    def tokens(self, text: str, *, search: bool = False) -> list[str]:
        return [w.token for w in self.words(text, search=search)]

    def keys(self, text: str) -> tuple[str, ...]:
        return tuple(w.key for w in self.words(text))
