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
    impact = "medium"                    # at a table: high | medium | low
    rules = ["MP-305"]                   # the rules that follow the reading; they link back
    cases = ["MP-D1-F1", "MP-D1-P1"]     # optional: the cases that test the reading, one
                                         # where it holds and one where it is broken
    effect = false                       # true: the reading is about what a legal move does,
                                         # so its cases can only show it holding
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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .catalog import Source
from .i18n import LANGS, N_, normalize_text

DISPUTE_ID = re.compile(r"^[A-Z]{2,3}-D[0-9]{1,3}$")

#: How much a disagreement matters at a table, most first (msgids of the core domain).
IMPACTS: dict[str, str] = {"high": N_("high"), "medium": N_("medium"), "low": N_("low")}


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
    impact: str
    cases: tuple[str, ...] = ()
    effect: bool = False

    @property
    def anchor(self) -> str:
        return f"dispute-{self.id.lower()}"


def disputes_of_rule(
    disputes: Iterable[Dispute], rule_id: str, named: Iterable[str] = ()
) -> list[str]:
    """The IDs of the disputes that touch ``rule_id``: those listing it, and ``named``
    (the rule's own ``disputes`` key), in dispute order."""
    found = [d.id for d in disputes if rule_id in d.rules]
    return found + [d for d in named if d not in found]


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
        if entry.get("impact") not in IMPACTS:
            raise ValueError(f"dispute {entry['id']}: impact must be one of {list(IMPACTS)}")
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
                impact=entry["impact"],
                cases=tuple(entry.get("cases", ())),
                effect=bool(entry.get("effect", False)),
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
