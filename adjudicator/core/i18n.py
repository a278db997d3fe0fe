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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .exceptions import AdjudicatorError
from .spacing import spaced_fields

#: The gettext domain of the texts that belong to no game (the CLI, verdicts, the page).
CORE = "adjudicator"

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

#: The value of ``<html lang>`` for each language (the Portuguese is Brazilian).
HTML_LANG: Mapping[str, str] = {"en": "en", "el": "el", "pt": "pt-BR", "zh_TW": "zh-TW"}

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


class UnknownLanguage(AdjudicatorError, ValueError):
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


@dataclass(frozen=True)
class Plural:
    """A message template with a singular and a plural English form (see :func:`N_plural`).

    It is rendered with the catalog's ``ngettext``, ``params["count"]`` choosing the form
    by the CLDR plural rule in the ``.po`` header (zh_TW has one form, el and pt two).
    """

    singular: str
    plural: str

    def __str__(self) -> str:
        return self.plural


def N_plural(singular: str, plural: str) -> Plural:
    """Mark a singular/plural template pair for extraction (a Babel keyword like ngettext)."""
    return Plural(singular, plural)


def ngettext(domain: str, lang: str, singular: str, plural: str, n: int) -> str:
    """The form of a plural message for ``n``, falling back to the English forms."""
    lang = normalize_lang(lang)
    english = singular if n == 1 else plural
    if lang == "en":
        return english
    found = translations(domain, lang).ngettext(singular, plural, n)
    return found or english


def babel_locale(lang: str) -> str:
    """The Babel/CLDR locale of a language (Portuguese is Brazilian)."""
    return {"pt": "pt_BR"}.get(normalize_lang(lang), normalize_lang(lang))


def clear_caches() -> None:
    """Forget loaded catalogs (after a ``.po`` file changed)."""
    catalog.cache_clear()
    _entries.cache_clear()
    translations.cache_clear()


class Localized:
    """A message parameter rendered in the message's language (see :class:`Message`)."""

    __slots__ = ()

    def render(self, lang: str = "en") -> str:
        raise NotImplementedError


#: Chinese joins list items with 、, 和 ("and") and 或 ("or") and no space; beside a Latin
#: word, a number or a backquoted id, 和 and 或 get a space ("Anna 和 Ben", "`GE` 或 `RU`").
_ZH_LIST_WORD = re.compile(r"(?<=[A-Za-z0-9`$)])(?=[和或])|(?<=[和或])(?=[A-Za-z0-9`$(])")


def join_items(items: Sequence[str], lang: str, style: str = "standard") -> str:
    """``items`` joined as ``lang`` joins a list: "A, B and C", or with ``style="or"``
    "A, B or C" (Babel's CLDR list patterns)."""
    if not items:
        return ""
    text = format_list(list(items), style=style, locale=babel_locale(lang))  # type: ignore[arg-type]
    if normalize_lang(lang) == "zh_TW":
        text = _ZH_LIST_WORD.sub(" ", text)
    return text


@dataclass(frozen=True)
class Listed(Localized):
    """Plain values (numbers, player names) or messages (each rendered in the language) as a
    message parameter, joined as the message's language joins lists: ``Listed((0, 2, 4))`` is
    "0, 2 and 4", «0, 2 και 4», 「0、2 和 4」."""

    items: tuple[Any, ...]
    style: str = "standard"

    def render(self, lang: str = "en") -> str:
        said = [i.render(lang) if isinstance(i, Localized) else str(i) for i in self.items]
        return join_items(said, lang, self.style)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True)
class Name(Localized):
    """A message parameter shown as an entity's display name in the message's language.

    ``Name(domain, "nation", "AH")`` renders as "Austria-Hungary" in English and as
    «Αυστρο-Ουγγαρία» in Greek; ``form`` picks a grammatical form of the vocabulary entry.
    """

    domain: str
    kind: str
    entity: Any
    form: str = ""

    def render(self, lang: str = "en") -> str:
        from .registry import vocabulary

        vocab = vocabulary(self.domain)
        if vocab is None:
            return str(self.entity)
        return vocab.name(self.kind, self.entity, normalize_lang(lang), self.form)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True)
class Names(Localized):
    """A list of entity names, joined as the language joins lists ("A, B and C")."""

    domain: str
    kind: str
    entities: tuple[Any, ...]
    form: str = ""

    def render(self, lang: str = "en") -> str:
        names = [Name(self.domain, self.kind, e, self.form).render(lang) for e in self.entities]
        return join_items(names, lang)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True)
class Message(Localized):
    """A translatable text with named parameters, rendered in a language on demand.

    A parameter may itself be :class:`Localized` (a :class:`Message`, :class:`Name` or
    :class:`Names`): it is rendered in the same language. The template may be a
    :class:`Plural`; then ``params["count"]`` picks the form.
    """

    domain: str
    template: str | Plural
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.template, Plural) and not isinstance(self.params.get("count"), int):
            raise TypeError(f"plural message {self.template.singular!r} needs an int 'count'")

    def _english(self) -> str:
        template = self.template
        if isinstance(template, Plural):
            return template.singular if self.params["count"] == 1 else template.plural
        return template

    def render(self, lang: str = "en") -> str:
        template = self.template
        if isinstance(template, Plural):
            text = ngettext(
                self.domain, lang, template.singular, template.plural, self.params["count"]
            )
        else:
            text = gettext(self.domain, lang, template)
        if not self.params:
            return text
        values = {
            key: _InLanguage(value, lang)
            if isinstance(value, Name | Names)
            else value.render(lang)
            if isinstance(value, Localized)
            else value
            for key, value in self.params.items()
        }
        if lang == "zh_TW":
            text = spaced_fields(text, values)
        try:
            if lang == "zh_TW":  # no capitals in Chinese: a name stays as the players typed it
                return text.format(**values)
            return _name_first(text, self.params, text.format(**values))
        except (KeyError, IndexError, ValueError):
            english = self._english()
            return _name_first(english, self.params, english.format(**values))

    def __str__(self) -> str:
        return self.render("en")


#: The parameters that hold a name the players typed (never an ID of the game).
_NAME_PARAMS = frozenset({"player", "name", "who", "winner", "owner"})
_LEADING_PARAM = re.compile(r"\{(\w+)[:!}]")


def _name_first(template: str, params: Mapping[str, Any], text: str) -> str:
    """``text`` with a capital first letter when its template starts with a name the
    players typed (``anna`` → "Anna keeps 3 tiles"): a sentence starts with a capital."""
    found = _LEADING_PARAM.match(template)
    key = found.group(1) if found else ""
    if key in _NAME_PARAMS and isinstance(params.get(key), str) and text[:1].islower():
        return text[:1].upper() + text[1:]
    return text


@dataclass(frozen=True)
class _InLanguage:
    """A name parameter as the template sees it: ``{nation}`` is the display name and
    ``{nation:gen}`` its grammatical form ``gen`` (the translation chooses the form its
    sentence needs; a language without that form gets the base name)."""

    value: Name | Names
    lang: str

    def __format__(self, spec: str) -> str:
        value = replace(self.value, form=spec) if spec else self.value
        return value.render(self.lang)

    def __str__(self) -> str:
        return self.value.render(self.lang)
