"""A place in a player's words (:mod:`web.places`): every field of every example state
and case move is named in the reader's language, counting from 1, never by its JSON key
or a bare number; the Chinese items say 第 N 項 (the zh_TW reader found "陸軍 1")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator.core.errors import pointer
from adjudicator.core.game import Game
from adjudicator.core.i18n import TRANSLATED_LANGS
from web.places import place_words

#: A Chinese place's part that is a label and a bare number ("陸軍 1"), or a number alone.
ZH_BARE_NUMBER = re.compile(r"^\D*[^\d\s） ] \d+$|^\d+$")


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:2]):
            yield (*path, index)
            yield from _paths(value, (*path, index))


def _inputs(game: Game) -> Iterator[dict[str, Any]]:
    for name in game.example_names():
        yield game.example(name)
    seen: set[str] = set()
    for case in game.cases:
        kind = str((case.move or {}).get("type", ""))
        if case.move and kind not in seen:  # one move of each kind
            seen.add(kind)
            yield {**case.build_state(game), "move": dict(case.move)}


def _bad_parts(game: Game, lang: str) -> dict[str, str]:
    bad: dict[str, str] = {}
    for data in _inputs(game):
        names = {str(p.get("name", "")) for p in data.get("players", []) if isinstance(p, dict)}
        for parts in _paths(data):
            path = pointer(parts)
            # a coordinate's letter (Quarantine's x and y) is its name in every language
            keys = {str(p) for p in parts if isinstance(p, str) and len(p) > 1} - names
            for part in place_words(game, data, path, lang).split(" › "):
                if part in keys or (lang == "zh_TW" and ZH_BARE_NUMBER.match(part)):
                    bad.setdefault(re.sub(r"/\d+", "/N", path), part)
    return bad


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_every_field_is_named_in_the_readers_words(game, lang):
    assert _bad_parts(game, lang) == {}


def test_an_item_without_a_title_is_counted_in_the_readers_words():
    from adjudicator.games import get_game

    game = get_game("imperial")
    data = {"move": {"type": "maneuver", "armies": [{"route": []}]}}
    assert place_words(game, data, "/move/armies/0", "zh_TW") == "行動 › 陸軍（第 1 項）"
    assert place_words(game, data, "/move/armies/0", "el").endswith(" 1")
    assert place_words(game, data, "/move/armies/3", "zh_TW") == "行動 › 陸軍（第 4 項）"


def test_a_long_choice_takes_a_whole_row_on_the_form():
    """A select in half a phone's row (about 140 px at 390 px) cuts a long choice: the
    field of such a select takes the whole row (``wide``; el and zh_TW at 390×844)."""
    from web.forms import Leaf

    def leaf(*texts: str) -> Leaf:
        return Leaf("enum:s/x", "X", "enum", "", "/x", [(t, t) for t in texts])

    assert leaf("Αυστρο-Ουγγαρία", "Ιταλία").wide
    assert leaf("工廠 A（2 架戰鬥機）").wide  # a Chinese character is two wide
    assert not leaf("Ιταλία", "Γαλλία", "工廠 A").wide
