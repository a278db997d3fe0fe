"""Malformed-input answers hold no English word in el, pt and zh_TW: pydantic's errors, the
CLI's file errors and the lists of allowed values (named from the game's vocabulary)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator.cli import main
from adjudicator.core.errors import MalformedInput
from adjudicator.core.i18n import Listed, join_items
from adjudicator.games import get_game

TRANSLATED = ("el", "pt", "zh_TW")
#: English words a malformed answer could leak (outside `backquoted` field names and values).
ENGLISH = re.compile(
    r"\b(or|and|the|is|not|must|field|input|value|expected|should|valid|required|missing|"
    r"such|file|directory|denied|permission|folder|true|false)\b",
    re.IGNORECASE,
)
WRONG = ("zz", -1, {}, [], 1.5, None, "x" * 100)


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(re.sub(r"`[^`]*`", "", text))


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:1]):
            yield (*path, index)
            yield from _paths(value, (*path, index))


def _broken(data: Any) -> Iterator[Any]:
    """``data`` with one value at a time replaced by a value of a wrong kind."""
    for path in _paths(data):
        for wrong in WRONG:
            copied = copy.deepcopy(data)
            node = copied
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = wrong
            yield copied


def test_state_and_move_errors_hold_no_english_word(game):
    answers: set[str] = set()
    for data in _broken(game.example()):
        try:
            game.parse_state(data)
        except MalformedInput as exc:
            answers.update(m["message"] for lang in TRANSLATED for m in exc.to_json(lang))
    moves = [dict(c.move) for c in game.cases if c.move][:15]
    for move in moves:
        for data in _broken(move):
            try:
                game.parse_move(data)
            except MalformedInput as exc:
                answers.update(m["message"] for lang in TRANSLATED for m in exc.to_json(lang))
    assert answers
    assert [a for a in answers if english_words(a)] == []


def test_the_english_word_scan_can_fail():
    assert english_words("Το πεδίο `x` πρέπει να είναι true ή false.") == ["true", "false"]
    assert english_words("`or` ή `and`") == []


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("where", ["/nx/q7/zz.json", "/tmp"])
def test_file_errors_of_the_cli_are_in_the_readers_language(capsys, lang, where):
    assert main(["check", "imperial", where, "--lang", lang, "--format", "json"]) == 2
    (error,) = json.loads(capsys.readouterr().out)["errors"]
    assert error["message"] and english_words(error["message"]) == []


def test_allowed_values_are_named_from_the_vocabulary():
    game = get_game("imperial")
    with pytest.raises(MalformedInput) as info:
        game.parse_move({"type": "factory", "nation": "XX", "space": "factory"})
    messages = {lang: info.value.to_json(lang)[0]["message"] for lang in ("en", "el", "zh_TW")}
    assert "`AH` (Austria-Hungary)" in messages["en"]
    assert "`AH` (Αυστρο-Ουγγαρία)" in messages["el"] and " ή `RU` (Ρωσία)" in messages["el"]
    assert "`AH`（奧匈帝國）" in messages["zh_TW"] and "或 `RU`" in messages["zh_TW"]


def test_chinese_lists_space_the_list_word_beside_latin_words():
    assert join_items(["Anna", "Ben"], "zh_TW") == "Anna 和 Ben"
    assert join_items(["`GE`", "`RU`"], "zh_TW", style="or") == "`GE` 或 `RU`"
    assert join_items(["紅色", "藍色"], "zh_TW") == "紅色和藍色"
    assert Listed((0, 2, 4)).render("zh_TW") == "0、2 和 4"
    assert Listed((0, 2, 4)).render("el") == "0, 2 και 4"
    assert Listed((0, 2, 4)).render("pt") == "0, 2 e 4"


def test_a_field_is_named_once_by_its_label_in_the_readers_language():
    """The message names the field as the form labels it, once, without its JSON key
    (the answer's ``path`` holds the pointer); the text answers say the place before it."""
    game = get_game("imperial")
    data = game.example()
    data["players"][0]["cash"] = "x"
    with pytest.raises(MalformedInput) as info:
        game.parse_state(data)
    said = {lang: info.value.to_json(lang)[0]["message"] for lang in ("en", "el", "pt", "zh_TW")}
    assert said["en"] == "“Cash” must be a whole number."
    assert said["el"] == "Το πεδίο «Μετρητά» πρέπει να είναι ακέραιος αριθμός."
    assert said["pt"] == "O campo “Dinheiro” deve ser um número inteiro."
    assert said["zh_TW"] == "欄位「現金」必須是整數。"
    assert info.value.to_json("el")[0]["path"] == "/players/0/cash"


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "  Player 1 (Anna) — “Cash” must be a whole number."),
        ("el", "  Παίκτης 1 (Anna) — Το πεδίο «Μετρητά» πρέπει να είναι ακέραιος αριθμός."),
        ("zh_TW", "  第 1 位玩家（Anna）：欄位「現金」必須是整數。"),
    ],
)
def test_the_text_answer_names_the_place_then_the_field_once(capsys, tmp_path, lang, line):
    game = get_game("imperial")
    data = game.example()
    data["players"][0]["cash"] = "x"
    state = tmp_path / "state.json"
    state.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", "imperial", str(state), "--lang", lang]) == 2
    assert capsys.readouterr().out.splitlines()[1] == line
    main(["check", "imperial", str(state), "--lang", lang, "--verbose"])
    assert capsys.readouterr().out.splitlines()[1] == line + "  [/players/0/cash]"


def test_an_item_of_a_list_is_named_with_its_number():
    game = get_game("imperial")
    with pytest.raises(MalformedInput) as info:
        game.parse_move({"type": "maneuver", "nation": "AH", "armies": [{"route": [5]}]})
    said = {lang: info.value.to_json(lang)[0]["message"] for lang in ("el", "zh_TW")}
    assert said["el"] == "Το πεδίο «Διαδρομή 1» πρέπει να είναι κείμενο."
    assert said["zh_TW"] == "欄位「路線（第 1 項）」必須是文字。"


def test_an_unknown_kind_of_action_lists_the_kinds_by_name():
    game = get_game("quarantine")
    with pytest.raises(MalformedInput) as info:
        game.options_of(game.example(), "nope")
    said = info.value.to_json("el")[0]["message"]
    assert "`treat` (" in said and english_words(said) == []
