"""Concepts: the words that name one thing, in every language, from a game's glossary.

Each glossary term is a concept: its name, ``forms``, ``aliases`` and ``printed`` variants
in each language. The glossary's trailing ``[[synonym]]`` entries add the words players
use that the rules do not print (other editions' terms, table words)::

    [[synonym]]
    term_id = "bribe-pile"         # adds these words to that term
    en = ["ashtray"]
    el = ["τασάκι"]

    [[synonym]]
    id = "max"                     # a concept that is no term: what the rules write
    means = { en = ["at most"], el = ["το πολύ"], pt = ["no máximo"], zh_TW = ["最多"] }
    en = ["max", "maximum"]

A query word or phrase that is one of a concept's words (in any language) also searches
for the concept's words in the query's language.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.i18n import LANGS


@dataclass
class Concept:
    id: str
    #: The words the rules use, per language (the term's name first).
    means: dict[str, list[str]] = field(default_factory=dict)
    #: Every word that leads to the concept, per language (``means`` included).
    words: dict[str, list[str]] = field(default_factory=dict)
    is_term: bool = False

    def add(self, lang: str, words: Iterable[str], *, means: bool = False) -> None:
        for word in words:
            word = " ".join(str(word).split())
            if not word:
                continue
            for target in (self.words, self.means) if means else (self.words,):
                bucket = target.setdefault(lang, [])
                if word not in bucket:
                    bucket.append(word)

    def name(self, lang: str) -> str:
        for source in (self.means, self.words):
            for code in (lang, "en"):
                if source.get(code):
                    return source[code][0]
        return self.id

    def all_words(self) -> Iterator[tuple[str, str]]:
        for lang, words in self.words.items():
            for word in words:
                yield lang, word


def load_concepts(path: Path, seed_langs: Mapping[str, str] | None = None) -> list[Concept]:
    """The concepts of the glossary at ``path`` (terms, then synonym-only concepts);
    ``seed_langs`` gives the language each rulebook is printed in (its printed terms)."""
    seed_langs = seed_langs or {}
    if not path.is_file():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    concepts: dict[str, Concept] = {}
    for term in data.get("term", []):
        concept = concepts.setdefault(term["id"], Concept(term["id"], is_term=True))
        for lang in LANGS:
            if term.get(lang):
                concept.add(lang, [term[lang]], means=True)
        for lang, forms in (term.get("forms") or {}).items():
            concept.add(lang, forms, means=True)
        for seed, printed in (term.get("printed") or {}).items():
            lang = seed_langs.get(seed, seed)
            concept.add(lang, _strings(printed), means=True)
        for lang, aliases in (term.get("aliases") or {}).items():
            concept.add(lang, _strings(aliases))
    for index, entry in enumerate(data.get("synonym", [])):
        key = entry.get("term_id") or entry.get("id") or f"synonym-{index}"
        concept = concepts.setdefault(key, Concept(key))
        for lang, words in (entry.get("means") or {}).items():
            concept.add(lang, _strings(words), means=True)
        for lang in LANGS:
            concept.add(lang, _strings(entry.get(lang, ())))
    return list(concepts.values())


def _strings(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [str(v) for v in value]
