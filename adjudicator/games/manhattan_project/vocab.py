"""The vocabulary in messages: places counted from 1 and named as a player says them,
amounts in words, and the names that need a form of their own (a space follows "the space";
a printed amount's key names a worker type in the plural). Any other entity is named by
``checks.name(kind, entity)`` from the display names of glossary.toml."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...core.i18n import N_, Localized, Message, N_plural, Name, Plural, join_items

DOMAIN = "manhattan-project"

#: The worker type of each key of a printed amount.
WORKER_OF = {"laborers": "laborer", "engineers": "engineer", "scientists": "scientist"}


def space_name(space: str, form: str = "gen") -> Name:
    """A central-board space; in messages it follows "the space" (Greek: the genitive)."""
    return Name(DOMAIN, "space", space, form)


def worker_name(kind: str, form: str = "") -> Name:
    """A worker type (``laborer``; ``laborers`` is taken as its plural form)."""
    if kind in WORKER_OF:
        return Name(DOMAIN, "worker", WORKER_OF[kind], "pl")
    return Name(DOMAIN, "worker", kind, form)


def message(template: str | Plural, **params: object) -> Message:
    return Message(DOMAIN, template, params)


#: A place counted from 1 with its noun, by the English suffix (st, nd, rd, th): each
#: language writes the ordinal that agrees with the noun (Greek 2ο Κτίριο, 2η Βόμβα).
ORDINALS = {
    "building": (
        N_("{n}st building"),
        N_("{n}nd building"),
        N_("{n}rd building"),
        N_("{n}th building"),
    ),
    "bomb": (N_("{n}st bomb"), N_("{n}nd bomb"), N_("{n}rd bomb"), N_("{n}th bomb")),
    "attack": (N_("{n}st attack"), N_("{n}nd attack"), N_("{n}rd attack"), N_("{n}th attack")),
    "card": (
        N_("{n}st bomb card"),
        N_("{n}nd bomb card"),
        N_("{n}rd bomb card"),
        N_("{n}th bomb card"),
    ),
}


def ordinal(n: int, noun: str) -> Message:
    """The ``n``-th ``noun`` ("2nd building", «2ο Κτίριο»); ``n`` counts from 1."""
    suffix = 3
    if n % 100 not in (11, 12, 13) and n % 10 in (1, 2, 3):
        suffix = n % 10 - 1
    return message(ORDINALS[noun][suffix], n=n)


def building_place(owner: str, index: int, kind: str) -> Message:
    """A building as a player says it: "Red's 2nd building (mine)" (``index`` from 0)."""
    return _owned(owner, ordinal(index + 1, "building"), Name(DOMAIN, "building", kind))


def bomb_place(owner: str, index: int, kind: str) -> Message:
    """A built bomb as a player says it: "Red's 1st bomb (plutonium bomb)"."""
    return _owned(owner, ordinal(index + 1, "bomb"), Name(DOMAIN, "bomb", kind))


def _owned(owner: str, nth: Message, kind: Name) -> Message:
    owner_name = Name(DOMAIN, "colour", owner, "gen")
    return message(N_("{owner} {nth} ({kind})"), owner=owner_name, nth=nth, kind=kind)


def slot_place(slot: int, price: int) -> Message:
    """A market slot by its price: "the $4 slot"."""
    return message(N_("the ${price} slot"), price=price, slot=slot + 1)


@dataclass(frozen=True)
class Joined(Localized):
    """Parts (messages, names or plain numbers) as one message parameter, each rendered in
    the message's language and joined as that language joins a list (core ``join_items``:
    "A, B and C", «Α, Β και Γ», 「A、B 和 C」, with a space beside a number in Chinese)."""

    parts: tuple[object, ...]

    def render(self, lang: str = "en") -> str:
        texts = [p.render(lang) if isinstance(p, Localized) else str(p) for p in self.parts]
        return join_items(texts, lang)

    def __str__(self) -> str:
        return self.render("en")


def joined(parts: Sequence[object]) -> Joined:
    """``parts`` joined as a sentence joins them in the reader's language."""
    return Joined(tuple(parts))


def amount(what: str, n: int) -> Message:
    """An amount in words: "$5", "3 yellowcake", "1 fighter", "2 engineers". A sentence that
    may hold none of a thing says so in its own words ("Green has no bomber."): a zero here
    would read "0 bombers" (Portuguese CLDR even puts it in the singular)."""
    return message(AMOUNTS[what], count=n)


def amounts(items: Mapping[str, int] | Iterable[tuple[str, int]]) -> Message | Joined:
    pairs = list(items.items() if isinstance(items, Mapping) else items)
    if not pairs:
        return message(N_("nothing"))
    return joined([amount(what, n) for what, n in pairs])


AMOUNTS: dict[str, str | Plural] = {
    "money": N_("${count}"),
    "yellowcake": N_plural("{count} yellowcake", "{count} yellowcake"),
    "plutonium": N_plural("{count} plutonium", "{count} plutonium"),
    "uranium": N_plural("{count} enriched uranium", "{count} enriched uranium"),
    "fighters": N_plural("{count} fighter", "{count} fighters"),
    "bombers": N_plural("{count} bomber", "{count} bombers"),
    "spies": N_plural("{count} spy", "{count} spies"),
    "laborers": N_plural("{count} laborer", "{count} laborers"),
    "engineers": N_plural("{count} engineer", "{count} engineers"),
    "scientists": N_plural("{count} scientist", "{count} scientists"),
}


def allowed_name(allowed: Iterable[str], form: str = "") -> Message | Name:
    """The worker types a space takes ("engineer or scientist"; with ``form="pl_acc"``
    "engineers or scientists" as the object of a verb)."""
    kinds = sorted(allowed)
    if len(kinds) == 1:
        return worker_name(kinds[0], form)
    return message(
        N_("{first} or {second}"),
        first=worker_name(kinds[0], form),
        second=worker_name(kinds[-1], form),
    )
