"""Formats that last: states and moves carry a format version (``format_version``; none
means 1), and a game that changes its format so that it would refuse what an earlier
version accepted says how to read the earlier form, as data (:class:`Dropped`,
:class:`Defaulted`), in ``Game.upgrades``. Game-independent.

- A field an earlier format had and the current one dropped is ignored, with a notice.
- A field the current format requires where an earlier one did not gets its default where
  it is missing and required, with a notice.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from .errors import FieldName, MalformedInput, pointer
from .i18n import CORE, N_, Message
from .verdicts import Notice

#: The key a state or a move names its format version by.
FORMAT_KEY = "format_version"

Kind = Literal["state", "move"]


@dataclass(frozen=True)
class Dropped:
    """A field that formats before ``since`` had at ``where`` (a JSON pointer, ``*`` for
    any key or index), and that format ``since`` dropped: ignored, with a notice."""

    kind: Kind
    where: str
    field: str
    since: int


@dataclass(frozen=True)
class Defaulted:
    """A field that format ``since`` requires at ``where`` (in some cases) and earlier
    formats did not: where it is missing and required, it is ``value``, with a notice."""

    kind: Kind
    where: str
    field: str
    value: Any
    since: int


Upgrade = Dropped | Defaulted


def _places(data: Any, parts: Sequence[str], at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths in ``data`` that the pattern ``parts`` matches, each to a JSON object."""
    if not parts:
        if isinstance(data, dict):
            yield at
        return
    head, rest = parts[0], parts[1:]
    if isinstance(data, dict):
        keys: list[Any] = list(data) if head == "*" else [head] if head in data else []
    elif isinstance(data, list):
        keys = list(range(len(data))) if head == "*" else [int(head)] if head.isdigit() else []
        keys = [k for k in keys if k < len(data)]
    else:
        keys = []
    for key in keys:
        yield from _places(data[key], rest, (*at, key))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _split(where: str) -> list[str]:
    return [p for p in where.split("/") if p]


def stamped(data: Any, version: int) -> Any:
    """A state or move that is in format ``version`` as an output writes it: with its
    format version first (what a later release reads it by)."""
    if not isinstance(data, dict):
        return data
    return {FORMAT_KEY: version, **{k: v for k, v in data.items() if k != FORMAT_KEY}}


def with_format_key(schema: Any, current: int) -> Any:
    """An object's JSON Schema with the format version it may carry (1 to ``current``)."""
    if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
        schema["properties"][FORMAT_KEY] = {
            "type": "integer", "minimum": 1, "maximum": current,
            "description": "The format the object is written in (none: 1).",
        }  # fmt: skip
    return schema


def version_of(data: Any, current: int, what: str = "") -> int:
    """The format version ``data`` says it has (1 when it says none); a version this code
    does not know is refused (:class:`MalformedInput`)."""
    if not isinstance(data, dict) or FORMAT_KEY not in data:
        return 1
    value = data[FORMAT_KEY]
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON Schema counts 2.0 as an integer (see whole_numbers)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= current:
        raise MalformedInput.single(
            f"{what}/{FORMAT_KEY}", N_("{field} must be at most {le}."),
            field=FieldName(FORMAT_KEY, FORMAT_KEY), le=current,
        )  # fmt: skip
    return value


def upgrade(
    data: Any, kind: Kind, upgrades: Sequence[Upgrade], current: int
) -> tuple[Any, tuple[Notice, ...]]:
    """``data`` in the current format: its version key taken off and every dropped field
    of an earlier version removed (a notice each). Defaults are given by :func:`defaults`
    (only where a field turned out to be missing and required)."""
    version = version_of(data, current)
    if not isinstance(data, dict):
        return data, ()
    steps = [u for u in upgrades if isinstance(u, Dropped) and u.kind == kind and u.since > version]
    found = [
        (path, step)
        for step in steps
        for path in _places(data, _split(step.where))
        if step.field in _at(data, path)
    ]
    if FORMAT_KEY not in data and not found:
        return data, ()
    if not found:  # only the version key to take off
        return {key: value for key, value in data.items() if key != FORMAT_KEY}, ()
    data = copy.deepcopy(data)
    data.pop(FORMAT_KEY, None)
    notices = []
    for path, step in found:
        del _at(data, path)[step.field]
        text = N_("{field} belongs to an earlier format: it was ignored.")
        field = FieldName(step.field, step.field)
        notices.append(
            Notice("", Message(CORE, text, {"field": field}), pointer((*path, step.field)))
        )
    return data, tuple(notices)


def defaults(
    data: Any,
    kind: Kind,
    upgrades: Sequence[Upgrade],
    missing: Sequence[tuple[Any, ...]],
    version: int,
) -> tuple[Any, tuple[Notice, ...]]:
    """``data`` with the default of each field an earlier format did not require, at the
    ``missing`` paths (where validation found it missing) that a :class:`Defaulted` of a
    later version than ``version`` names; ``(data, ())`` when none applies."""
    steps = [
        u for u in upgrades if isinstance(u, Defaulted) and u.kind == kind and u.since > version
    ]
    chosen = []
    for path in missing:
        for step in steps:
            if path and path[-1] == step.field and _matches(path[:-1], _split(step.where)):
                chosen.append((path, step))
                break
    if not chosen:
        return data, ()
    data = copy.deepcopy(data)
    notices = []
    for path, step in chosen:
        _at(data, path[:-1])[step.field] = step.value
        text = N_("{field} is missing (an earlier format): it was read as {value}.")
        params = {"field": FieldName(step.field, step.field), "value": f"`{step.value}`"}
        notices.append(Notice("", Message(CORE, text, params), pointer(path)))
    return data, tuple(notices)


def _matches(path: tuple[Any, ...], parts: Sequence[str]) -> bool:
    return len(path) == len(parts) and all(
        p == "*" or p == str(k) for k, p in zip(path, parts, strict=True)
    )


def whole_numbers(data: Any) -> Any:
    """``data`` with every number written with a fraction of zero (``3.0``) as an integer:
    JSON has one kind of number, and JSON Schema (the API's document) counts ``3.0`` as an
    integer, so a field that takes integers takes it."""
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, dict):
        return {key: whole_numbers(value) for key, value in data.items()}
    if isinstance(data, list):
        return [whole_numbers(value) for value in data]
    return data


def not_a_boolean(value: Any) -> Any:
    """A value for a choice of numbers (``Literal[0, 90]``), with JSON's ``true`` and
    ``false`` kept apart from 1 and 0 (Python's ``False == 0`` would let one pass as the
    other): a boolean is read as the text it is, which no such choice holds. For a
    ``BeforeValidator``."""
    return ("true" if value else "false") if isinstance(value, bool) else value


def refused_whole_number(error: ValidationError) -> bool:
    """Whether validation refused a number written with a fraction of zero."""
    return any(
        isinstance(e.get("input"), float) and e["input"].is_integer() for e in error.errors()
    )
