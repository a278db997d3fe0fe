"""Languages, gettext catalogs and the Babel extractor for the data files.

Every user-visible string has an English msgid. Its translations live in
``locale/<lang>/LC_MESSAGES/<domain>.po``: one domain per game (its rules,
cases, glossary and check messages), ``adjudicator`` for the shared texts of
the CLI and the page, and ``docs`` for Sphinx's prose pages.

The ``.po`` files are the only committed form: they are compiled in memory
with Babel the first time a language is used.
"""

from __future__ import annotations

import io
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: The reference's languages, in their canonical (Sphinx) spelling.
LANGS: tuple[str, ...] = ("en", "el", "pt", "zh_TW")
TRANSLATED_LANGS: tuple[str, ...] = LANGS[1:]

#: Each language's name in itself, for switchers.
LANG_NAMES: Mapping[str, str] = {
    "en": "English",
    "el": "Ελληνικά",
    "pt": "Português",
    "zh_TW": "繁體中文",
}

#: The value of ``<html lang>`` for each language.
HTML_LANG: Mapping[str, str] = {"en": "en", "el": "el", "pt": "pt", "zh_TW": "zh-TW"}

_ALIASES = {
    "zh-tw": "zh_TW",
    "zh_tw": "zh_TW",
    "zh_hant_tw": "zh_TW",
    "zh-hant-tw": "zh_TW",
    "zh_hant": "zh_TW",
    "zh-hant": "zh_TW",
    "pt_br": "pt",
    "pt-br": "pt",
    "pt_pt": "pt",
    "pt-pt": "pt",
    "el_gr": "el",
    "el-gr": "el",
    "en_us": "en",
    "en-us": "en",
    "en_gb": "en",
    "en-gb": "en",
}


class UnknownLanguage(ValueError):
    """A language code that is none of :data:`LANGS` nor an alias of one."""


def normalize_lang(code: str | None) -> str:
    """Return the canonical code for ``code``: ``zh-TW`` and ``zh_Hant_TW`` give ``zh_TW``."""
    if code is None or code == "":
        return "en"
    if code in LANGS:
        return code
    folded = code.strip().lower()
    for lang in LANGS:
        if folded == lang.lower():
            return lang
    if folded in _ALIASES:
        return _ALIASES[folded]
    raise UnknownLanguage(code)


def locale_dir() -> Path:
    """The ``locale/`` folder: at the checkout's root, or inside an installed wheel."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "locale", package / "_locale"):
        if candidate.is_dir():
            return candidate
    return package.parent / "locale"


def po_path(domain: str, lang: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def catalog(domain: str, lang: str) -> Catalog | None:
    """The Babel catalog of ``domain`` in ``lang``, or ``None`` when there is none."""
    path = po_path(domain, lang)
    if not path.is_file():
        return None
    with path.open("rb") as fp:
        return read_po(fp, locale=lang, domain=domain)


@cache
def _entries(domain: str, lang: str) -> Mapping[str, str]:
    cat = catalog(domain, lang)
    if cat is None:
        return {}
    return {
        message.id: message.string
        for message in cat
        if message.id
        and isinstance(message.id, str)
        and isinstance(message.string, str)
        and message.string
        and not message.fuzzy
    }


@cache
def translations(domain: str, lang: str) -> Translations:
    """A :class:`babel.support.Translations` for ``domain``, compiled in memory."""
    cat = catalog(domain, lang)
    if cat is None:
        return Translations()
    buffer = io.BytesIO()
    write_mo(buffer, cat, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=domain)


def lookup(domain: str, lang: str, msgid: str) -> str | None:
    """The translation of ``msgid``, or ``None`` if it is missing or fuzzy (no fallback)."""
    lang = normalize_lang(lang)
    if lang == "en":
        return msgid
    return _entries(domain, lang).get(msgid)


def gettext(domain: str, lang: str, msgid: str) -> str:
    """The translation of ``msgid``, falling back to the English source."""
    found = lookup(domain, lang, msgid)
    return msgid if found is None else found


def normalize_text(text: str) -> str:
    """Fold the line breaks and runs of spaces of a data-file text into single spaces."""
    return " ".join(text.split())


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


def clear_caches() -> None:
    """Forget loaded catalogs (after a ``.po`` file changed)."""
    catalog.cache_clear()
    _entries.cache_clear()
    translations.cache_clear()


@dataclass(frozen=True)
class Message:
    """A translatable text with named parameters, rendered in a language on demand.

    A parameter may itself be a :class:`Message`: it is rendered in the same language.
    """

    domain: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        text = gettext(self.domain, lang, self.template)
        if not self.params:
            return text
        values = {
            key: value.render(lang) if isinstance(value, Message) else value
            for key, value in self.params.items()
        }
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**values)

    def __str__(self) -> str:
        return self.render("en")


# --- Babel extraction from the data files ------------------------------------------------

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
    data = tomllib.loads(text) if suffix == ".toml" else yaml.safe_load(text)
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
