"""Malformed input: one error type that lists every problem with its JSON path."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .exceptions import AdjudicatorError
from .i18n import CORE, N_, Localized, Message, N_plural, Plural, join_items, normalize_lang

#: Our own wording of pydantic's error kinds; ``{field}`` names the field (a :class:`FieldName`:
#: its label in the reader's language, then its JSON key).
#: Kinds not listed get :data:`_INVALID`; a validator's own error is a :class:`InvalidValue`.
_PYDANTIC_MESSAGES: dict[str, str | Plural] = {
    "missing": N_("{field} is required."),
    "union_tag_not_found": N_("{field} is required."),
    "extra_forbidden": N_("{field} is not part of the format."),
    "int_type": N_("{field} must be a whole number."),
    "int_parsing": N_("{field} must be a whole number."),
    "int_from_float": N_("{field} must be a whole number."),
    "int_parsing_size": N_("{field} is too large a number."),
    "float_type": N_("{field} must be a number."),
    "float_parsing": N_("{field} must be a number."),
    "finite_number": N_("{field} must be a finite number."),
    "bool_type": N_("{field} must be `true` or `false`."),
    "bool_parsing": N_("{field} must be `true` or `false`."),
    "string_type": N_("{field} must be a text."),
    "string_pattern_mismatch": N_("{field} does not have the expected form."),
    "list_type": N_("{field} must be a list."),
    "tuple_type": N_("{field} must be a list."),
    "set_type": N_("{field} must be a list."),
    "dict_type": N_("{field} must be an object."),
    "model_type": N_("{field} must be an object."),
    "model_attributes_type": N_("{field} must be an object."),
    "dataclass_type": N_("{field} must be an object."),
    "greater_than_equal": N_("{field} must be at least {ge}."),
    "greater_than": N_("{field} must be more than {gt}."),
    "less_than_equal": N_("{field} must be at most {le}."),
    "less_than": N_("{field} must be less than {lt}."),
    "multiple_of": N_("{field} must be a multiple of {multiple_of}."),
    "too_long": N_plural(
        "{field} may hold at most {count} item.", "{field} may hold at most {count} items."
    ),
    "too_short": N_plural(
        "{field} needs at least {count} item.", "{field} needs at least {count} items."
    ),
    "string_too_long": N_plural(
        "{field} may be at most {count} character long.",
        "{field} may be at most {count} characters long.",
    ),
    "string_too_short": N_plural(
        "{field} must be at least {count} character long.",
        "{field} must be at least {count} characters long.",
    ),
    "enum": N_("{field} must be one of {expected}."),
    "literal_error": N_("{field} must be one of {expected}."),
    "union_tag_invalid": N_("{field} cannot be {tag}; it must be one of {expected}."),
    "value_error": N_("{field} is not valid: {error}"),
    "assertion_error": N_("{field} is not valid: {error}"),
    "recursion_loop": N_("The input is nested too deeply."),
    "json_invalid": N_("Not valid JSON: {error}."),
}
#: The wording of errors about the whole input (a validator of the state or move model).
_ROOT_MESSAGES: dict[str, str | Plural] = {
    "value_error": N_("The input is not valid: {error}"),
    "assertion_error": N_("The input is not valid: {error}"),
    "model_type": N_("The input must be a JSON object."),
    "model_attributes_type": N_("The input must be a JSON object."),
    "dict_type": N_("The input must be a JSON object."),
}
#: The wording of any other kind of error.
_INVALID = N_("{field} is not valid.")
#: The ``ctx`` key holding the count of a plural message.
_COUNTS = {
    "too_long": "max_length",
    "too_short": "min_length",
    "string_too_long": "max_length",
    "string_too_short": "min_length",
}


class InvalidValue(AdjudicatorError, ValueError):
    """A validator's own error, in words a player can read in their language.

    Raise it from a pydantic validator instead of a plain ``ValueError``::

        raise InvalidValue(DOMAIN, N_("Two players have the same colour."))

    A plain ``ValueError`` still works, but its English text is shown in English only.
    """

    def __init__(self, domain: str, template: str | Plural, **params: Any) -> None:
        self.message = Message(domain, template, params)
        super().__init__(self.message.render("en"))


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


#: What each answer holds beside its ``errors`` when its input is malformed: the CLI's
#: ``--format json`` and the API's 422 body are the same answer (:meth:`MalformedInput.answer`).
MALFORMED_SHAPES: Mapping[str, Mapping[str, Any]] = {
    "check": {"valid": False, "violations": []},
    "move": {"legal": False, "violations": [], "state": None, "alternatives": []},
    "score": {"final": False, "scores": {}, "winner": None},
    "options": {"count": 0, "counts": {}, "actions": [], "notes": []},
}


class MalformedInput(AdjudicatorError, ValueError):
    """The input is not a well-formed state or move. ``errors`` lists every problem."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        summary = "; ".join(f"{e.path or '/'}: {e.message}" for e in errors[:5])
        noun = "problem" if len(errors) == 1 else "problems"
        super().__init__(f"malformed input ({len(errors)} {noun}): {summary}")

    @classmethod
    def single(cls, path: str, template: str, **params: Any) -> MalformedInput:
        return cls([FieldError(path, Message(CORE, template, params))])

    @classmethod
    def from_pydantic(
        cls,
        error: ValidationError,
        data: Any = None,
        prefix: tuple[Any, ...] = (),
        domain: str = "",
    ) -> MalformedInput:
        """Convert pydantic's errors; ``data`` (the input) lets the paths skip the names
        pydantic inserts for union members, so that every path points into the input.
        ``domain`` (a game's) lets a list of allowed values name each value in the
        reader's language, from the game's vocabulary."""
        problems = []
        for item in error.errors(include_url=False):
            loc = _input_path(item["loc"], data)
            if item["type"] in ("union_tag_invalid", "union_tag_not_found"):
                loc += (str((item.get("ctx") or {}).get("discriminator", "type")).strip("'\""),)
            problems.append(FieldError(pointer(prefix + loc), _message(item, loc, domain)))
        return cls(problems)

    def to_json(self, lang: str = "en") -> list[dict[str, str]]:
        """Every problem as ``{"path", "message"}``, the message in ``lang``."""
        return [e.to_json(lang) for e in self.errors]

    def answer(self, which: str, lang: str = "en") -> dict[str, Any]:
        """The answer of the ``which`` command (``check``, ``move``, ``score`` or
        ``options``) to this input: that answer's shape, empty, with the ``errors``.
        Raises ``KeyError`` for another command."""
        return {**copy.deepcopy(dict(MALFORMED_SHAPES[which])), "errors": self.to_json(lang)}


