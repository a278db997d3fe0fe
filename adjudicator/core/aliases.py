"""The words players use for a rule, beside the words its title and text print.

Each game may keep an ``aliases.toml`` beside its glossary: one table per rule ID, one
list of words per language: other editions' terms that the rulebooks mention, the
community's words, the way a question is put at the table::

    [IM-805]
    en = ["upkeep", "army pay", "maintenance"]
    pt = ["manutenção", "soldo"]

The search weighs them like a title; the reference and the rule page show them as
"also called". They are written in each language by its speakers, not translated.

The file's ``general`` list names the rules that list or sum up (an inventory such as
"every bomb card is somewhere", a chart, movement in general): the search ranks them below
a rule that matches as many of the query's words and is about the thing itself.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .i18n import LANGS, normalize_lang

#: Rule ID -> language -> the words, in order.
Aliases = dict[str, dict[str, tuple[str, ...]]]


def load_aliases(path: Path, rule_ids: set[str] | None = None) -> Aliases:
    """The aliases at ``path`` (none when there is no such file). A rule ID that is not
    in ``rule_ids`` or a language that is not one of ours is an error naming it."""
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: Aliases = {}
    data.pop("general", None)
    for rule_id, by_lang in data.items():
        if rule_ids is not None and rule_id not in rule_ids:
            raise ValueError(f"{path.name}: {rule_id} is not a rule of this game")
        if not isinstance(by_lang, dict) or set(by_lang) - set(LANGS):
            raise ValueError(f"{path.name}: {rule_id} must map {', '.join(LANGS)} to lists")
        found[rule_id] = {
            lang: tuple(dict.fromkeys(" ".join(str(w).split()) for w in words if str(w).strip()))
            for lang, words in by_lang.items()
        }
    return found


def aliases_in(aliases: Aliases, rule_id: str, lang: str) -> tuple[str, ...]:
    """The words players use for ``rule_id`` in ``lang`` (empty when none are kept)."""
    return aliases.get(rule_id, {}).get(normalize_lang(lang), ())


def load_general(path: Path, rule_ids: set[str] | None = None) -> frozenset[str]:
    """The ``general`` rules of the aliases file at ``path`` (see the module)."""
    if not path.is_file():
        return frozenset()
    general = tomllib.loads(path.read_text(encoding="utf-8")).get("general", [])
    unknown = [r for r in general if rule_ids is not None and r not in rule_ids]
    if unknown:
        raise ValueError(f"{path.name}: general names unknown rules {', '.join(unknown)}")
    return frozenset(general)


def also_called_text(words: tuple[str, ...] | list[str], lang: str) -> str:
    """The words as the "also called" line lists them: «a, b», 「a、b」."""
    return ("、" if normalize_lang(lang) == "zh_TW" else ", ").join(words)
