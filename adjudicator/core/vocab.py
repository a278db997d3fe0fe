"""A game's vocabulary: the display name, in every language, of each entity a message names.

The vocabulary is built from the game's glossary: every ``[[term]]`` with a ``kind`` names
the entity ``entity`` (default: the term's ``id``) of that kind, the ID states and moves use::

    vocab = game.vocab
    vocab.name("colour", "red", "el")              # 'Κόκκινος'
    vocab.name("colour", "red", "el", form="gen")  # 'του Κόκκινου' (term.grammar.el.gen)
    vocab.choices("colour", "pt")                  # [('red', 'Vermelho'), ...]

A missing grammatical form falls back to the base name, a missing name to English. An
entity the vocabulary does not know renders as its ID and is remembered in
:attr:`Vocabulary.misses`, which the leak test reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .reference import GlossaryError, Term


@dataclass(frozen=True)
class Entry:
    """One entity of one kind and the term that names it."""

    kind: str
    entity: str
    term: Term


class Vocabulary:
    """The named entities of one game, by kind, in glossary order."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self._entries: dict[tuple[str, str], Entry] = {}
        self._kinds: dict[str, list[str]] = {}
        for term in terms:
            if not term.kind:
                continue
            entity = term.entity or term.id
            key = (term.kind, entity)
            if key in self._entries:
                raise GlossaryError(f"two glossary terms name the {term.kind} {entity!r}")
            self._entries[key] = Entry(term.kind, entity, term)
            self._kinds.setdefault(term.kind, []).append(entity)
        #: ``(kind, entity)`` pairs asked for but not in the vocabulary.
        self.misses: set[tuple[str, str]] = set()

    def kinds(self) -> list[str]:
        """The kinds of entity named, in glossary order."""
        return list(self._kinds)

    def entities(self, kind: str) -> list[str]:
        """The entity IDs of ``kind``, in glossary order."""
        return list(self._kinds.get(kind, ()))

    def kind_of(self, entities: Iterable[object]) -> str | None:
        """The kind that names every one of ``entities`` (the one with just those when
        several do, else the smallest), or ``None``."""
        wanted = {str(e) for e in entities}
        found = [k for k, named in self._kinds.items() if wanted and wanted <= set(named)]
        exact = [k for k in found if set(self._kinds[k]) == wanted]
        ranked = exact or sorted(found, key=lambda k: len(self._kinds[k]))
        return ranked[0] if ranked else None

    def has(self, kind: str, entity: object) -> bool:
        return (kind, str(entity)) in self._entries

    def term(self, kind: str, entity: object) -> Term | None:
        entry = self._entries.get((kind, str(entity)))
        return entry.term if entry else None

    def name(self, kind: str, entity: object, lang: str, form: str = "") -> str:
        """The display name of an entity in ``lang``, in grammatical ``form`` if given."""
        entry = self._entries.get((kind, str(entity)))
        if entry is None:
            self.misses.add((kind, str(entity)))
            return str(entity)
        term = entry.term
        if form:
            found = term.grammar.get(lang, {}).get(form)
            if found:
                return found
        return term.names.get(lang) or term.names["en"]

    def choices(self, kind: str, lang: str) -> list[tuple[str, str]]:
        """``(entity, display name)`` pairs of ``kind`` in glossary order, for forms."""
        return [(e, self.name(kind, e, lang)) for e in self._kinds.get(kind, ())]

    def ids(self) -> set[str]:
        """Every entity ID the vocabulary names (what a player must never read)."""
        return {entity for _, entity in self._entries}

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())
