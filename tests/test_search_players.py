"""The rule search on questions as players type them: slips, homophones, table words,
small words, general rules (issue 29). Written from the failure classes, not from the
held-out test set."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.aliases import load_aliases, load_general
from adjudicator.games import available_games, get_game
from adjudicator.search import index_for, search
from adjudicator.search.lexicon import Sounds, stop_keys, weakness

MP, IM, QU = (get_game(g) for g in ("manhattan-project", "imperial", "quarantine"))


def top(game, text: str, lang: str, n: int = 1) -> list[str]:
    return [hit.rule.id for hit in search(game, text, lang).hits[:n]]


@pytest.mark.parametrize(
    ("gid", "text", "lang", "rule"),
    [
        ("imperial", "railraod", "en", "IM-604"),
        ("manhattan-project", "plutonim bomb value", "en", "MP-902"),
        ("imperial", "σιδιροδρομος", "el", "IM-604"),
        ("quarantine", "απολυμανση γκρι κυβου", "el", "QU-625"),
        ("imperial", "ferovia", "pt", "IM-604"),
        ("quarantine", "desinfectar", "pt", "QU-625"),
    ],
)
def test_a_misspelt_word_finds_its_term(gid, text, lang, rule):
    assert top(get_game(gid), text, lang) == [rule]


@pytest.mark.parametrize(
    ("gid", "text", "rule", "meant"),
    [
        ("quarantine", "消讀", "QU-625", "消毒"),  # xiāo dú: the input method's other 讀
        ("manhattan-project", "烘炸機可以有幾架", "MP-204", "轟炸機"),  # hōng: 烘 for 轟
        ("quarantine", "番修最多幾塊", "QU-627", "翻修"),  # fān: 番 for 翻
    ],
)
def test_a_homophone_character_finds_its_term(gid, text, rule, meant):
    results = search(get_game(gid), text, "zh_TW")
    assert results.hits[0].rule.id == rule
    assert any(m in (meant, _simplified(meant)) for m in results.hits[0].matched)


def _simplified(text: str) -> str:
    from adjudicator.search.analysis import to_simplified

    return to_simplified(text)


def test_sounds_replace_one_character_and_keep_the_rest():
    sounds = Sounds(["翻修", "灰色方块"])
    assert sounds.mend("番修幾次") == "翻修幾次"
    assert sounds.mend("灰色方塊") == "灰色方塊"  # a word of the catalog stays as typed
    assert sounds.mend("幾次") == "幾次"  # nothing sounds like a catalog word


def test_a_slip_is_a_character_the_catalog_never_writes():
    words = ["不能", "能", "还", "翻修", "修", "工程", "工程师", "不是", "有"]
    sounds = Sounds(words, weak=["不是"])
    assert sounds.mend("還能用嗎") == "還能用嗎"  # 還 is written by the catalog: no slip for 不
    assert sounds.mend("番修") == "翻修"  # 番 is not: the slip for 翻
    assert sounds.mend("工程獅") == "工程师"  # the longest word, though 工程 is one too
    assert sounds.mend("布是") == "布是"  # a stop word is never what a slip meant


def test_a_question_ranks_the_rule_that_holds_most_of_it():
    # A word asked twice counts once ("unit", «στόλου … στόλο»), and a rule that holds
    # every word asked ranks above one that holds some of them more often.
    assert top(IM, "import how many units max and cost per unit", "en") == ["IM-506"]
    assert top(IM, "πώς γίνεται η μάχη στόλου με στόλο", "el") == ["IM-607"]


def test_an_inventory_rule_answers_a_lookup_not_a_broad_question():
    assert top(MP, "spies", "en") == ["MP-205"]
    assert top(MP, "how many fighters", "en") == ["MP-204"]
    question = "πρεπει να βαλω εργαζομενο στο κεντρικο ταμπλο πριν βαλω στα κτιρια μου"
    assert top(MP, question, "el") == ["MP-405"]
    assert "MP-201" not in top(MP, question, "el", 3)


def test_a_greek_word_keeps_a_token():
    from adjudicator.search.analysis import stem_el

    assert stem_el("ιδιο") and stem_el("γαλλιασ") == stem_el("γαλλια")


@pytest.mark.parametrize(
    ("gid", "text", "lang", "rule"),
    [
        ("imperial", "upkeep", "en", "IM-805"),
        ("quarantine", "lobby boxed in", "en", "QU-416"),
        ("imperial", "lay the army on its side", "en", "IM-610"),
        ("imperial", "ποσες μαρκες εχει καθε εθνος", "el", "IM-205"),
        ("imperial", "δωρεαν κινησεις στη ροδα", "el", "IM-403"),
        ("imperial", "manutenção do exército", "pt", "IM-805"),
        ("manhattan-project", "consertar predio", "pt", "MP-520"),
        ("imperial", "進入別國要躺下嗎", "zh_TW", "IM-610"),
        ("quarantine", "裝修", "zh_TW", "QU-626"),
    ],
)
def test_a_word_players_use_finds_the_rule(gid, text, lang, rule):
    game = get_game(gid)
    assert rule in top(game, text, lang, 1), top(game, text, lang, 3)


def test_small_words_only_rank():
    assert {"no", "one", "per"} <= stop_keys("en") and {"mais", "ainda"} <= stop_keys("pt")
    assert "turn" not in stop_keys("en") and "ponto" not in stop_keys("pt")
    assert weakness("en", "2") and weakness("zh_TW", "下") and weakness("en", "fighter") is None
    groups = index_for(MP).language("en").parse(MP.id, "retrieval step 2").groups
    assert [g.label for g in groups if g.soft and g.label] == ["2"]
    # A weak word alone is the question.
    assert search(MP, "2", "en").hits


def test_a_general_rule_ranks_below_the_specific_one():
    assert {"IM-802", "IM-602"} <= IM.general_rules
    assert top(IM, "tax", "en") == ["IM-801"]
    assert top(IM, "army convoy", "en") == ["IM-603"]
    assert top(QU, "extra action markers a round", "en") == ["QU-622"]
    assert "MP-209" not in top(MP, "bomb cards", "en", 3)


def test_every_game_keeps_aliases_for_its_rules_in_every_language():
    for game in available_games():
        aliases = game.aliases
        assert len(aliases) >= 0.8 * len(game.catalog), game.id
        for rule_id, by_lang in aliases.items():
            assert set(by_lang) == {"en", "el", "pt", "zh_TW"}, rule_id
            assert all(by_lang.values()), rule_id


def test_an_alias_file_naming_an_unknown_rule_is_refused(tmp_path: Path):
    path = tmp_path / "aliases.toml"
    path.write_text('general = ["XX-1"]\n[XX-999]\nen = ["thing"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="XX-999"):
        load_aliases(path, {"XX-001"})
    with pytest.raises(ValueError, match="XX-1"):
        load_general(path, {"XX-001"})
    path.write_text('[XX-001]\nfr = ["chose"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="XX-001"):
        load_aliases(path, {"XX-001"})


def test_the_rule_page_says_also_called(tmp_path: Path):
    from web import create_app

    client = create_app({"ADJ_DOCS_DIR": tmp_path}).test_client()
    html = client.get("/zh_TW/imperial/rules/IM-805").get_data(as_text=True)
    assert "又稱：維護費、" in html
    html = client.get("/pt/imperial/rules/IM-805").get_data(as_text=True)
    assert "Também chamado: manutenção" in html
