"""How a query's words are weighed and mended before they are looked up.

* **Stop words** come from the ``stopwordsiso`` lists (the maintained ISO lists: ``en``,
  ``el``, ``pt`` and ``zh``, the last in Simplified characters like the Chinese tokens),
  less the words a game gives a meaning to (``keep`` in ``words.toml``: "turn", "room",
  «ponto» …). A stop word, a number and a single Chinese character are *weak*: they rank
  the rules that hold them a little higher, but never bring a rule in by themselves.
* **Spelling**: a word that no rule, alias or glossary entry holds is read as the
  catalog's word nearest to it (:class:`Speller`, the optimal-string-alignment distance of
  ``rapidfuzz``: one slip in a word of 5 letters or more, two from 8), so ``ferovia``
  finds «ferrovia» and ``σιδιροδρομος`` finds «σιδηρόδρομος».
* **Sounds** (Chinese): a stretch of characters that is no word of the catalog but sounds
  like one, one character apart (the homophone an input method offers first), is read as
  that word (:class:`Sounds`, readings from ``pypinyin``, without tones since Zhuyin
  slips often change the tone), so 番修 finds 翻修.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path

from ..core.i18n import LANGS
from .analysis import HAN, fold, to_simplified

WORDS_FILE = Path(__file__).resolve().parent / "words.toml"
#: The stopwordsiso list of each language.
STOP_LISTS = {"en": "en", "el": "el", "pt": "pt", "zh_TW": "zh"}
#: How long a word must be for one slip (and for two) to be mended.
ONE_SLIP, TWO_SLIPS = 5, 8
#: How much a stop word or a number counts, and a single Chinese character.
STOP_WEIGHT = 0.15
CHARACTER_WEIGHT = 0.5
#: The most readings combinations of a Chinese word compared (polyphonic characters).
MOST_READINGS = 16


def language_words(kind: str) -> dict[str, list[str]]:
    """The ``filler``, ``quantity`` or ``keep`` words of each language (``words.toml``)."""
    data = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
    return {lang: list(data.get(lang, {}).get(kind, ())) for lang in LANGS}


@cache
def stop_keys(lang: str) -> frozenset[str]:
    """The folded stop words of ``lang`` (Chinese: Simplified), less its ``keep`` words."""
    import stopwordsiso

    code = STOP_LISTS.get(lang)
    if code is None:
        return frozenset()
    keep = {_key(lang, w) for w in language_words("keep")[lang]}
    return frozenset(_key(lang, w) for w in stopwordsiso.stopwords(code)) - keep


def _key(lang: str, word: str) -> str:
    return to_simplified(word) if lang == "zh_TW" else fold(word)


def weakness(lang: str, key: str) -> float | None:
    """How much a weak query word counts (see the module's documentation), or None for a
    word that counts fully: a stop word or a number :data:`STOP_WEIGHT`, a single Chinese
    character that is no stop word (放, 買) :data:`CHARACTER_WEIGHT`."""
    if key.isdigit() or key in stop_keys(lang):
        return STOP_WEIGHT
    if lang == "zh_TW" and len(key) == 1 and HAN.fullmatch(key):
        return CHARACTER_WEIGHT
    return None


class Speller:
    """The catalog's words (folded key -> index token and how often it occurs), and the
    nearest of them to a word that none holds."""

    def __init__(self, words: Mapping[str, tuple[str, int]]) -> None:
        self.words = dict(words)
        self.tokens = {token for token, _count in self.words.values()}
        self._keys = sorted(self.words)

    def known(self, key: str, token: str) -> bool:
        return token in self.tokens or key in self.words

    def correct(self, key: str) -> str | None:
        """The nearest catalog word to ``key`` within its slips (the most frequent, then
        the first in order, of the nearest), or None."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        slips = 2 if len(key) >= TWO_SLIPS else 1 if len(key) >= ONE_SLIP else 0
        if not slips or not key.isalpha():
            return None
        found = process.extract(
            key, self._keys, scorer=OSA.distance, score_cutoff=slips, limit=None
        )
        if not found:
            return None
        best = min(
            found, key=lambda f: (f[1], -self.words[f[0]][1], abs(len(f[0]) - len(key)), f[0])
        )
        return str(best[0])


@lru_cache(maxsize=1 << 14)
def readings(char: str) -> tuple[str, ...]:
    """The toneless pinyin readings of one character (none for a non-Han character)."""
    from pypinyin import Style, pinyin

    if not HAN.fullmatch(char):
        return ()
    found = pinyin(char, style=Style.NORMAL, heteronym=True, errors="ignore")
    return tuple(dict.fromkeys(found[0])) if found else ()


class Sounds:
    """The catalog's Chinese words of 2 to 4 characters by their sound.

    A slip is one character that the catalog never writes, typed for one that sounds
    alike (番 for 翻): a character of the catalog's words is taken as typed (還能 stays,
    though 不能 sounds close), and a stop word is never the word a slip is read as."""

    def __init__(self, words: Iterable[str], weak: Iterable[str] = ()) -> None:
        words = set(words)
        #: Every character of the catalog's words: none of them is a slip.
        self.chars = {c for w in words for c in w}
        self.words = {w for w in words if 2 <= len(w) <= 4 and HAN.fullmatch(w)}
        targets = self.words - set(weak)
        #: The syllables the catalog's words are read with: no other reading can match.
        self.syllables = {r for w in targets for c in w for r in readings(c)}
        self.by_sound: dict[tuple[str, ...], list[str]] = {}
        for word in sorted(targets):
            for key in self.sound_keys(word):
                self.by_sound.setdefault(key, []).append(word)

    def readings(self, char: str) -> tuple[str, ...]:
        """The readings of ``char`` that a catalog word may have, in order."""
        return tuple(sorted(r for r in readings(char) if r in self.syllables))

    def sound_keys(self, word: str) -> list[tuple[str, ...]]:
        """Every way ``word`` may be read (at most :data:`MOST_READINGS`)."""
        options = [self.readings(c) for c in word]
        if not all(options):
            return []
        return list(itertools.islice(itertools.product(*options), MOST_READINGS))

    def table(self) -> dict[str, str]:
        """Each syllable with the characters of jieba's range that may be read so (for
        the reference's search page, which has no pypinyin)."""
        table: dict[str, list[str]] = {}
        for code in range(0x4E00, 0x9FD6):
            for syllable in self.readings(chr(code)):
                table.setdefault(syllable, []).append(chr(code))
        return {syllable: "".join(chars) for syllable, chars in sorted(table.items())}

    def like(self, part: str) -> str | None:
        """The catalog word that sounds like ``part`` and differs from it in exactly one
        character, which the catalog never writes (the first in order when several
        do), or None."""
        found: set[str] = set()
        for key in self.sound_keys(part):
            for word in self.by_sound.get(key, ()):
                slips = [b for a, b in zip(word, part, strict=True) if a != b]
                if len(slips) == 1 and slips[0] not in self.chars:
                    found.add(word)
        return min(found) if found else None

    def mend(self, run: str) -> str:
        """``run`` with each homophone slip replaced by its catalog word (Simplified):
        from the left, the longest stretch that is a catalog word stays or that sounds
        like one is replaced (工程獅 → 工程师, not 工程), else one character moves on."""
        simple = to_simplified(run)
        out, at = [], 0
        while at < len(run):
            word, end = run[at], at + 1
            for size in (4, 3, 2):
                stretch = simple[at : at + size]
                if len(stretch) < size:
                    continue
                found = run[at : at + size] if stretch in self.words else self.like(stretch)
                if found is not None:
                    word, end = found, at + size
                    break
            out.append(word)
            at = end
        return "".join(out)
