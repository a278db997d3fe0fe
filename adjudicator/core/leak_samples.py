"""The message templates of a game, with representative parameters: what the leak test
renders (issue 11) to find leaks in every message a game can say.

:func:`message_templates` reads a domain's templates from its ``.pot`` (the entries taken
from Python code); :func:`param_kinds` reads from the code which vocabulary kind each
parameter names (``player=checks.name("colour", c)``); :func:`samples` fills a template
with names from the game's vocabulary and counts 1, 2 and 5.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.pofile import read_po

from .i18n import Message, Name, Names, Plural, locale_dir

if TYPE_CHECKING:
    from .game import Game


#: A template's parameter rendered as names: its kind and whether it is a list.
ParamKind = tuple[str, bool]


def message_templates(domain: str) -> list[str | Plural]:
    """The templates of a domain's messages: the ``.pot`` entries taken from Python code."""
    path = locale_dir() / f"{domain}.pot"
    with path.open("rb") as fp:
        template = read_po(fp)
    found: list[str | Plural] = []
    for message in template:
        if not message.id or not any(f.endswith(".py") for f, _ in message.locations):
            continue
        if isinstance(message.id, tuple):
            found.append(Plural(str(message.id[0]), str(message.id[1])))
        else:
            found.append(str(message.id))
    return found


def _call_name(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _name_kind(node: ast.expr, helpers: Mapping[str, ParamKind]) -> ParamKind | None:
    """The kind a ``checks.name("colour", ...)``-like call names, if ``node`` is one."""
    if not isinstance(node, ast.Call):
        return None
    func = _call_name(node.func)
    if func in ("name", "names") and node.args:
        kind = _literal(node.args[0])
        return (kind, func == "names") if kind else None
    if func in ("Name", "Names") and len(node.args) >= 2:
        kind = _literal(node.args[1])
        return (kind, func == "Names") if kind else None
    return helpers.get(func)


def _template_of(node: ast.Call) -> str | Plural | None:
    for arg in node.args:
        if isinstance(arg, ast.Call) and _call_name(arg.func) in ("N_", "N_plural"):
            texts = [_literal(a) for a in arg.args]
            if _call_name(arg.func) == "N_" and texts and texts[0]:
                return texts[0]
            if len(texts) == 2 and texts[0] and texts[1]:
                return Plural(texts[0], texts[1])
    return None


def param_kinds(folder: Path) -> dict[str | Plural, dict[str, ParamKind]]:
    """For each template of the Python files under ``folder``: the parameters passed as
    entity names (``player=checks.name("colour", c)``), read from the code. A function
    that returns such a name (``def _nation(n): return checks.name("nation", n)``) counts."""
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(folder.rglob("*.py"))]
    helpers: dict[str, ParamKind] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        kind = _name_kind(ret.value, {})
                        if kind:
                            helpers[node.name] = kind
    found: dict[str | Plural, dict[str, ParamKind]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            template = _template_of(node)
            if template is None:
                continue
            kinds = found.setdefault(template, {})
            for keyword in node.keywords:
                kind = _name_kind(keyword.value, helpers) if keyword.arg else None
                if kind and keyword.arg:
                    kinds[keyword.arg] = kind
    return found


def placeholders(template: str | Plural) -> list[str]:
    """The parameter names a template uses."""
    texts = [template.singular, template.plural] if isinstance(template, Plural) else [template]
    names: list[str] = []
    for text in texts:
        for _, field_name, _, _ in string.Formatter().parse(text):
            if field_name:
                root = re.split(r"[.\[]", field_name)[0]
                if root and root not in names:
                    names.append(root)
    return names


@dataclass(frozen=True)
class Sample:
    """A template rendered with representative parameters, ready to scan."""

    template: str | Plural
    message: Message
    missing_kinds: tuple[str, ...]


def samples(game: Game, template: str | Plural, kinds: Mapping[str, ParamKind]) -> list[Sample]:
    """The template with each count of 1, 2 and 5, names from the vocabulary, and other
    parameters as numbers (places count from 1, so no zero is ever passed)."""
    vocab = game.vocab
    result = []
    for count in (1, 2, 5):
        params: dict[str, Any] = {}
        missing = []
        for name in placeholders(template):
            kind = kinds.get(name)
            if kind is None:
                params[name] = count
                continue
            entities = vocab.entities(kind[0])
            if not entities:
                missing.append(kind[0])
            picked = entities[: min(count, 3)] if kind[1] else entities[:1]
            if kind[1]:
                params[name] = Names(game.domain, kind[0], tuple(picked) or ("?",))
            else:
                params[name] = Name(game.domain, kind[0], picked[0] if picked else "?")
        if isinstance(template, Plural):
            params["count"] = count
        result.append(Sample(template, Message(game.domain, template, params), tuple(missing)))
    return result
