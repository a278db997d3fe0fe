"""``adjudicator serve`` answers at once: the reference builds beside it, and its pages say
so in the reader's language until each language is ready."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest

from adjudicator import docs_background, docs_status
from web import create_app


def building(docs: Path, langs: list[str], *, ready_after: float = 40.0) -> None:
    """The status a server writes when it starts building ``langs`` (this process builds)."""
    plan = docs_status.begin(docs, langs, jobs=2, pid=os.getpid())
    plan["ready_after"] = dict.fromkeys(langs, ready_after)
    docs_status.write_status(docs, plan)


def test_the_reference_says_it_is_being_built_in_the_readers_language(tmp_path: Path) -> None:
    docs = tmp_path / "html"
    building(docs, ["en", "el", "pt", "zh_TW"])
    client = create_app({"ADJ_DOCS_DIR": docs}).test_client()
    expected = {
        "en": "The reference is being built",
        "el": "Το εγχειρίδιο ετοιμάζεται",
        "pt": "A referência está sendo gerada",
        "zh_TW": "參考手冊建置中",
    }
    for lang, title in expected.items():
        answer = client.get(f"/docs/{lang}/games/imperial/rules.html")
        html = answer.get_data(as_text=True)
        assert answer.status_code == 503, lang
        assert answer.headers["Retry-After"] == "5"
        assert f"<h1>{title}</h1>" in html
        assert '<meta http-equiv="refresh" content="5">' in html
    english = client.get("/docs/en/").get_data(as_text=True)
    assert "It should be ready in about " in english
    assert client.get("/en/").status_code == 200  # the app's pages answer meanwhile


@pytest.mark.parametrize(
    ("lang", "left", "words"),
    [
        ("en", 41.0, "It should be ready in about 40 seconds."),
        ("en", 600.0, "It should be ready in about 10 minutes."),
        ("en", 3.0, "It should be ready in a few seconds."),
        ("en", -60.0, "It is taking longer than expected; it should be ready soon."),
        ("en", None, "It is taking longer than expected; it should be ready soon."),
        ("el", 41.0, "Θα είναι έτοιμο σε περίπου 40 δευτερόλεπτα."),
        ("pt", 300.0, "Deve ficar pronta dentro de cerca de 5 minutos."),
        ("zh_TW", 41.0, "大約 40 秒後就好。"),
    ],
)
def test_the_page_says_about_when(lang: str, left: float | None, words: str) -> None:
    from flask import g

    from web.reference import wait_words

    with create_app().test_request_context(f"/docs/{lang}/"):
        g.adj_lang = lang
        assert wait_words(left) == words


def test_a_language_is_served_once_it_is_ready(tmp_path: Path) -> None:
    docs = tmp_path / "html"
    building(docs, ["en"])
    client = create_app({"ADJ_DOCS_DIR": docs}).test_client()
    assert client.get("/docs/en/").status_code == 503
    (docs / "en").mkdir(parents=True)
    (docs / "en" / "index.html").write_text("<html>the reference</html>")
    status = docs_status.read_status(docs) or {}
    status["langs"]["en"] = "ready"
    docs_status.write_status(docs, status)
    answer = client.get("/docs/en/index.html")
    assert answer.status_code == 200 and b"the reference" in answer.data


def test_a_build_that_stopped_half_way_is_not_said_to_be_going_on(tmp_path: Path) -> None:
    docs = tmp_path / "html"
    plan = docs_status.begin(docs, ["en"], jobs=2, pid=2**22 + 12345)  # no such process
    assert plan["langs"] == {"en": "building"}
    assert docs_status.language_state(docs, "en") == "missing"
    assert docs_status.langs_to_build(docs, ["en"]) == ["en"]
    answer = create_app({"ADJ_DOCS_DIR": docs}).test_client().get("/docs/en/")
    assert answer.status_code == 404


def test_without_a_status_file_a_built_language_is_ready(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("<html></html>")
    assert docs_status.langs_to_build(tmp_path, ["en", "el"]) == ["el"]


def test_the_estimate_is_the_last_build_time(tmp_path: Path) -> None:
    guess = docs_status.estimates(tmp_path, ["en", "el", "pt", "zh_TW"], jobs=2)
    assert guess == {"en": 30.0, "el": 30.0, "pt": 60.0, "zh_TW": 60.0}
    docs_status.write_status(tmp_path, {"last_ready_after": {"en": 12.5, "zh_TW": 41.0}})
    guess = docs_status.estimates(tmp_path, ["en", "zh_TW"], jobs=2)
    assert guess == {"en": 12.5, "zh_TW": 41.0}


def test_the_builder_says_each_languages_step_and_records_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import adjudicator.docs

    def build_docs(out: Path, langs: list[str], jobs: int, progress) -> dict:
        for lang in langs:
            for fraction, step in [
                (0.0, "starting"),
                (0.1, "reading the sources"),
                (0.3, "reading the sources"),
                (0.4, "reading the sources"),
                (0.5, "indexing the pages for the search box"),
                (1.0, "done" if lang == "en" else "failed"),
            ]:
                progress(lang, fraction, step)
        return {"en": (0, 1.0), "el": (1, 1.0)}

    monkeypatch.setattr(adjudicator.docs, "build_docs", build_docs)
    docs_status.begin(tmp_path, ["en", "el"], jobs=2, pid=os.getpid())
    console = io.StringIO()
    assert docs_background.build(tmp_path, ["en", "el"], console) is False
    lines = console.getvalue().splitlines()
    assert lines[:5] == [
        "  reference en: starting",
        "  reference en: reading the sources",
        "  reference en: reading the sources (half done)",
        "  reference en: indexing the pages for the search box",
        "  reference en: ready (1 of 2, 0 s)",
    ]
    assert lines[-1].startswith("  the reference failed to build in el (")
    status = docs_status.read_status(tmp_path) or {}
    assert status["langs"] == {"en": "ready", "el": "failed"}
    assert set(status["last_ready_after"]) == {"en", "el"}
    assert status["finished"] <= time.time()


def test_sphinx_lines_become_steps() -> None:
    from adjudicator.docs import step_of

    assert step_of("reading sources... [ 50%] index\n") == ("reading the sources", 0.25)
    assert step_of("writing output... [100%] x\n") == ("writing the pages", 1.0)
    assert step_of("dumping search index in Chinese (code: zh)... done\n") == (
        "indexing the pages for the search box",
        None,
    )
    assert step_of("pickling environment... done\n") is None  # quick: not said
    assert step_of("writing output... \n") is None  # the catalogs, before reading
    assert step_of("Loading model from cache /tmp/jieba.cache\n") is None


def test_the_chinese_reference_build_keeps_jieba_quiet() -> None:
    """jieba logs "Loading model from cache ..." at DEBUG on stderr unless told otherwise:
    lines that mean nothing to the person starting the server."""
    import logging

    from adjudicator.docs_search import SearchTraditionalChinese

    logging.getLogger("jieba").setLevel(logging.DEBUG)
    SearchTraditionalChinese({"dict": ""})  # no dictionary to load: the level is set first
    assert logging.getLogger("jieba").getEffectiveLevel() >= logging.WARNING


def test_the_games_warm_up_a_step_at_a_time() -> None:
    """A worker warms its games up in the background: between two steps (a game's check
    answer, its three pages) it pauses, and its requests run there."""
    from tests.minigame import GAME as MINIGAME
    from web.service import warm_up

    app = create_app({"ADJ_GAMES": [MINIGAME]})
    steps: list[int] = []
    warm_up(app, pause=lambda: steps.append(len(steps)))
    assert len(steps) == 4
