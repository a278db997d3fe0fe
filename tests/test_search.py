"""The rule search: analysis per language, any-word ranking, synonyms, the index file."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from adjudicator.games import available_games, get_game
from adjudicator.search import INDEX_NAME, SearchIndex, search, write_index
from adjudicator.search.analysis import stem_el, stem_pt
from adjudicator.search.concepts import load_concepts
from adjudicator.search.evaluate import QUERY_SETS, Query, evaluate, load_queries

MP, IM, QU = (get_game(g) for g in ("manhattan-project", "imperial", "quarantine"))


def ids(game, text: str, lang: str = "en") -> list[str]:
    return [hit.rule.id for hit in search(game, text, lang).hits]


def test_the_player_queries_meet_the_targets_in_every_language():
    rates = evaluate(load_queries(), repeat=1).rates()
    for lang in ("en", "el", "pt", "zh_TW"):
        assert rates[lang]["queries"] >= 25, lang
        assert rates[lang]["top3"] >= 95, (lang, rates[lang])
        assert rates[lang]["top1"] >= 85, (lang, rates[lang])


def test_whole_words_only():
    found = ids(QU, "tie")
    assert found[0] == "QU-802"
    assert "QU-102" not in found  # "patient" holds "tie"


def test_an_unknown_word_takes_nothing_away():
    assert "MP-204" in ids(MP, "ποσα μαχητικα ξυλοπόδαρο", "el")[:3]
    assert ids(QU, "quarantine spread xyzzy")[0] == "QU-507"


def test_a_rule_matching_more_words_ranks_higher():
    assert ids(MP, "load bomb")[0] == "MP-905"


def test_filler_words_are_dropped_and_reported():
    results = search(MP, "quantos caças posso ter", "pt")
    assert {"quantos", "posso"} <= set(results.ignored)
    assert "MP-204" in [r.id for r in results.rules[:3]]


def test_each_hit_says_which_words_found_it():
    hit = search(MP, "plutonium value").hits[0]
    assert (hit.rule.id, set(hit.matched)) == ("MP-902", {"plutonium", "value"})
    assert search(QU, "隔離擴散", "zh_TW").hits[0].matched == ("隔離", "擴散")


def test_no_result_suggests_the_nearest_glossary_terms():
    results = search(MP, "plutoniumxyz", "en")
    assert results.hits == ()
    assert "plutonium" in results.suggestions
    assert "Πλουτώνιο" in search(MP, "πλουτονιοοοοο", "el").suggestions


@pytest.mark.parametrize("query", ["MP-204", "mp-204", "MP 204", "mp204"])
def test_a_rule_id_gives_that_rule_alone(query):
    assert ids(MP, query) == ["MP-204"]


def test_greek_accents_case_and_inflection_meet():
    assert stem_el("γαλλία") == stem_el("γαλλιας")
    assert stem_el("κτίριο") == stem_el("κτίρια")
    assert ids(MP, "ΒΟΜΒΑΡΔΙΣΜΟΣ", "el")[0] == ids(MP, "βομβαρδισμός", "el")[0] == "MP-603"
    assert ids(IM, "συνοδεια στολου", "el")[0] == "IM-603"


def test_portuguese_without_accents():
    assert stem_pt("importação") == stem_pt("importacao") == stem_pt("importar")
    assert ids(IM, "tributacao", "pt")[0] == ids(IM, "tributação", "pt")[0]


def test_chinese_without_spaces_and_in_either_script():
    assert ids(QU, "隔離擴散", "zh_TW")[0] == ids(QU, "隔離 擴散", "zh_TW")[0] == "QU-507"
    assert ids(QU, "隔离扩散", "zh_TW")[0] == "QU-507"
    assert ids(MP, "鈽", "zh_TW")[0] in ("MP-203", "MP-902")
    assert ids(MP, "輪抽", "zh_TW")[0] == "MP-801"


def test_synonyms_come_from_the_glossary():
    concepts = {c.id: c for c in load_concepts(MP.package_dir / "glossary.toml", MP.seed_langs)}
    assert "τασάκι" in concepts["bribe-pile"].words["el"]
    assert "Στοίβα Δωροδοκίας" in concepts["bribe-pile"].means["el"]
    assert ids(MP, "ashtray")[0] == ids(MP, "τασακι", "el")[0] == "MP-505"
    assert ids(IM, "海運", "zh_TW")[0] == "IM-603"


def test_the_index_file_is_used_when_fresh_and_rebuilt_when_stale(tmp_path: Path):
    games = available_games()
    path = write_index(games, "pt", tmp_path / "pt")
    assert path == tmp_path / "pt" / INDEX_NAME
    index = SearchIndex(games, tmp_path)
    assert index.search(MP, "cinzeiro", "pt").rules[0].id == "MP-505"
    db = index.language("pt").db
    assert db is not None and db.execute("PRAGMA database_list").fetchone()[2] == str(path)
    with sqlite3.connect(path) as writer:
        writer.execute("UPDATE meta SET value = 'old' WHERE key = 'fingerprint'")
    stale = SearchIndex(games, tmp_path).language("pt").db
    assert stale is not None and stale.execute("PRAGMA database_list").fetchone()[2] == ""


def test_bench_reports_search_ms_and_the_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator import bench

    monkeypatch.setitem(bench.PLANS, True, {**bench.PLANS[True], "search_repeat": 1})
    data = bench.run_bench(quick=True, parts=("search",))
    search_ms = data["search_ms"]
    assert search_ms["queries"] >= 100 and 0 < search_ms["median"] <= search_ms["p95"]
    assert set(search_ms["sets"]) >= {"queries"}
    for one in search_ms["sets"].values():
        assert set(one["rates"]) >= {"en", "el", "pt", "zh_TW", "all"}
    text = bench.format_search(data)
    assert "search (" in text and "p95" in text and "  queries (" in text
    rows = {row[0]: row for row in bench.target_rows(data)}
    assert rows["search, median"][3] in ("yes", "NO") and rows["search, p95"][3] in ("yes", "NO")


#: Queries that the search mends (slips, homophones) or weighs down (small words).
SLIPS = [
    Query(game, lang, text, ())
    for game, lang, text in [
        ("imperial", "en", "railraod convoi"),
        ("manhattan-project", "en", "plutonim bomb value 2"),
        ("imperial", "el", "σιδιροδρομος"),
        ("quarantine", "el", "απολυμανση γκρι κυβου"),
        ("imperial", "pt", "ferovia"),
        ("quarantine", "pt", "desinfectar mais ainda"),
        ("quarantine", "zh_TW", "番修最多幾塊"),
        ("manhattan-project", "zh_TW", "烘炸機可以有幾架"),
        ("quarantine", "zh_TW", "消讀一下"),
    ]
]

NODE_RUNNER = """
const fs = require("fs"), vm = require("vm");
const [dir, queries, engine] = process.argv.slice(1);
const files = ["/_static/rule-search-data.js", "/_static/adjudicator-stemmers.js"];
for (const f of [engine, ...files.map((name) => dir + name)]) {
  vm.runInThisContext(fs.readFileSync(f, "utf8"), { filename: f });
}
const search = ([game, q]) => AdjudicatorSearch.searchGame(game, q).map((r) => r.id);
const out = JSON.parse(queries).map(search);
console.log(JSON.stringify(out));
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's JavaScript")
@pytest.mark.parametrize("lang", ["en", "el", "pt", "zh_TW"])
def test_the_reference_search_page_ranks_exactly_like_the_search(tmp_path: Path, lang: str):
    """The reference's JavaScript, on its static data, gives the same rules in the same
    order as the search, for every player query of the benchmark in that language."""
    from adjudicator.docs_search import write_rule_search

    write_rule_search(tmp_path, lang, {"rules": "", "matched": "", "none": ""})
    asked = load_queries() + load_queries(QUERY_SETS["tuning"]) + SLIPS
    queries = [(q.game, q.text) for q in asked if q.lang == lang]
    engine = Path(__file__).resolve().parent.parent / "docs" / "_static" / "adjudicator-search.js"
    run = subprocess.run(
        ["node", "-e", NODE_RUNNER, str(tmp_path), json.dumps(queries), str(engine)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    in_js = json.loads(run.stdout)
    in_python = [ids(get_game(game), text, lang) for game, text in queries]
    assert in_js == in_python


@pytest.mark.slow
def test_the_reference_index_keeps_chinese_terms_whole_and_greek_forms_together():
    from adjudicator.docs_search import (
        SearchGreek,
        SearchPortugueseFolded,
        SearchTraditionalChinese,
    )

    chinese = SearchTraditionalChinese({})
    words = chinese.split("放一張試爆卡、炸彈卡，鈽與鈾在間諜軌旁，輪抽")
    assert {"試爆卡", "炸彈卡", "鈽", "鈾", "間諜軌", "輪抽"} <= set(words)
    assert all(chinese.word_filter(w) for w in ("鈽", "鈾"))
    greek = SearchGreek({})
    assert greek.stem("γαλλιας") == greek.stem("Γαλλία") == greek.stem("ΓΑΛΛΊΑΣ")
    portuguese = SearchPortugueseFolded({})
    assert portuguese.stem("importacao") == portuguese.stem("Importação")


def test_the_api_and_the_page_say_why_and_suggest(tmp_path: Path):
    from web import create_app

    client = create_app({"ADJ_DOCS_DIR": tmp_path}).test_client()
    body = client.get("/api/v1/quarantine/search", query_string={"q": "隔離擴散", "lang": "zh_TW"})
    data = body.get_json()
    assert data["results"][0]["id"] == "QU-507"
    assert data["results"][0]["matched"] == ["隔離", "擴散"]
    listing = client.get("/api/v1/manhattan-project/rules?q=plutoniumxyz").get_json()
    assert listing == []
    empty = client.get("/api/v1/manhattan-project/search?q=plutoniumxyz").get_json()
    assert empty["results"] == [] and "plutonium" in empty["suggestions"]
    page = client.get("/el/manhattan-project/rules", query_string={"q": "ποσα μαχητικα"})
    html = page.get_data(as_text=True)
    assert 'data-rule="MP-204"' in html and "μαχητικα" in html.split('class="matched"')[1]
    hint = client.get("/pt/manhattan-project/rules?q=plutoniumxyz").get_data(as_text=True)
    assert 'class="suggestions"' in hint and "Plutônio" in hint


SUGGEST_RUNNER = NODE_RUNNER.replace(
    "AdjudicatorSearch.searchGame(game, q).map((r) => r.id)", "AdjudicatorSearch.suggest(game, q)"
)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's JavaScript")
def test_the_reference_search_page_suggests_like_the_search(tmp_path: Path):
    from adjudicator.docs_search import write_rule_search

    write_rule_search(tmp_path, "el", {"rules": "", "matched": "", "none": "", "closest": ""})
    queries = [
        ("manhattan-project", "πλουτονιοοοοο"),
        ("manhattan-project", "βομβαρδιστκο μαχητκο"),
        ("imperial", "ομολογιο"),
        ("imperial", "φορολογκια"),
        ("quarantine", "καραντιννα xyz"),
        ("quarantine", "zzzz"),
    ]
    engine = Path(__file__).resolve().parent.parent / "docs" / "_static" / "adjudicator-search.js"
    run = subprocess.run(
        ["node", "-e", SUGGEST_RUNNER, str(tmp_path), json.dumps(queries), str(engine)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    in_python = [list(search(get_game(game), text, "el").suggestions) for game, text in queries]
    assert json.loads(run.stdout) == in_python
    assert in_python[0] and in_python[-1] == []


def test_every_synonym_names_a_term_or_says_what_it_means():
    import tomllib

    for game in available_games():
        data = tomllib.loads((game.package_dir / "glossary.toml").read_text(encoding="utf-8"))
        terms = {term["id"] for term in data.get("term", [])}
        assert data.get("synonym"), game.id
        for entry in data["synonym"]:
            if "term_id" in entry:
                assert entry["term_id"] in terms, (game.id, entry)
            else:
                means = set(entry.get("means", {}))
                assert entry.get("id") and means == {"en", "el", "pt", "zh_TW"}, (game.id, entry)
