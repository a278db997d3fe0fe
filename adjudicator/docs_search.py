"""Search in the reference: Sphinx's search languages, and the rule search's static files.

The index (Python) and the search page (JavaScript) must fold words the same way, so
each language here pairs a Python ``stem`` with the JavaScript ``Stemmer`` it embeds.
Both sides use the rule search's analysis (:mod:`adjudicator.search.analysis`):

* Greek is not one of Sphinx's search languages. Both sides fold accents and the final
  sigma, apply the Snowball ``greek`` stemmer and drop a trailing vowel of the stem, so
  ``βομβα`` finds ``βόμβα`` and ``γαλλιας`` finds ``Γαλλία``.
* Portuguese uses the Snowball stemmer after folding accents on both sides (players type
  ``fabrica`` on phones and expect ``fábrica``), with the same two suffix rules.
* Traditional Chinese is segmented like the rule search: jieba over the Simplified form
  of the text, with the glossaries' words and synonyms in its dictionary, and one-
  character words kept (鈽, 鈾). Sphinx 9.0's Chinese search page refers to a
  ``ChineseStemmer`` that does not exist (sphinx-doc/sphinx#14229); the Latin words of a
  Chinese page use the English stemmer, so this language names that one.

Above Sphinx's page results, the search page lists the rules that the page's own rule
search finds, computed in the browser from ``_static/rule-search-data.js`` (see
``docs/_static/adjudicator-search.js``), so the reference answers like the page, offline.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import sphinx
from sphinx.search import SearchLanguage
from sphinx.search.pt import SearchPortuguese
from sphinx.search.zh import SearchChinese

from .search.analysis import HAN, Analyzer, ChineseSegmenter, stem_el, stem_pt
from .search.analysis import fold as _fold

_MINIFIED = Path(sphinx.__file__).parent / "search" / "minified-js"

#: JavaScript that folds a word like :func:`fold` does.
_JS_FOLD = (
    "function adjudicatorFold(w) {"
    " return w.toLowerCase().normalize('NFD').replace(/\\p{M}/gu, '')"
    ".normalize('NFC').replace(/ς/g, 'σ'); }"
)
#: JavaScript for the suffix rules of :func:`stem_el` and :func:`stem_pt`, by language.
_JS_AFTER = {
    "greek": (
        "function adjudicatorAfter(s) {"
        " while (s.length > 3 && 'αεηιουω'.indexOf(s[s.length - 1]) >= 0) { s = s.slice(0, -1); }"
        " return s; }"
    ),
    "portuguese": (
        "function adjudicatorBefore(w) {"
        " return w.endsWith('coes') ? w.slice(0, -4) + 'cao' : w; }"
        "function adjudicatorAfter(s) {"
        " return s.length > 5 && s.endsWith('aca') ? s.slice(0, -3) : s; }"
    ),
}


def fold(word: str) -> str:
    """Lowercase, strip accents (combining marks) and turn a final sigma into σ."""
    return _fold(word)


def _folding_stemmer_js(snowball_js: str, class_name: str) -> str:
    base = (_MINIFIED / "base-stemmer.js").read_text(encoding="utf-8")
    language = (_MINIFIED / snowball_js).read_text(encoding="utf-8")
    name = snowball_js.removesuffix("-stemmer.js")
    after = _JS_AFTER[name]
    before = "adjudicatorBefore(adjudicatorFold(w))" if "Before" in after else "adjudicatorFold(w)"
    wrapper = (
        "var Stemmer = function () {"
        f" var inner = new {class_name}();"
        f" this.stemWord = function (w) {{ return adjudicatorAfter(inner.stemWord({before})); }};"
        " };"
    )
    return "\n".join((base, language, _JS_FOLD, after, wrapper))


class SearchGreek(SearchLanguage):
    lang = "el"
    language_name = "Greek"

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.js_stemmer_code = _folding_stemmer_js("greek-stemmer.js", "GreekStemmer")

    def stem(self, word: str) -> str:
        return stem_el(fold(word))


class SearchPortugueseFolded(SearchPortuguese):
    js_stemmer_rawcode = ""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.js_stemmer_code = _folding_stemmer_js("portuguese-stemmer.js", "PortugueseStemmer")

    def stem(self, word: str) -> str:
        return stem_pt(fold(word))


@cache
def _segmenter() -> ChineseSegmenter:
    from .games import available_games
    from .search.concepts import game_concepts
    from .search.lexicon import language_words

    words = [
        word
        for game in available_games()
        for concept in game_concepts(game)
        for _lang, word in concept.all_words()
    ]
    return ChineseSegmenter(words + language_words("filler")["zh_TW"])


@cache
def _single_character_terms() -> frozenset[str]:
    """The one-character Chinese words of the glossaries (鈽, 鈾)."""
    from .games import available_games
    from .search.concepts import game_concepts

    return frozenset(
        word
        for game in available_games()
        for concept in game_concepts(game)
        for lang, word in concept.all_words()
        if lang == "zh_TW" and len(word) == 1 and HAN.fullmatch(word)
    )


class SearchTraditionalChinese(SearchChinese):
    """Segments like the rule search and keeps one-character words."""

    lang = "zh_TW"
    # The JS stemmer embedded is english-stemmer.js, whose class is EnglishStemmer.
    language_name = "English"
    # The search page splits a query like the index (adjudicator-search.js), so that
    # 隔離擴散 looks up 隔離 and 擴散.
    js_splitter_code = (
        "function splitQuery(query) {"
        " if (typeof AdjudicatorSearch !== 'undefined' && AdjudicatorSearch.ready()) {"
        " return AdjudicatorSearch.terms(query); }"
        " return query.split(/[\\s\\p{P}\\p{S}]+/gu).filter(function (t) { return t; }); }"
    )

    def __init__(self, options: dict[str, str]) -> None:
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)  # not "Loading model from cache ..." on the console
        super().__init__(options)

    def split(self, input: str) -> list[str]:
        analyzer = Analyzer("zh_TW", _segmenter())
        words = [w.surface for w in analyzer.words(input, search=True)]
        # A one-character term inside a longer word (鈾 in 濃縮鈾) is a word of its own too,
        # so that a search for the term finds the page.
        singles = _single_character_terms()
        inner = [c for w in words if len(w) > 1 for c in w if c in singles]
        return words + inner

    def word_filter(self, stemmed_word: str) -> bool:
        return len(stemmed_word) > 1 or bool(HAN.fullmatch(stemmed_word))


# --- the rule search's static files ---------------------------------------------------------

#: The stemmers each language's rule search needs in the browser (Latin words of a
#: Chinese query are English).
_STEMMERS = {
    "en": ("english",),
    "el": ("greek",),
    "pt": ("portuguese",),
    "zh_TW": ("english",),
}


def write_rule_search(outdir: Path, lang: str, labels: dict[str, str]) -> None:
    """Write the rule search's index file and the search page's data and stemmers."""
    from .games import available_games
    from .search import INDEX_NAME
    from .search.engine import LanguageIndex

    index = LanguageIndex(available_games(), lang, outdir / INDEX_NAME, write=True)
    data: dict[str, Any] = {**index.export(), "labels": labels}
    assert index.db is not None
    index.db.close()
    static = outdir / "_static"
    static.mkdir(parents=True, exist_ok=True)
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    (static / "rule-search-data.js").write_text(
        f"AdjudicatorSearch.load({body});\n", encoding="utf-8"
    )
    (static / "adjudicator-stemmers.js").write_text(stemmers_js(_STEMMERS[lang]), encoding="utf-8")


def stemmers_js(names: Sequence[str]) -> str:
    """Snowball's JavaScript stemmers as Sphinx ships them."""
    parts = [(_MINIFIED / "base-stemmer.js").read_text(encoding="utf-8")]
    parts += [(_MINIFIED / f"{name}-stemmer.js").read_text(encoding="utf-8") for name in names]
    return "\n".join(parts) + "\n"


def register() -> None:
    """Make Sphinx use these classes for ``el``, ``pt`` and ``zh_TW``."""
    from sphinx.search import languages

    languages["el"] = SearchGreek
    languages["pt"] = SearchPortugueseFolded
    languages["zh_TW"] = SearchTraditionalChinese
