"""The four-language reference: builds without warnings, anchors, lang attributes, search."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import snowballstemmer

from adjudicator.core.i18n import HTML_LANG, LANGS
from adjudicator.docs_search import SearchGreek, fold
from adjudicator.games import available_games

pytestmark = pytest.mark.docs


def search_index(built_docs: Path, lang: str) -> dict:
    text = (built_docs / lang / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


def pages_for(index: dict, term: str) -> set[str]:
    """The pages the search page lists for ``term``: body words and title words."""
    docs: list[int] = []
    for table in ("terms", "titleterms"):
        found = index[table].get(term, [])
        docs += [found] if isinstance(found, int) else found
    return {index["docnames"][d] for d in docs}


def test_every_language_builds(built_docs):
    for lang in LANGS:
        assert (built_docs / lang / "index.html").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_html_lang_attribute(built_docs, lang):
    html = (built_docs / lang / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'<html\b[^>]* lang="{HTML_LANG[lang]}"', html)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_its_anchor(built_docs, lang):
    for game in available_games():
        html = (built_docs / lang / "games" / game.id / "rules.html").read_text("utf-8")
        anchors = set(re.findall(r'id="(rule-[A-Za-z0-9-]+)"', html))
        assert {r.anchor for r in game.catalog} <= anchors


@pytest.mark.parametrize("lang", LANGS)
def test_rule_id_is_a_search_object(built_docs, lang):
    index = search_index(built_docs, lang)
    names = {entry[4] for entries in index["objects"].values() for entry in entries}
    for game in available_games():
        assert {r.id for r in game.catalog} <= names


def greek_stem(word: str) -> str:
    """A query word as the Greek search page stems it (the index's own stemmer)."""
    return SearchGreek({}).stem(word)


@pytest.mark.parametrize(
    ("query", "game_id"),
    [("βομβα", "manhattan-project"), ("καραντινα", "quarantine"), ("φορολογια", "imperial")],
)
def test_greek_search_ignores_accents(built_docs, query, game_id):
    index = search_index(built_docs, "el")
    assert f"games/{game_id}/rules" in pages_for(index, greek_stem(query))


def test_chinese_search_finds_bombers(built_docs):
    index = search_index(built_docs, "zh_TW")
    assert "games/manhattan-project/rules" in pages_for(index, "轟炸機")


def test_portuguese_search_finds_bombers(built_docs):
    index = search_index(built_docs, "pt")
    stem = snowballstemmer.stemmer("portuguese").stemWord(fold("bombardeiro"))
    assert "games/manhattan-project/rules" in pages_for(index, stem)


def test_side_by_side_data_has_every_language(built_docs):
    data = json.loads((built_docs / "en" / "_static" / "rules.json").read_text("utf-8"))
    some_rule = next(iter(data["rules"].values()))
    assert set(some_rule) == set(LANGS)


def page_html(built_docs: Path, lang: str, game_id: str, page: str) -> str:
    return (built_docs / lang / "games" / game_id / f"{page}.html").read_text(encoding="utf-8")


def page_text(built_docs: Path, lang: str, game_id: str, page: str) -> str:
    return re.sub(r"<[^>]+>", "", page_html(built_docs, lang, game_id, page))


#: The maintainers' fold of check IDs and example file names on the rule and cases pages.
FOLD = re.compile(r'<details class="code-ids">.*?</details>', re.S)


def folded_ids(built_docs: Path, lang: str, game_id: str, page: str) -> str:
    """What the page keeps behind its "for maintainers" folds."""
    return "\n".join(FOLD.findall(page_html(built_docs, lang, game_id, page)))


def unfolded_text(built_docs: Path, lang: str, game_id: str, page: str) -> str:
    """The page's text as a reader sees it with every fold closed."""
    return re.sub(r"<[^>]+>", "", FOLD.sub("", page_html(built_docs, lang, game_id, page)))


@pytest.mark.parametrize("lang", ["el", "zh_TW"])
def test_glossary_sources_name_the_rulebooks(built_docs, lang):
    """Issue 11: a term's source names the rulebook in the reader's language, never its
    seed number, and Greek never gets an ASCII ";" (a question mark)."""
    text = page_text(built_docs, lang, "manhattan-project", "glossary")
    sources = [line for line in text.splitlines() if re.match(r"\s*(Πηγή|出處)", line)]
    assert sources
    assert not [s for s in sources if re.search(r"\b00\d\b", s)]
    if lang == "el":
        assert not [s for s in sources if ";" in s]
    else:
        assert any("希臘文規則書，第 3 頁和第 4 頁；" in s for s in sources)


def test_chinese_rule_page_punctuation(built_docs):
    """zh_TW rule pages: sources end on "；", a check reads as its title, impacts in
    full-width brackets."""
    text = page_text(built_docs, "zh_TW", "manhattan-project", "rules")
    assert "希臘文規則書，第 2 頁，遊戲目標；葡萄牙文規則書" in text
    assert "只有當前玩家可以位於目標分數（盤面檢查）" in text
    assert "MP-D16 — 獲勝所需的分數（影響：中）" in text
    assert "target_reached" in folded_ids(built_docs, "zh_TW", "manhattan-project", "rules")
    assert "target_reached" not in unfolded_text(built_docs, "zh_TW", "manhattan-project", "rules")


def test_cases_start_from_a_titled_example(built_docs):
    """A case's starting example is named by its title, its file name folded away with the
    check IDs (issue 28)."""
    text = unfolded_text(built_docs, "zh_TW", "manhattan-project", "cases")
    assert re.search(r"起始盤面：\s*遊戲中盤\s", text)
    assert re.search(r"起始盤面：\s*遊戲準備（3 人）\s", text)
    assert "mid-game" not in text and "setup-3p" not in text
    folded = folded_ids(built_docs, "zh_TW", "manhattan-project", "cases")
    assert "mid-game" in folded and "setup-3p" in folded
