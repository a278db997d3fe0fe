"""The spaces Taiwan sets between Chinese and a Latin word or a number in a message.

A Chinese translation writes a space on each side of a field ("輪到 {seat}，"): it is
kept where the value starts or ends with a Latin letter or a digit ("輪到 Anna，",
"反應爐 A 已被佔用") and dropped where the value is Chinese too ("輪到阿明，").
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_END, _LATIN_START = re.compile(r"[A-Za-z0-9]$"), re.compile(r"^[A-Za-z0-9]")
#: A Chinese character or full-width punctuation: no space on either side of it.
_WIDE = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_WIDE_END, _WIDE_START = re.compile(f"[{_WIDE}]$"), re.compile(f"^[{_WIDE}]")


def spaced_fields(template: str, values: Mapping[str, Any]) -> str:
    """A Chinese ``template`` with a space between each field and a Chinese character next
    to it when the field's value starts or ends with a Latin letter or digit, as Taiwan
    sets type ("反應爐 A 已被佔用", not "反應爐 A已被佔用"), and none when the value is
    Chinese too: a name the players typed is set as they wrote it, "輪到 Anna" but
    "輪到阿明" (the translation's space around a field is for the Latin case)."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return template
    pieces: list[tuple[str, str | None]] = []  # a literal (None), or a field and its value
    for literal, name, spec, conversion in parts:
        pieces.append((literal, None))
        if name is None:
            continue
        value = values.get(name.split(".")[0].split("[")[0])
        try:
            shown = format(value, spec or "") if value is not None else ""
        except (TypeError, ValueError):
            shown = str(value)
        field = name + ("!" + conversion if conversion else "") + (":" + spec if spec else "")
        pieces.append(("{" + field + "}", shown))
    out: list[str] = []
    for index, (text, value_shown) in enumerate(pieces):
        if value_shown is None:
            before = pieces[index - 1][1] or "" if index else ""
            after = pieces[index + 1][1] or "" if index + 1 < len(pieces) else ""
            text = _spaced_literal(text, before[-1:], after[:1])
            text = text.replace("{", "{{").replace("}", "}}")
        out.append(text)
    return "".join(out)


_PRINTF_FIELD = re.compile(r"(%\(\w+\)[sdif])")


def spaced_printf(template: str, values: Mapping[str, Any]) -> str:
    """:func:`spaced_fields` for a ``%(name)s`` template (the page's Jinja texts)."""
    pieces = _PRINTF_FIELD.split(template)  # literal, field, literal, field, …, literal

    def shown(field: str) -> str:
        return str(values.get(field[2 : field.index(")")], ""))

    for index in range(0, len(pieces), 2):
        before = shown(pieces[index - 1])[-1:] if index else ""
        after = shown(pieces[index + 1])[:1] if index + 1 < len(pieces) else ""
        pieces[index] = _spaced_literal(pieces[index], before, after)
    return "".join(pieces)


def _spaced_literal(text: str, before: str, after: str) -> str:
    """The text between two field values ending in ``before`` and starting with ``after``
    (a character each, or ""), with the spaces Taiwan sets next to them."""
    if not text:
        return text
    wide_before, wide_after = bool(_WIDE_END.search(before)), bool(_WIDE_START.search(after))
    if text == " ":  # between two fields: kept unless both are Chinese
        return "" if wide_before and wide_after else text
    if _LATIN_END.search(before) and _CJK.match(text[0]):
        text = " " + text
    elif wide_before and text[0] == " " and _WIDE_START.search(text[1:]):
        text = text[1:]
    if _LATIN_START.search(after) and _CJK.match(text[-1]):
        text += " "
    elif wide_after and text[-1] == " " and _WIDE_END.search(text[:-1]):
        text = text[:-1]
    return text
