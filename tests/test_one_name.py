"""One thing, one name: each entry of a game's vocabulary reads the same in the verdicts,
the editor (its choices and the board's fields), the place of a violation (the page's
breadcrumb and the command line's text), the picture and the reference's glossary.

A board space is a field of the state's board too, and a player's building may share its
ID with a board space (Manhattan Project's ``reactor``): the reviewers found "Aeronaves:
Caças" on the picture against "Fábrica de Aeronaves (2 Caças)" in the verdicts, and the
board's "反應爐 A" on a player's building card.
"""

from __future__ import annotations

import html
import re

import pytest

from adjudicator.core.fields import field_label
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS, Name
from adjudicator.core.present import lines
from adjudicator.games import get_game
from web import labels, places
from web.pictures import draw


def _entries(game: Game) -> list[tuple[str, str]]:
    return [(kind, entity) for kind in game.vocab.kinds() for entity in game.vocab.entities(kind)]


def _svg_text(svg: str) -> str:
    return html.unescape(" ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)))


@pytest.mark.parametrize("lang", LANGS)
def test_verdict_editor_and_place_say_one_name(game, lang):
    for kind, entity in _entries(game):
        said = Name(game.domain, kind, entity).render(lang)
        assert labels.entity_name(game, kind, entity, lang) == said, (kind, entity)
        if labels.entity_kind(game, [entity]) == kind:
            # the breadcrumb of a violation (page and command line) names it alike
            assert places.entity_text(game, entity, lang) == said, (kind, entity)
        if kind == "space":
            assert field_label(game, entity, lang) == said, entity  # the board's field
            board = places.place_words(game, {"board": {}}, f"/board/{entity}", lang)
            assert board.endswith(said), (entity, board)


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_building_is_named_as_a_building(lang):
    game = get_game("manhattan-project")
    for entity in game.vocab.entities("building"):
        name = Name(game.domain, "building", entity).render(lang)
        assert places.entity_text(game, entity, lang) == name, entity


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_names_each_board_space_as_the_verdicts_do(lang):
    game = get_game("manhattan-project")
    svg = str(draw(game, game.parse_state(game.example("mid-game")), [], lang))
    shown = _svg_text(svg)
    for space in game.vocab.entities("space"):
        said = Name(game.domain, "space", space).render(lang)
        for line in lines(said, 24, 2):
            assert line in shown, (space, line)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_names_each_entry_as_the_verdicts_do(built_docs, game, lang):
    page = (built_docs / lang / "games" / game.id / "glossary.html").read_text("utf-8")
    # an entry whose name differs from a defined term's only in case is that term's entry
    text = html.unescape(re.sub(r"<[^>]+>", "", page)).casefold()
    missing = [
        (kind, entity)
        for kind, entity in _entries(game)
        if Name(game.domain, kind, entity).render(lang).casefold() not in text
    ]
    assert missing == []
