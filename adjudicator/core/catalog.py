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
    source = [{ seed = "000", where = "p. 2, Goal" }]
    disputes = ["MP-D1"]     # optional: the disagreements page entries it follows

The English ``title`` and ``text`` are the gettext msgids; their translations live in
the game's Babel catalog.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .i18n import N_, normalize_text

#: A rule ID: a game prefix, a dash, three or four digits and an optional letter.
RULE_ID = re.compile(r"^[A-Z]{2,3}-[0-9]{3,4}[a-z]?$")

#: The seed rulebooks, by the short name used in citations.
SEEDS: Mapping[str, tuple[str, str]] = {
    "000": ("000_7790d98cecb8ab4a.txt", "el"),
    "001": ("001_364ebd6164a64bf3.txt", "el"),
    "002": ("002_87c044aca5fe7dc6.txt", "el"),
    "003": ("003_212a2dd5686bc3d5.txt", "pt"),
    "004": ("004_52e42afb321df967.txt", "zh_TW"),
    "map": ("imperial-map.json", "en"),
}


#: What each seed is, for readers (msgids of the ``adjudicator`` domain).
SEED_LABELS: Mapping[str, str] = {
    "000": N_("The Manhattan Project rulebook (Greek)"),
    "001": N_("Quarantine rulebook (Greek)"),
    "002": N_("Imperial rulebook (Greek)"),
    "003": N_("The Manhattan Project rulebook (Portuguese)"),
    "004": N_("The Manhattan Project rulebook (Traditional Chinese)"),
    "map": N_("Imperial board data"),
}


class CatalogError(ValueError):
    """The rules catalog itself is malformed (a bad ID, a duplicate, an unknown section)."""


@dataclass(frozen=True)
class Source:
    seed: str
    where: str

    @property
    def file(self) -> str:
        return SEEDS[self.seed][0]

    @property
    def lang(self) -> str:
        return SEEDS[self.seed][1]

    @property
    def label(self) -> str:
        """The source's English name (a msgid of the ``adjudicator`` domain)."""
        return SEED_LABELS[self.seed]

    def __str__(self) -> str:
        return f"{self.file}, {self.where}"


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


def parse_catalog(data: Mapping[str, Any], game: str) -> Catalog:
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
        sources = tuple(Source(s["seed"], s["where"]) for s in entry.get("source", []))
        for source in sources:
            if source.seed not in SEEDS:
                raise CatalogError(f"{game}: rule {rule_id} cites unknown seed {source.seed!r}")
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
    return Catalog(game=game, sections=sections, rules=tuple(rules))