class FieldName(Localized):
    """The field an error is about, named once, as the reader knows it: its label in the
    reader's language, the one the page's form shows («Μετρητά», “Dinheiro”, 「現金」), with
    the item's number for an item of a list ("Attacks 2"); its JSON key in backquotes only
    when the field has no label (the key is the path's last part, which the answer's
    ``path`` and the command line's ``--verbose`` give). Chinese quotes a key as it quotes
    a label (「`cash`」)."""

    def __init__(self, key: str, shown: str, domain: str = "", number: int | None = None) -> None:
        self.key, self.shown, self.domain, self.number = key, shown, domain, number

    def render(self, lang: str = "en") -> str:
        from .fields import field_label, item_label
        from .registry import game_ids, load_game

        game = load_game(self.domain) if self.domain in game_ids() else None
        label = field_label(game, self.key, lang, "")
        if not label:
            code = f"`{self.shown}`"
            return f"「{code}」" if normalize_lang(lang) == "zh_TW" else code
        if self.number is not None:
            label = item_label(label, self.number, lang)
        return Message(CORE, N_("“{label}”"), {"label": label}).render(lang)

    def __str__(self) -> str:
        return self.render("en")


def _field(loc: tuple[Any, ...], domain: str = "") -> FieldName | str:
    """The field an error is about: its JSON key, or ``key[n]`` for an item (from 1)."""
    if not loc:
        return "`/`"
    last = loc[-1]
    if isinstance(last, int):
        key = next((str(p) for p in reversed(loc) if not isinstance(p, int)), "")
        if not key:
            return f"`[{last + 1}]`"
        return FieldName(key, f"{key}[{last + 1}]", domain, last + 1)
    return FieldName(str(last), str(last), domain)


class Choices(Localized):
    """Allowed values (of an enum, a union tag, a kind of action), joined as the reader's
    language joins lists (``style``: Babel's, "or" by default); each value the game's
    vocabulary names (in ``kind``, else the kind that names them all) is followed by its
    name: "`AH` (Αυστρο-Ουγγαρία)"."""

    def __init__(
        self, values: list[str], domain: str = "", style: str = "or", kind: str = ""
    ) -> None:
        self.values = values
        self.domain = domain
        self.style = style
        self.kind = kind

    def render(self, lang: str = "en") -> str:
        from .registry import vocabulary

        lang = normalize_lang(lang)
        vocab = vocabulary(self.domain) if self.domain else None
        kind = self.kind or (vocab.kind_of(self.values) if vocab is not None else None)
        brackets = "（{}）" if lang == "zh_TW" else " ({})"
        shown = []
        for value in self.values:
            name = vocab.name(kind, value, lang) if vocab is not None and kind else ""
            plain = name.casefold() in (value.casefold(), value.replace("_", " ").casefold())
            shown.append(f"`{value}`" + ("" if plain or not name else brackets.format(name)))
        return join_items(shown, lang, style=self.style)


