"""Readable, translatable labels for the form editor's fields and the kinds of action.

The games' models name their fields in English snake case; the editor shows these labels
instead (in the page's language). A game's own fields and kinds of action are labelled by
its ``present`` (``games/<package>/present.py``, in the game's domain); the fields several
games share are labelled in ``adjudicator.core.fields``; a field without a label shows its own name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.core.fields import SHARED_FIELDS
from adjudicator.core.fields import field_label as field_label
from adjudicator.core.game import Game
from adjudicator.core.i18n import gettext

#: The labels of the fields that several games share (kept in the core: the malformed-input
#: errors name fields by them too).
FIELDS = SHARED_FIELDS


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


#: The vocabulary kinds of VOCAB_API.md, tried in this order for a closed choice.
KINDS = ("colour", "nation", "region", "space", "building", "card", "resource", "worker",
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
