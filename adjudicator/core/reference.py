"""The glossary and the disagreements (disputes) of a game: data for the reference.

``glossary.toml``::

    [[term]]
    id = "contractor"
    en = "contractor"
    el = "εργολάβος"
    pt = "Contratado"
    zh_TW = "灰色工人"
    coined = []                          # languages whose term is the reference's own
    source = "000 p. 3; 003 p. 2; 004 p. 1"
    definition = "A grey worker ..."     # gettext msgid, translated in the game's catalog
    kind = "worker"                      # optional: the term names a state/move entity
    entity = "contractor"                # its ID in states and moves (default: the id)
    [term.forms]                         # optional: other accepted forms (plurals, cases)
    en = ["contractors"]
    el = ["εργολάβοι", "εργολάβους"]
    [term.printed]                       # optional: each rulebook's term, then its variants
    "000" = ["Εργολάβος"]
    [term.grammar.el]                    # optional: forms for Name(..., form="gen")
    gen = "του εργολάβου"
    [term.aliases]                       # optional: words players use (search synonyms)
    el = ["γκρίζος"]

``definition`` is required except for vocabulary-only terms (those with a ``kind``).
``choice`` is the older spelling of ``coined``.

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
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import CatalogError, Rulebook, Source, make_source
from .exceptions import AdjudicatorError
from .i18n import LANGS, N_, normalize_text

DISPUTE_ID = re.compile(r"^[A-Z]{2,3}-D[0-9]{1,3}$")

#: How much a disagreement matters at a table, most first (msgids of the core domain).
IMPACTS: dict[str, str] = {"high": N_("high"), "medium": N_("medium"), "low": N_("low")}


class GlossaryError(AdjudicatorError, ValueError):
    """A glossary term is malformed (a missing name or definition, a bad key)."""


@dataclass(frozen=True)
class Term:
    id: str
    names: dict[str, str]
    forms: dict[str, tuple[str, ...]]
    choice: tuple[str, ...]
    source: str
    definition: str
    kind: str = ""
    """The vocabulary kind (``colour``, ``nation``, ``move``...); empty: not an entity."""
    entity: str = ""
    """The ID states and moves use for the entity (the term's ``id`` when empty)."""
    printed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """By seed: the rulebook's own term first, then the variants it also prints."""
    grammar: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """By language: grammatical forms (``gen``, ``acc``, ``art``...) of the name."""
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """By language: other words players use for it (search synonyms)."""

    @property
    def coined(self) -> tuple[str, ...]:
        """Languages whose term is the reference's own, not a printed one."""
        return self.choice

    def all_forms(self, lang: str) -> tuple[str, ...]:
        return (self.names[lang], *self.forms.get(lang, ()))


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GlossaryError(f"{where}: expected a list of texts")
    return tuple(value)


def parse_term(entry: Mapping[str, Any]) -> Term:
    """One ``[[term]]`` table of a glossary."""
    term_id = entry.get("id", "")
    missing = [lang for lang in ("id", *LANGS) if not entry.get(lang)]
    if missing:
        raise GlossaryError(f"term {term_id!r}: missing {', '.join(missing)}")
    kind = entry.get("kind", "")
    if not kind and not entry.get("definition"):
        raise GlossaryError(f"term {term_id!r}: a term without a kind needs a definition")
    grammar = {
        lang: {str(k): str(v) for k, v in forms.items()}
        for lang, forms in (entry.get("grammar") or {}).items()
    }
    unknown = set(grammar) - set(LANGS)
    if unknown:
        raise GlossaryError(f"term {term_id!r}: grammar for unknown language {unknown}")
    return Term(
        id=term_id,
        names={lang: entry[lang] for lang in LANGS},
        forms={lang: tuple(v) for lang, v in (entry.get("forms") or {}).items()},
        choice=tuple(entry.get("coined", entry.get("choice", ()))),
        source=entry.get("source", ""),
        definition=normalize_text(entry.get("definition", "")),
        kind=kind,
        entity=str(entry.get("entity", "")),
        printed={
            str(seed): _strings(v, f"term {term_id!r} printed")
            for seed, v in (entry.get("printed") or {}).items()
        },
        grammar=grammar,
        aliases={
            lang: _strings(v, f"term {term_id!r} aliases")
            for lang, v in (entry.get("aliases") or {}).items()
        },
    )


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ς", "σ")


def _words(text: str) -> list[str]:
    return re.sub(r"[^\w\s]", " ", _fold(text)).split()


def _same_stem(x: str, y: str) -> bool:
    """One word in two forms: all but an ending of at most 3 letters shared (4 after a
    stem of 5, as in "Ασθενείς" and "Ασθενής"), with a stem of at least 3 letters."""
    stem = next(
        (i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y))
    )
    ending = 4 if stem >= 5 else 3
    return stem >= min(3, len(x), len(y)) and max(len(x), len(y)) - stem <= ending


