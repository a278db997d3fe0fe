"""Readable, translatable labels for the form editor's fields and the kinds of action.

The games' models name their fields in English snake case; the editor shows these labels
instead (in the page's language). A game's own fields and kinds of action are labelled by
its ``present`` (``games/<package>/present.py``, in the game's domain); the fields several
games share are labelled in ``adjudicator.core.fields``; a field named after a game concept
is labelled by its glossary term; any other field shows its own name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.core.fields import SHARED_FIELDS
from adjudicator.core.fields import field_label as core_field_label
from adjudicator.core.game import Game
from adjudicator.core.i18n import CORE, N_, Message, Name, gettext

#: The labels of the fields that several games share (kept in the core: the malformed-input
#: errors name fields by them too).
FIELDS = SHARED_FIELDS


def field_label(game: Game | None, key: str, lang: str, default: str | None = None) -> str:
    """A field's label in ``lang``: the game's own or a shared one (the core's
    :func:`~adjudicator.core.fields.field_label`), else the glossary's term of that name,
    else ``default`` (the field's own name when ``default`` is ``None``)."""
    found = core_field_label(game, key, lang, "")
    if found:
        return found
    named = _glossary_name(game, key, lang) if game is not None else None
    if named:
        return named  # a field named after a concept of the game (``general_supply``)
    return key.replace("_", " ") if default is None else default


def move_label(game: Game | None, tag: str, lang: str) -> str:
    """A kind of action in ``lang``: the game's label, else its vocabulary's name."""
    present = game.present if game is not None else None
    if present is not None and tag in present.moves:
        return gettext(game.domain, lang, present.moves[tag])  # type: ignore[union-attr]
    if game is not None and game.vocab.has("move", tag):
        return str(game.vocab.name("move", tag, lang))
    return tag.replace("_", " ")


def player_fields(game: Game) -> frozenset[str]:
    """The fields that name a player: their choices are the players of the state."""
    return game.present.player_fields if game.present is not None else frozenset()


def entity_fields(game: Game) -> dict[str, str]:
    """The fields whose value is an entity of a vocabulary kind, with that kind."""
    return dict(game.present.entity_fields) if game.present is not None else {}


#: The vocabulary kinds of VOCAB_API.md, tried in this order for a closed choice (a
#: building before a board space: a player's Reactor card is not the board's Reactor A).
KINDS = ("colour", "nation", "region", "building", "space", "card", "resource", "worker",
         "track", "unit", "stance", "rondel", "cube", "room", "action", "move", "marker",
         "unit-of-money")  # fmt: skip


def vocabulary(game: Any) -> Any:
    """The game's vocabulary (``game.vocab``, see VOCAB_API.md)."""
    return getattr(game, "vocab", None)


def _glossary_name(game: Any, entity: str, lang: str) -> str | None:
    """A glossary term named like ``entity`` (``mine_paid`` → ``mine-paid``), in ``lang``."""
    wanted = {entity, entity.replace("_", "-"), entity.lower()}
    for term in getattr(game, "glossary", ()):
        if getattr(term, "id", None) in wanted:
            names = getattr(term, "names", {})
            text = names.get(lang) or names.get("en")
            if isinstance(text, str) and text:
                return text[:1].upper() + text[1:]
    return None


def entity_kind(game: Any, values: list[str]) -> str | None:
    """The vocabulary kind whose entities include every one of ``values``, if any."""
    vocab = vocabulary(game)
    if vocab is None or not values:
        return None
    for kind in KINDS:
        if all(vocab.has(kind, v) for v in values):
            return str(kind)
    return None


def entity_name(game: Any, kind: str | None, entity: str, lang: str, fallback: str = "") -> str:
    """The display name of ``entity``: the vocabulary's, else the glossary's, else a label."""
    vocab = vocabulary(game)
    if vocab is not None and kind and vocab.has(kind, entity):
        return str(vocab.name(kind, entity, lang))
    return _glossary_name(game, entity, lang) or fallback or entity.replace("_", " ")


def entities(game: Any, kind: str) -> list[str]:
    """The entities of ``kind`` in the game's vocabulary."""
    vocab = vocabulary(game)
    return list(vocab.entities(kind)) if vocab is not None else []


Choices = Callable[[str, list[Any]], list[tuple[str, str]]]


#: A list item as a phrase, by the fields it has: an Imperial unit, a Quarantine tile.
UNIT_TITLE = N_("{kind} of {nation} in {region}")
UNITS_TITLE = N_("{kind} of {nation} in {region} ({count})")
#: a unit of the move's own nation, which the item does not repeat ("fleet in Vienna")
UNIT_AT = N_("{kind} in {region}")
TILE_TITLE = N_("{kind} at row {row}, column {column}")
COLOURED_TILE_TITLE = N_("{colour} {kind} at row {row}, column {column}")


def item_phrase(game: Game, item: Any, items: list[Any], lang: str) -> str | None:
    """A list item named as a player says it ("Army of Austria-Hungary in Greece", "Red
    treatment room at row 1, column 2"), or ``None`` when its fields make no phrase. A tile's
    row and column count from 1 in the frame of its list, north on top, as the verdicts say."""
    if not isinstance(item, dict):
        return None
    shown = {k: v for k, v in item.items() if v is not None}
    names = {k: _name(game, v) for k, v in shown.items() if k in ("nation", "kind", "region")}
    names.update({k: _name(game, v, "colour") for k, v in shown.items() if k == "colour"})
    if any(n is None for n in names.values()):
        return None
    if {"nation", "kind", "region"} <= names.keys():
        count = item.get("count", 1)
        template = UNIT_TITLE if count == 1 else UNITS_TITLE
        return _phrase(Message(CORE, template, {**names, "count": count}), lang)
    if {"kind", "region"} == names.keys() and "count" not in shown:
        return _phrase(Message(CORE, UNIT_AT, names), lang)
    place = grid_place(item, items)
    if place is None or "kind" not in names:
        return None
    template = COLOURED_TILE_TITLE if "colour" in names else TILE_TITLE
    return _phrase(Message(CORE, template, {**names, **place}), lang)


def _name(game: Game, value: Any, kind: str | None = None) -> Name | None:
    if not isinstance(value, str):
        return None
    found = kind if kind and game.vocab.has(kind, value) else entity_kind(game, [value])
    return Name(game.domain, found, value) if found else None


def grid_place(item: dict[str, Any], items: list[Any]) -> dict[str, int] | None:
    """An item's row and column among ``items`` placed by ``x``/``y`` (``None``: no place)."""
    spots = [(i["x"], i["y"]) for i in items if isinstance(i, dict) and _on_grid(i)]
    if not _on_grid(item) or not spots:
        return None
    north, west = max(y for _, y in spots), min(x for x, _ in spots)
    return {"row": north - item["y"] + 1, "column": item["x"] - west + 1}


def _on_grid(item: dict[str, Any]) -> bool:
    return all(isinstance(item.get(k), int) and not isinstance(item.get(k), bool) for k in "xy")


def _phrase(message: Message, lang: str) -> str:
    text = message.render(lang)
    return text[:1].upper() + text[1:]
