"""Malformed input: one error type that lists every problem with its JSON path."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .i18n import N_, Message

CORE = "adjudicator"

#: Localized wording for the most common pydantic error types; others keep pydantic's text.
_PYDANTIC_MESSAGES = {
    "missing": N_("This field is required."),
    "extra_forbidden": N_("This field is not part of the format."),
    "int_type": N_("Expected a whole number."),
    "int_parsing": N_("Expected a whole number."),
    "int_from_float": N_("Expected a whole number."),
    "bool_type": N_("Expected true or false."),
    "bool_parsing": N_("Expected true or false."),
    "string_type": N_("Expected a text."),
    "list_type": N_("Expected a list."),
    "dict_type": N_("Expected an object."),
    "model_type": N_("Expected an object."),
    "model_attributes_type": N_("Expected an object."),
    "greater_than_equal": N_("The value must be at least {ge}."),
    "less_than_equal": N_("The value must be at most {le}."),
    "too_long": N_("Too many items (at most {max_length})."),
    "too_short": N_("Too few items (at least {min_length})."),
    "string_too_long": N_("The text is too long (at most {max_length} characters)."),
    "string_too_short": N_("The text is too short (at least {min_length} characters)."),
    "enum": N_("Expected one of: {expected}."),
    "literal_error": N_("Expected one of: {expected}."),
    "union_tag_invalid": N_("Unknown type {tag}; expected one of: {expected_tags}."),
    "union_tag_not_found": N_("The field {discriminator} is required."),
    "value_error": N_("{error}"),
}


def pointer(parts: tuple[Any, ...] | list[Any]) -> str:
    """A JSON pointer (RFC 6901) for a sequence of keys and indexes: ``/players/0/money``."""
    if not parts:
        return ""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass(frozen=True)
class FieldError:
    """One problem in the input: where it is and what is wrong."""

    path: str
    message: Message

    def to_json(self, lang: str = "en") -> dict[str, str]:
        return {"path": self.path, "message": self.message.render(lang)}


class MalformedInput(ValueError):
    """The input is not a well-formed state or move. ``errors`` lists every problem."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        summary = "; ".join(f"{e.path or '/'}: {e.message}" for e in errors[:5])
        super().__init__(f"malformed input ({len(errors)} problem(s)): {summary}")

    @classmethod
    def single(cls, path: str, template: str, **params: Any) -> MalformedInput:
        return cls([FieldError(path, Message(CORE, template, params))])

    @classmethod
    def from_pydantic(
        cls, error: ValidationError, data: Any = None, prefix: tuple[Any, ...] = ()
    ) -> MalformedInput:
        """Convert pydantic's errors; ``data`` (the input) lets the paths skip the names
        pydantic inserts for union members, so that every path points into the input."""
        problems = []
        for item in error.errors(include_url=False):
            loc = _input_path(item["loc"], data)
            if item["type"] in ("union_tag_invalid", "union_tag_not_found"):
                loc += (str((item.get("ctx") or {}).get("discriminator", "type")).strip("'\""),)
            template = _PYDANTIC_MESSAGES.get(item["type"])
            raised = (item.get("ctx") or {}).get("error")
            ctx = {k: _plain(v) for k, v in (item.get("ctx") or {}).items()}
            if isinstance(raised, ValueError) and raised.args and isinstance(
                raised.args[0], Message
            ):
                # a model's own check raised ValueError(Message(...)): it is translated
                message = raised.args[0]
            elif template is None:
                message = Message(CORE, "{error}", {"error": item["msg"]})
            else:
                try:
                    template.format(**ctx)
                    message = Message(CORE, template, ctx)
                except (KeyError, IndexError, ValueError):
                    message = Message(CORE, "{error}", {"error": item["msg"]})
            problems.append(FieldError(pointer(prefix + loc), message))
        return cls(problems)

    def to_json(self, lang: str = "en") -> list[dict[str, str]]:
        return [e.to_json(lang) for e in self.errors]


def _has(node: Any, part: Any) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _inserted_by_pydantic(node: Any, part: Any) -> bool:
    if not isinstance(part, str):
        return False
    if part.startswith(("function-", "json-or-python")) or "[" in part or ":" in part:
        return True
    return isinstance(node, dict) and part == node.get("type")


def _input_path(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """Keep the parts of a pydantic location that are real keys or indexes of ``data``.

    pydantic inserts a union member's tag or type name (``place``, ``function-after[...]``)
    into the location; those parts are not in the input and are dropped. The first part
    that cannot be followed (a missing or extra key) ends the walk and is kept.
    """
    path: list[Any] = []
    node = data
    for part in loc:
        if _has(node, part):
            node = node[part]
            path.append(part)
        elif not _inserted_by_pydantic(node, part):
            path.append(part)
            node = None
    return tuple(path)


def _plain(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


#: Inputs larger than this are refused before parsing (the page refuses at 256 KB).
MAX_INPUT_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64


def load_json(text: str | bytes, what: str = "") -> Any:
    """Parse JSON text, turning every failure into :class:`MalformedInput`."""
    if len(text) > MAX_INPUT_BYTES:
        raise MalformedInput.single(what, N_("The input is too large."))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedInput.single(
            what,
            N_("Not valid JSON: {error} (line {line}, column {column})."),
            error=exc.msg,
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except (RecursionError, ValueError, UnicodeDecodeError) as exc:
        raise MalformedInput.single(
            what, N_("Not valid JSON: {error}."), error=str(exc)[:200]
        ) from None
    # No depth walk here: the state and move models hold no free-form JSON, and pydantic
    # walks the model rather than the input, so nesting deeper than the model is refused
    # at the first level where it does not fit (json.loads itself stops runaway nesting).
    return data


def check_depth(data: Any, what: str = "") -> None:
    """Refuse documents nested deeper than any real state.

    Parsed JSON holds only plain ``dict`` and ``list`` containers, so exact type tests
    suffice; walking level by level keeps this a small fraction of a check.
    """
    level = [data]
    depth = 0
    while level:
        if depth > MAX_DEPTH:
            raise MalformedInput.single(what, N_("The input is nested too deeply."))
        below: list[Any] = []
        for node in level:
            kind = type(node)
            if kind is not dict and kind is not list:
                continue
            for value in node.values() if kind is dict else node:
                inner = type(value)
                if inner is dict or inner is list:
                    below.append(value)
        level = below
        depth += 1
