"""Where a JSON pointer is, in a player's words: "Player 4 (Dimitris) › 2. Reactor › Damage".

The page's verdicts and the command line's text answers say the place of a violation the
same way (the pointer itself stays in ``--format json``, ``--verbose`` and the API). Places
count from 1. No Flask here: the command line imports this module.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import FieldError, FieldName
from adjudicator.core.fields import item_label
from adjudicator.core.game import Game
from adjudicator.core.i18n import CORE, N_, Message

from . import forms, labels

THE_ACTION = N_("The action")
PLAYER = N_("Player {number} ({name})")
#: "Attacks 1: Bomber"; the Chinese colon is full-width and takes no space.
NUMBERED_ITEM = N_("{label} {number}: {title}")
#: A malformed input's problem after its place: "Player 1 (Red) — “Money” must be …".
PROBLEM_AT = N_("{place} — {problem}")


def _say(lang: str, msgid: str, **params: Any) -> str:
    return Message(CORE, msgid, params).render(lang)


def choice_text(game: Game | None, kind: str | None, value: Any, lang: str) -> str:
    """A closed choice's display name (``✓``/``✗`` for a yes or no)."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if not isinstance(value, str):
        return str(value)
    fallback = labels.field_label(game, value, lang, "") or labels.move_label(game, value, lang)
    return labels.entity_name(game, kind, value, lang, fallback)


def entity_text(game: Game | None, value: str, lang: str) -> str:
    return choice_text(game, labels.entity_kind(game, [value]), value, lang)


def _item_words(
    game: Game | None, key: str, index: int, item: Any, node: list[Any], lang: str
) -> str:
    if key == "players" and isinstance(item, dict):
        who = item.get("name", item.get("colour", ""))
        name = entity_text(game, who, lang) if isinstance(who, str) else ""
        return _say(lang, PLAYER, number=index + 1, name=name)
    if isinstance(item, str):
        title = entity_text(game, item, lang)
    else:
        phrase = labels.item_phrase(game, item, node, lang) if game is not None else None
        title = phrase or forms.item_title(item, lambda _k, v: entity_text(game, str(v), lang))
    label = labels.field_label(game, key, lang)
    if not title:
        return item_label(label, index + 1, lang)
    return _say(lang, NUMBERED_ITEM, label=label, number=index + 1, title=title)


def place_words(game: Game | None, data: Any, path: str, lang: str) -> str:
    """Where ``path`` (a JSON pointer into ``data``) is, as a player says it and as the
    editor labels it; a pointer into the move starts with "The action"."""
    words: list[str] = []
    node, key = data, ""
    parts = forms.split_pointer(path)
    if parts[:1] == ["move"]:
        words.append(_say(lang, THE_ACTION))
        node, parts = data.get("move") if isinstance(data, dict) else None, parts[1:]
    for part in parts:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            if words and labels.field_label(game, key, lang, ""):
                words.pop()  # "Players › Player 4 (Dimitris)" says it twice
            words.append(_item_words(game, key, int(part), node[int(part)], node, lang))
            node = node[int(part)]
        elif part.isdigit():
            if words and labels.field_label(game, key, lang, ""):
                words.pop()
            words.append(item_label(labels.field_label(game, key, lang), int(part) + 1, lang))
            node = None
        else:
            words.append(labels.field_label(game, part, lang, "") or entity_text(game, part, lang))
            node = node.get(part) if isinstance(node, dict) else None
        key = part
    return " › ".join(w for w in words if w)


def problem_place(game: Game | None, data: Any, error: FieldError, lang: str) -> str:
    """Where a malformed input's problem is, up to the field its message names: the
    message says the field ("“Money” must be a whole number"), the place the rest
    ("Player 1 (Red)"), so that the field is named once."""
    parts = forms.split_pointer(error.path)
    field = error.message.params.get("field")
    if isinstance(field, FieldName) and field.key in parts:
        parts = parts[: len(parts) - 1 - parts[::-1].index(field.key)]
    path = "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)
    return place_words(game, data, path, lang) if path else ""


def problem_words(game: Game | None, data: Any, error: FieldError, lang: str) -> str:
    """A malformed input's problem as a player reads it: its place, then what is wrong."""
    problem = error.message.render(lang)
    place = problem_place(game, data, error, lang)
    return _say(lang, PROBLEM_AT, place=place, problem=problem) if place else problem
