"""Babel extraction from the data files: the texts of each game's rules, cases, glossary
and disputes (TOML and YAML) become msgids of the game's domain.

Registered as the Babel method ``adjudicator_data`` (pyproject.toml) and used by
``adjudicator i18n extract`` (:mod:`adjudicator.babel_tools`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from typing import Any

from .cases import load_yaml
from .i18n import normalize_text

#: Keys whose string values are user-visible texts in the TOML and YAML data files.
DATA_KEYS = frozenset(
    {
        "title",
        "text",
        "note",
        "says",
        "ruling",
        "why",
        "term",
        "definition",
        "summary",
        "name",
        "description",
        "explanation",
        "question",
        "answer",
        "where",
    }
)


#: Keys whose values are game data (states, moves), never texts to translate.
OPAQUE_KEYS = frozenset({"state", "patch", "move", "expect", "input", "terms"})


def _walk(node: Any, where: str, keys: frozenset[str]) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}.{key}" if where else str(key)
            if key in keys and isinstance(value, str) and value.strip():
                yield here, value
            elif key not in OPAQUE_KEYS and isinstance(value, dict | list):
                yield from _walk(value, here, keys)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            label = item.get("id") if isinstance(item, dict) else None
            yield from _walk(item, f"{where}[{label or index}]", keys)


def data_messages(text: str, suffix: str) -> list[tuple[int, str, str]]:
    """The translatable strings of a TOML or YAML data file: ``(line, msgid, where)``."""
    data = tomllib.loads(text) if suffix == ".toml" else load_yaml(text)
    lines = text.splitlines()
    found = []
    for where, value in _walk(data, "", DATA_KEYS):
        first = value.strip().splitlines()[0][:40]
        lineno = next((n for n, line in enumerate(lines, 1) if first in line), 0)
        found.append((lineno, normalize_text(value), where))
    return found


def extract_data(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Mapping[str, str]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor for the rules, cases, glossary and disputes data files."""
    name = getattr(fileobj, "name", "")
    suffix = ".toml" if str(name).endswith(".toml") else ".yaml"
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    for lineno, value, where in data_messages(text, suffix):
        yield lineno, None, value, [where]
