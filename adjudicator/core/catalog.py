"""The rules catalog: one TOML file per game, the single source of truth for each rule.

A game's ``rules.toml`` holds its sections and rules::

    [[section]]
    id = "end"
    title = "Goal and end of the game"

    [[rule]]
    id = "MP-101"
    section = "end"
    title = "Victory-point target"
    text = "The target is 70 points with 2 players, ..."
    source = [{ seed = "000", where = "p. 2, Goal" }]   # `where` is a msgid too
    disputes = ["MP-D1"]     # optional: the disagreements page entries it follows

    [[rulebook]]             # the texts the sources cite (see Rulebook)
    id = "000"
    title = "Greek rulebook"
    lang = "el"
    file = "000_7790d98cecb8ab4a.txt"

The English ``title`` and ``text`` are the gettext msgids; their translations live in
the game's Babel catalog.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .exceptions import AdjudicatorError
from .i18n import CORE, N_, Message, normalize_text

#: A rule ID: a game prefix, a dash, three or four digits and an optional letter.
RULE_ID = re.compile(r"^[A-Z]{2,3}-[0-9]{3,4}[a-z]?$")


class CatalogError(AdjudicatorError, ValueError):
    """The rules catalog itself is malformed (a bad ID, a duplicate, an unknown section)."""


@dataclass(frozen=True)
class Rulebook:
    """A printed text the game's rules cite: a ``[[rulebook]]`` table of ``rules.toml``::

    [[rulebook]]
    id = "000"                          # the short name citations use
    title = "Greek rulebook"            # a msgid of the game's domain
    lang = "el"                         # the language it is printed in
    file = "000_7790d98cecb8ab4a.txt"   # the source file (never shown to players)
    official = false                    # a fan translation: its terms are not official
    """

    id: str
    title: str
    lang: str
    file: str
    domain: str
    official: bool = True


@dataclass(frozen=True)
class Source:
    """Where a rulebook says something: its ``seed`` (a rulebook ID) and the page/section.

    ``where`` is a msgid of the game's domain, like the rulebook's title, so that a
    source reads in the reader's language: "Greek rulebook, p. 10, Air strikes".
    """

    seed: str
    where: str
    book: Rulebook | None = field(default=None, compare=False)

    @property
    def file(self) -> str:
        return self.book.file if self.book else self.seed

    @property
    def lang(self) -> str:
        return self.book.lang if self.book else "en"

    @property
    def label(self) -> str:
        """The rulebook's English title (a msgid of the game's domain)."""
        return self.book.title if self.book else self.seed

    def message(self) -> Message:
        """The source as a message: the rulebook's title and the place in it."""
        if self.book is None:
            return Message(CORE, N_("{book}, {where}"), {"book": self.seed, "where": self.where})
        domain = self.book.domain
        return Message(
            CORE,
            N_("{book}, {where}"),
            {"book": Message(domain, self.book.title), "where": Message(domain, self.where)},
        )

    def render(self, lang: str = "en") -> str:
        return self.message().render(lang)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    game: str


@dataclass(frozen=True)
class Rule:
    id: str
    game: str
    section: str
    title: str
    text: str
    sources: tuple[Source, ...]
    disputes: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        """The HTML anchor of the rule, the same in every language's build."""
        return f"rule-{self.id}"


@dataclass(frozen=True)
class Catalog:
    game: str
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]
    rulebooks: Mapping[str, Rulebook] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __contains__(self, rule_id: object) -> bool:
        return any(r.id == rule_id for r in self.rules)

    def get(self, rule_id: str) -> Rule | None:
        wanted = rule_id.strip().upper()
        return next((r for r in self.rules if r.id.upper() == wanted), None)

    def in_section(self, section_id: str) -> list[Rule]:
        return [r for r in self.rules if r.section == section_id]


def load_catalog(path: Path, game: str) -> Catalog:
    with path.open("rb") as fp:
        data = tomllib.load(fp)
    return parse_catalog(data, game)


def parse_rulebooks(data: Mapping[str, Any], game: str) -> dict[str, Rulebook]:
    books = {}
    for entry in data.get("rulebook", []):
        book = Rulebook(
            id=str(entry["id"]),
            title=normalize_text(entry["title"]),
            lang=entry.get("lang", "en"),
            file=entry.get("file", ""),
            domain=game,
            official=bool(entry.get("official", True)),
        )
        if book.id in books:
            raise CatalogError(f"{game}: rulebook {book.id} is defined twice")
        books[book.id] = book
    return books


def make_source(entry: Mapping[str, Any], books: Mapping[str, Rulebook], where: str) -> Source:
    """A ``{seed, where}`` citation; with ``books`` declared, the seed must be one of them."""
    seed = str(entry["seed"])
    if books and seed not in books:
        raise CatalogError(f"{where} cites unknown rulebook {seed!r}")
    return Source(seed, normalize_text(entry["where"]), books.get(seed))


def parse_catalog(data: Mapping[str, Any], game: str) -> Catalog:
    books = parse_rulebooks(data, game)
    sections = tuple(
        Section(id=s["id"], title=normalize_text(s["title"]), game=game)
        for s in data.get("section", [])
    )
    section_ids = {s.id for s in sections}
    rules = []
    seen: set[str] = set()
    for entry in data.get("rule", []):
        rule_id = entry.get("id", "")
        if not RULE_ID.match(rule_id):
            raise CatalogError(f"{game}: bad rule ID {rule_id!r}")
        if rule_id in seen:
            raise CatalogError(f"{game}: rule {rule_id} is defined twice")
        seen.add(rule_id)
        if entry.get("section") not in section_ids:
            raise CatalogError(
                f"{game}: rule {rule_id} names unknown section {entry.get('section')!r}"
            )
        sources = tuple(
            make_source(s, books, f"{game}: rule {rule_id}") for s in entry.get("source", [])
        )
        rules.append(
            Rule(
                id=rule_id,
                game=game,
                section=entry["section"],
                title=normalize_text(entry["title"]),
                text=normalize_text(entry["text"]),
                sources=sources,
                disputes=tuple(entry.get("disputes", ())),
            )
        )
    return Catalog(game=game, sections=sections, rules=tuple(rules), rulebooks=books)