def _covers(longer: list[str], shorter: list[str]) -> bool:
    """Whether each word of ``shorter`` is (a form of) a different word of ``longer``."""
    rest = list(longer)
    for word in shorter:
        match = next((w for w in rest if _same_stem(w, word)), None)
        if match is None:
            return False
        rest.remove(match)
    return True


def same_word(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one word in two grammatical forms ("Κόκκινος" and
    "Κόκκινου", "Θέση Εργαζομένου" and "Θέσεις Εργαζομένων", "Νέοι Ασθενείς!" and "Νέος
    Ασθενής!"), its words in any order."""
    left, right = _words(a), _words(b)
    return len(left) == len(right) and _covers(left, right)


def same_or_qualified(a: str, b: str) -> bool:
    """``a`` and ``b`` are one word, or one is the other with words added ("Σύμβαση" and
    "Ανοιχτή σύμβαση", "κατειλημμένο" and "μη κατειλημμένο εργοστάσιο"): a kind of the
    thing, its opposite or its long form, not a second name for it."""
    left, right = _words(a), _words(b)
    if len(left) < len(right):
        left, right = right, left
    return bool(right) and _covers(left, right)


def inconsistent_seeds(term: Term) -> tuple[str, ...]:
    """The seeds that print more than one word for ``term``'s concept (a word's other
    grammatical forms, and the word with a qualifier, are the same word)."""
    return tuple(
        seed
        for seed, words in term.printed.items()
        if any(not same_or_qualified(words[0], w) for w in words[1:])
    )


def _family(term: Term) -> str:
    """What a term names, less the board's numbering: the rondel's two Production spaces,
    the action and the space of one name are one family."""
    return re.sub(r"_\d+$", "", term.entity or term.id)


def flagged_shared(
    term: Term, seed: str, shared: Mapping[tuple[str, str], list[str]], terms: Mapping[str, Term]
) -> list[str]:
    """The other terms whose printed word ``term`` shares in ``seed``, told once (under
    the family that sorts first), never one of its own family or a kind of it ("buy" and
    "buy_special")."""
    mine = _family(term)
    others = [o for o in shared.get((seed, term.id), ()) if _family(terms[o]) != mine]
    if any(_family(terms[o]) < mine for o in others):
        return []  # told under the other family's term
    return [o for o in others if not _family(terms[o]).startswith(f"{mine}_")]


def shared_printed_words(terms: Iterable[Term]) -> dict[tuple[str, str], list[str]]:
    """``(seed, term id) -> other term ids``: a word one rulebook prints for two concepts.

    Words are compared without case and accents; a term is never listed with itself."""
    users: dict[tuple[str, str], list[str]] = {}
    for term in terms:
        for seed, words in term.printed.items():
            for word in {_fold(w) for w in words}:
                users.setdefault((seed, word), []).append(term.id)
    shared: dict[tuple[str, str], list[str]] = {}
    for (seed, _word), ids in users.items():
        for term_id in ids:
            others = [i for i in ids if i != term_id]
            known = shared.setdefault((seed, term_id), [])
            known.extend(i for i in others if i not in known)
    return {key: ids for key, ids in shared.items() if ids}


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
    try:
        return tuple(parse_term(entry) for entry in data.get("term", []))
    except GlossaryError as exc:
        raise GlossaryError(f"{path}: {exc}") from None


def load_disputes(path: Path, books: Mapping[str, Rulebook] | None = None) -> tuple[Dispute, ...]:
    """The disputes of a game; ``books`` (the catalog's rulebooks) name the cited texts."""
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    disputes = []
    for entry in data.get("dispute", []):
        if not DISPUTE_ID.match(entry["id"]):
            raise CatalogError(f"bad dispute ID {entry['id']!r}")
        if entry.get("impact") not in IMPACTS:
            raise CatalogError(f"dispute {entry['id']}: impact must be one of {list(IMPACTS)}")
        disputes.append(
            Dispute(
                id=entry["id"],
                title=normalize_text(entry["title"]),
                rules=tuple(entry.get("rules", ())),
                says=tuple(
                    Reading(
                        make_source(s, books or {}, f"dispute {entry['id']}"),
                        normalize_text(s["text"]),
                    )
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

    A game lists functions ``lang -> ReferenceTable`` in ``Game.reference_tables``;
    the texts are already in ``lang``.
    """

    id: str
    title: str
    intro: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def fold_duplicates(terms: Sequence[Term], lang: str) -> tuple[list[Term], dict[str, list[Term]]]:
    """The terms a glossary in ``lang`` lists, and those it folds into another: a
    vocabulary-only term (a kind, no definition) whose headword in ``lang`` is a defined
    term's (the move "Repair" and the space "Repair") is one entry, not a second,
    empty one under the same word."""
    defined: dict[str, Term] = {}
    for term in terms:
        if term.definition:
            defined.setdefault(term.names[lang].casefold(), term)
    kept: list[Term] = []
    folded: dict[str, list[Term]] = {}
    for term in terms:
        host = defined.get(term.names[lang].casefold())
        if term.kind and not term.definition and host is not None and host is not term:
            folded.setdefault(host.id, []).append(term)
        else:
            kept.append(term)
    return kept, folded
