"""The glossary and the disagreements (disputes) of a game: data for the reference.

``glossary.toml``::

    [[term]]
    id = "contractor"
    en = "contractor"
    el = "εργολάβος"
    pt = "Contratado"
    zh_TW = "灰色工人"
    choice = []                          # languages whose term is the reference's own choice
    source = "000 p. 3; 003 p. 2; 004 p. 1"
    definition = "A grey worker ..."     # gettext msgid, translated in the game's catalog
    [term.forms]                         # optional: other accepted forms (plurals, cases)
    en = ["contractors"]
    el = ["εργολάβοι", "εργολάβους"]

``disputes.toml``::

    [[dispute]]
    id = "MP-D1"
    title = "The first player's starting bonus"
    rules = ["MP-215"]
    ruling = "The first player gets nothing."
    why = "Two of the three texts say so, and the Greek text names no amount."
    [[dispute.says]]
    seed = "000"
    where = "p. 3"
    text = "The first player takes some advantage (unspecified)."
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .catalog import Source
from .i18n import LANGS, normalize_text

DISPUTE_ID = re.compile(r"^[A-Z]{2,3}-D[0-9]{1,3}$")


@dataclass(frozen=True)
class Term:
    id: str
    names: dict[str, str]
    forms: dict[str, tuple[str, ...]]
    choice: tuple[str, ...]
    source: str
    definition: str

    def all_forms(self, lang: str) -> tuple[str, ...]:
        return (self.names[lang], *self.forms.get(lang, ()))


@dataclass(frozen=True)
class Reading:
    source: Source
    text: str


@dataclass(frozen=True)
class Dispute:
    id: str
    title: str
    rules: tuple[str, ...]
    says: tuple[Reading, ...]
    ruling: str
    why: str

    @property
    def anchor(self) -> str:
        return f"dispute-{self.id.lower()}"


def load_glossary(path: Path) -> tuple[Term, ...]:
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = []
    for entry in data.get("term", []):
        names = {lang: entry[lang] for lang in LANGS}
        forms = {lang: tuple(v) for lang, v in (entry.get("forms") or {}).items()}
        terms.append(
            Term(
                id=entry["id"],
                names=names,
                forms=forms,
                choice=tuple(entry.get("choice", ())),
                source=entry.get("source", ""),
                definition=normalize_text(entry.get("definition", "")),
            )
        )
    return tuple(terms)


def load_disputes(path: Path) -> tuple[Dispute, ...]:
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    disputes = []
    for entry in data.get("dispute", []):
        if not DISPUTE_ID.match(entry["id"]):
            raise ValueError(f"bad dispute ID {entry['id']!r}")
        disputes.append(
            Dispute(
                id=entry["id"],
                title=normalize_text(entry["title"]),
                rules=tuple(entry.get("rules", ())),
                says=tuple(
                    Reading(Source(s["seed"], s["where"]), normalize_text(s["text"]))
                    for s in entry.get("says", ())
                ),
                ruling=normalize_text(entry["ruling"]),
                why=normalize_text(entry["why"]),
            )
        )
    return tuple(disputes)


@dataclass(frozen=True)
class ReferenceTable:
    """A game-specific table for the reference (e.g. Imperial's unconfirmed borders).

    A game lists functions ``lang -> ReferenceTable`` in ``Game.extra["reference_tables"]``;
    the texts are already in ``lang``.
    """

    id: str
    title: str
    intro: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