def _choices(text: str, domain: str = "") -> Choices:
    """pydantic's English list of allowed values ("'a', 'b' or 'c'") as a list."""
    parts = [p.strip().strip("'\"") for p in text.replace(" or ", ", ").split(",")]
    return Choices([p for p in parts if p], domain)


def _message(item: Any, loc: tuple[Any, ...], domain: str = "") -> Message:
    kind = item["type"]
    ctx = item.get("ctx") or {}
    error = ctx.get("error")
    if isinstance(error, InvalidValue):
        return error.message
    params: dict[str, Any] = {k: _plain(v) for k, v in ctx.items()}
    params["field"] = _field(loc, domain)
    template = _PYDANTIC_MESSAGES.get(kind, _INVALID)
    if not loc:
        template = _ROOT_MESSAGES.get(kind, template)
    if kind in _COUNTS:
        params["count"] = int(ctx.get(_COUNTS[kind], 0))
    if "expected" in ctx or "expected_tags" in ctx:
        expected = str(ctx.get("expected", ctx.get("expected_tags", "")))
        params["expected"] = _choices(expected, domain)
    if kind == "union_tag_invalid":
        params["tag"] = f"`{str(ctx.get('tag', '')).strip(chr(39))}`"
    if kind in ("value_error", "assertion_error"):
        params["error"] = str(error or item["msg"]).removeprefix("Value error, ")
    try:
        text = template.plural if isinstance(template, Plural) else template
        text.format(**params)
    except (KeyError, IndexError, ValueError):
        template = _INVALID
    return Message(CORE, template, params)


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


#: Python's JSON error messages, in our words (translated in the catalogs).
_JSON_ERRORS = {
    "Expecting value": N_("a value is expected here"),
    "Expecting property name enclosed in double quotes": N_(
        "a key in double quotes is expected here"
    ),
    "Expecting ',' delimiter": N_("a comma is missing"),
    "Expecting ':' delimiter": N_("a colon is missing"),
    "Unterminated string starting at": N_("a text is not closed"),
    "Invalid control character at": N_("a text holds a control character"),
    "Extra data": N_("there is more after the end"),
    "Invalid \\escape": N_("a backslash escape is not valid"),
    "Invalid \\uXXXX escape": N_("a backslash escape is not valid"),
    "Illegal trailing comma before end of object": N_("a comma comes before the end"),
    "Illegal trailing comma before end of array": N_("a comma comes before the end"),
}
_JSON_UNREADABLE = N_("the text cannot be read as JSON")


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
            error=Message(CORE, _JSON_ERRORS.get(exc.msg, _JSON_UNREADABLE)),
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except (RecursionError, ValueError, UnicodeDecodeError) as exc:
        unreadable = (
            N_("the input is not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else None
        )
        raise MalformedInput.single(
            what,
            N_("Not valid JSON: {error}."),
            error=Message(CORE, unreadable or _JSON_UNREADABLE),
        ) from None
    if "\\u" in (text if isinstance(text, str) else text.decode("utf-8", "replace")):
        check_text(data, what)
    # No depth walk here: the state and move models hold no free-form JSON, and pydantic
    # walks the model rather than the input, so nesting deeper than the model is refused
    # at the first level where it does not fit (json.loads itself stops runaway nesting).
    return data


def _surrogate_at(data: Any) -> tuple[Any, ...] | None:
    """The path of the first text (a value or a key) that cannot be written as UTF-8: a
    lone surrogate, which only a ``\\uD800``-style escape in JSON can make."""
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if not node.isascii():
                try:
                    node.encode("utf-8")
                except UnicodeEncodeError:
                    return path
        elif isinstance(node, dict):
            for key, value in node.items():
                if _surrogate_at(key) is not None:
                    return (*path, key.encode("utf-8", "replace").decode())
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node))
    return None


def check_text(data: Any, what: str = "") -> None:
    """Refuse parsed JSON holding a text that is not Unicode (a lone surrogate), naming
    where it is: it could be neither stored nor shown."""
    found = _surrogate_at(data)
    if found is not None:
        raise MalformedInput.single(
            what + pointer(found),
            N_("Not valid JSON: {error}."),
            error=Message(CORE, N_("the input is not UTF-8 text")),
        )


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
