"""Search languages for the reference: Greek, accent-blind Portuguese, Traditional Chinese.

The index (Python) and the search page (JavaScript) must fold words the same way, so
each language here pairs a Python ``stem`` with the JavaScript ``Stemmer`` it embeds.

* Greek is not one of Sphinx's search languages. Both sides fold accents and the final
  sigma, then apply the Snowball ``greek`` stemmer, so ``βομβα`` finds ``βόμβα``.
* Portuguese uses Sphinx's Snowball stemmer, after folding accents on both sides: players
  type ``fabrica`` on phones and expect ``fábrica``.
* Traditional Chinese segments with jieba (Sphinx indexes no Chinese without it), with the
  glossary's terms added to jieba's dictionary. Sphinx 9.0's Chinese search page refers to
  a ``ChineseStemmer`` that does not exist (sphinx-doc/sphinx#14229); the Latin words of a
  Chinese page use the English stemmer, so this language names that one.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import snowballstemmer
import sphinx
from sphinx.search import SearchLanguage
from sphinx.search.pt import SearchPortuguese
from sphinx.search.zh import SearchChinese

_MINIFIED = Path(sphinx.__file__).parent / "search" / "minified-js"

#: JavaScript that folds a word like :func:`fold` does.
_JS_FOLD = (
    "function adjudicatorFold(w) {"
    " return w.toLowerCase().normalize('NFD').replace(/[\\u0300-\\u036f]/g, '')"
    ".replace(/ς/g, 'σ'); }"
)


def fold(word: str) -> str:
    """Lowercase, strip accents (combining marks) and turn a final sigma into σ."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.replace("ς", "σ")


def _folding_stemmer_js(snowball_js: str, class_name: str) -> str:
    base = (_MINIFIED / "base-stemmer.js").read_text(encoding="utf-8")
    language = (_MINIFIED / snowball_js).read_text(encoding="utf-8")
    wrapper = (
        "var Stemmer = function () {"
        f" var inner = new {class_name}();"
        " this.stemWord = function (w) { return inner.stemWord(adjudicatorFold(w)); };"
        " };"
    )
    return "\n".join((base, language, _JS_FOLD, wrapper))


class SearchGreek(SearchLanguage):
    lang = "el"
    language_name = "Greek"

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.stemmer = snowballstemmer.stemmer("greek")
        self.js_stemmer_code = _folding_stemmer_js("greek-stemmer.js", "GreekStemmer")

    def stem(self, word: str) -> str:
        return str(self.stemmer.stemWord(fold(word)))


class SearchPortugueseFolded(SearchPortuguese):
    js_stemmer_rawcode = ""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.js_stemmer_code = _folding_stemmer_js("portuguese-stemmer.js", "PortugueseStemmer")

    def stem(self, word: str) -> str:
        return str(self.stemmer.stemWord(fold(word)))


class SearchTraditionalChinese(SearchChinese):
    lang = "zh_TW"
    # The JS stemmer embedded is english-stemmer.js, whose class is EnglishStemmer.
    language_name = "English"


def register() -> None:
    """Make Sphinx use these classes for ``el``, ``pt`` and ``zh_TW``."""
    from sphinx.search import languages

    languages["el"] = SearchGreek
    languages["pt"] = SearchPortugueseFolded
    languages["zh_TW"] = SearchTraditionalChinese
