"""The leak detector: what a player must never read in a translated text.

A *leak* is a trace of the machine in a text for players (issue 11):

=================  =====================================================================
``id``             an internal ID of the game (``red``, ``AH``, ``switzerland``, ``admit``,
                   ``money``) instead of its display name
``json``           raw JSON or a Python literal (``{"colour": "red"}``, ``[[0, 1]]``)
``placeholder``    a ``{name}`` left unfilled
``plural-hack``    ``fighter(s)``, ``Μαχητικό(ά)``, ``Caça(s)`` instead of a plural form
``gender-slash``   ``Ο/Η``, ``του/της``, ``o/a`` instead of a reworded sentence
``zero-place``     a place counted from zero (``building 0``, ``第 0 棟``, ``θέσης 0``)
``english``        an English sentence left untranslated
=================  =====================================================================

``LeakDetector.for_game(game)`` knows the game's internal IDs: its vocabulary's entities,
the values and field names of its state and move schemas, and the IDs its example states
use. A word that is also the display name of something in the reader's language (the
Portuguese "hospital") is not an ID there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .i18n import LANGS, gettext

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Leak:
    """One leak: its kind, what was found, and the whole text."""

    kind: str
    found: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.found!r} in {self.text!r}"


_CODE = re.compile(r"`[^`\s]{1,60}`")
_JSON = re.compile(r"""[{]\s*["'][^"']*["']\s*:|\[\s*\[|\[\s*["'{]|[{]\s*[}]|\btrue\b|\bnull\b""")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")
_PLURAL_HACK = re.compile(r"(?<=\w)\((?:[^\W\d_]{1,4})\)")
_ARTICLES = {
    "el": (
        "ο η το οι τα τον την του της των τους τις ένας μία μια ένα ενός μιας αυτός αυτή "
        "στον στην στο στους στις στα"
    ),
    "pt": (
        "o a os as do da dos das ao à aos às no na nos nas um uma seu sua ele ela dele dela "
        "pelo pela pelos pelas num numa"
    ),
    "en": "he she his her him",
}
_SLASH = re.compile(r"(?<![\w/])([^\W\d_]{1,5})/([^\W\d_]{1,5})(?![\w/])")
_PLACE_WORDS = {
    "en": r"slot|building|row|column|player|position|place|space|index|tile|card|seat|bond",
    "el": (
        r"θέση|θέσης|θέσεις|κτίριο|κτιρίου|κτίρια|σειρά|σειράς|στήλη|στήλης|παίκτης|παίκτη|"
        r"υποδοχή|υποδοχής|πλακίδιο|πλακιδίου|κάρτα|κάρτας|ομόλογο|ομολόγου|αριθμός|αρ\."
    ),
    "pt": (
        r"posição|prédio|edifício|construção|linha|coluna|jogador|jogadora|espaço|casa|"
        r"vaga|lugar|peça|carta|título|número|n\.?º"
    ),
}
_ZERO_ORDINAL = re.compile(r"第\s*0\s*\S|(?<![\d.,])0(?:ο|ος|η|ης|st|th|º|ª|\.º)(?!\w)|#0\b")
#: Letters of the Latin and Greek scripts: an ID glued to one of them is part of a word,
#: an ID glued to a Chinese character is not.
_LETTER = r"A-Za-z0-9_\-\u00C0-\u024F\u0370-\u03FF\u1F00-\u1FFF"
_ENGLISH_RUN = re.compile(
    rf"(?<![{_LETTER}'])[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){{2,}}(?![{_LETTER}])"
)
#: Common English words: one of them in a Greek or Chinese text is an untranslated piece.
_ENGLISH_WORDS = frozenset(
    [
        "the",
        "of",
        "has",
        "have",
        "is",
        "are",
        "not",
        "and",
        "or",
        "to",
        "in",
        "on",
        "at",
        "with",
        "for",
        "from",
        "must",
        "may",
        "can",
        "cannot",
        "only",
        "be",
        "this",
        "that",
        "it",
        "its",
        "his",
        "her",
        "their",
        "there",
        "but",
        "than",
        "more",
        "less",
        "each",
        "every",
        "one",
        "two",
        "no",
    ]
)
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_WORD = re.compile(r"[^\W_]+(?:[-_'][^\W_]+)*")


def _zero_place(lang: str) -> re.Pattern[str]:
    words = _PLACE_WORDS.get(lang, _PLACE_WORDS["en"])
    return re.compile(rf"(?i)(?<!\w)(?:{words})\s+(?:n\.?º\s*|#)?0(?![\d.,]\d)(?!\w)")


_ZERO_PLACE = {lang: _zero_place(lang) for lang in ("en", "el", "pt", "zh_TW")}


class LeakDetector:
    """Finds leaks in texts for players, given the internal IDs of a game."""

    def __init__(
        self,
        ids: Iterable[str],
        allowed: Mapping[str, Iterable[str]] | None = None,
        names: Iterable[str] = (),
    ) -> None:
        self.ids = frozenset(i for i in ids if _is_id(i))
        allowed = allowed or {}
        #: Free-text names (players') that may appear as they are.
        self.names = tuple(sorted(set(names), key=len, reverse=True))
        self._allowed = {
            lang: frozenset(w.casefold() for w in words) for lang, words in allowed.items()
        }
        self._patterns: dict[str, re.Pattern[str] | None] = {}

    @classmethod
    def for_game(cls, game: Game) -> LeakDetector:
        """The detector of one game: its vocabulary, schema and example IDs."""
        ids: set[str] = set(game.vocab.ids())
        for which in ("state", "move"):
            ids |= set(_schema_words(game.schema(which)))
        # the game's own name (the Greek edition keeps "The Manhattan Project") may be read
        names: set[str] = {game.name, *(gettext(game.domain, lang, game.name) for lang in LANGS)}
        for example in game.example_names():
            data = game.example(example)
            ids |= set(_data_words(data))
            names |= set(_player_names(data))
        allowed: dict[str, set[str]] = {}
        for term in game.glossary:
            for lang, name in term.names.items():
                words = allowed.setdefault(lang, set())
                texts = [name, *term.forms.get(lang, ()), *term.aliases.get(lang, ())]
                texts += list(term.grammar.get(lang, {}).values())
                for text in texts:
                    words.update(_WORD.findall(text))
        return cls(ids - names, allowed, names)

    def _id_pattern(self, lang: str) -> re.Pattern[str] | None:
        if lang not in self._patterns:
            allowed = self._allowed.get(lang, frozenset())
            ids = sorted(
                (i for i in self.ids if i.casefold() not in allowed), key=len, reverse=True
            )
            self._patterns[lang] = (
                re.compile(
                    rf"(?<![{_LETTER}])(?:" + "|".join(map(re.escape, ids)) + rf")(?![{_LETTER}])"
                )
                if ids
                else None
            )
        return self._patterns[lang]

    def scan(self, text: str, lang: str, english: str | None = None) -> list[Leak]:
        """Every leak in ``text``, a text for players in ``lang`` (``english``: the same
        text rendered in English, which tells an untranslated Portuguese text apart)."""
        return list(self._scan(text, lang, english))

    def _scan(self, text: str, lang: str, english: str | None) -> Iterator[Leak]:
        # a `key` in backquotes names a field of the input (malformed-input errors)
        plain = _CODE.sub("·", text)
        for name in self.names:
            plain = plain.replace(name, "·")
        pattern = self._id_pattern(lang)
        if pattern is not None:
            for match in pattern.finditer(plain):
                yield Leak("id", match.group(), text)
        for leak in _generic(plain, lang, english and _strip(english, self.names)):
            yield Leak(leak.kind, leak.found, text)


def _generic(text: str, lang: str, english: str | None) -> Iterator[Leak]:
    for match in _JSON.finditer(text):
        yield Leak("json", match.group(), text)
    for match in _PLACEHOLDER.finditer(text):
        yield Leak("placeholder", match.group(), text)
    for match in _PLURAL_HACK.finditer(text):
        yield Leak("plural-hack", match.group(), text)
    articles = set(_ARTICLES.get(lang, "").split()) | set(_ARTICLES["en"].split())
    for match in _SLASH.finditer(text):
        left, right = match.group(1).lower(), match.group(2).lower()
        if left in articles and right in articles:
            yield Leak("gender-slash", match.group(), text)
    for regex in (_ZERO_PLACE.get(lang, _ZERO_PLACE["en"]), _ZERO_ORDINAL):
        for match in regex.finditer(text):
            yield Leak("zero-place", match.group(), text)
    if lang in ("el", "zh_TW"):
        for match in _ENGLISH_RUN.finditer(text):
            yield Leak("english", match.group(), text)
        if not _ENGLISH_RUN.search(text):
            words = [
                w
                for w in _LATIN_WORD.findall(text)
                if w.lower() in _ENGLISH_WORDS and not w.isupper()
            ]
            if words:
                yield Leak("english", " ".join(words), text)
    elif lang != "en" and english is not None and text == english and _ENGLISH_RUN.search(text):
        yield Leak("english", text, text)


def _strip(text: str, names: Iterable[str]) -> str:
    for name in names:
        text = text.replace(name, "·")
    return text


def find_leaks(
    text: str, lang: str, ids: Iterable[str] = (), english: str | None = None
) -> list[Leak]:
    """The leaks of one text, with ``ids`` as the internal IDs to look for."""
    return LeakDetector(ids).scan(text, lang, english)


def _is_id(word: str) -> bool:
    return len(word) >= 2 and not word.isdigit() and bool(_WORD.fullmatch(word))


def _schema_words(node: Any) -> Iterator[str]:
    """Enum and const values and field names of a JSON Schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "enum":
                yield from (v for v in value if isinstance(v, str))
            elif key == "const" and isinstance(value, str):
                yield value
            elif key == "properties" and isinstance(value, dict):
                yield from value
            yield from _schema_words(value)
    elif isinstance(node, list):
        for item in node:
            yield from _schema_words(item)


def _data_words(node: Any) -> Iterator[str]:
    """The string values and keys of an example state: colours, nations, regions..."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from _data_words(value)
    elif isinstance(node, list):
        for item in node:
            yield from _data_words(item)
    elif isinstance(node, str):
        yield node


def _player_names(node: Any) -> Iterator[str]:
    """Free-text names in a state (players' names), which are not IDs."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "name" and isinstance(value, str):
                yield value
            else:
                yield from _player_names(value)
    elif isinstance(node, list):
        for item in node:
            yield from _player_names(item)
