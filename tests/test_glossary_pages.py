"""The glossary page of each game lists every concept its rules use (issue 11), with the
term each rulebook prints for it.

The concepts are the rows of the printed-terms list (``tests/glossary_concepts.toml``).
A game's glossary page shows every term of its ``glossary.toml`` in every language, with
each rulebook's printed words (the reference's tests of the docs check the page itself), so
a concept is on the page of a language when a term covers it:

- in the language of a rulebook that prints a word for the concept, a term must carry that
  word (among its printed words, names, forms, grammar forms or aliases of the language);
- in another language, a term must cover it by any rulebook's word, or by its English name.

Measure it: ``.venv/bin/python -m tests.test_glossary_pages`` prints, per game and language,
how many of the game's concepts its page lists, and the missing ones.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from adjudicator.core.i18n import LANGS
from adjudicator.core.reference import Term
from adjudicator.core.registry import game_ids, load_game

CONCEPTS = tomllib.loads((Path(__file__).parent / "glossary_concepts.toml").read_text("utf-8"))
#: (game, language) pairs whose page still misses a concept: expected to fail, strictly (the
#: game's owner adds the terms to its glossary.toml, then removes the pair).
INCOMPLETE: set[tuple[str, str]] = set()


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).replace("ς", "σ")
    return re.sub(r"[\s\-–]+", " ", text).strip()


def _words(term: Term, lang: str, seed: str = "") -> set[str]:
    said = [
        *term.all_forms(lang),
        *term.aliases.get(lang, ()),
        *term.grammar.get(lang, {}).values(),
    ]
    return {_norm(w) for w in [*said, *term.printed.get(seed, ())]}


def _seed_langs(game_id: str) -> dict[str, str]:
    game = load_game(game_id)
    return {seed: book.lang for seed, book in game.catalog.rulebooks.items()}


def _covers(term: Term, concept: dict, lang: str, seed_langs: dict[str, str]) -> bool:
    printed = concept.get("printed", {})
    asked = [seed for seed in printed if seed_langs.get(seed) == lang]
    if asked:  # that language's rulebook prints a word: the term must carry it
        return any(_norm(printed[s]) in _words(term, lang, s) for s in asked)
    head = _norm(re.split(r" / |\(", concept["en"])[0])
    if head in _words(term, "en"):
        return True
    return any(_norm(w) in _words(term, seed_langs.get(s, "en"), s) for s, w in printed.items())


def missing_concepts(game_id: str, lang: str) -> list[str]:
    """The concepts of the game's rules that its glossary page in ``lang`` does not list."""
    game, seed_langs = load_game(game_id), _seed_langs(game_id)
    return [
        c["en"]
        for c in CONCEPTS[game_id]
        if not any(_covers(t, c, lang, seed_langs) for t in game.glossary)
    ]


def _params() -> list:
    return [
        pytest.param(
            game_id,
            lang,
            id=f"{game_id}-{lang}",
            marks=[pytest.mark.xfail(strict=True, reason="issue 11: terms to add")]
            if (game_id, lang) in INCOMPLETE
            else [],
        )
        for game_id in game_ids()
        for lang in LANGS
    ]


def test_every_game_has_its_concepts():
    assert set(CONCEPTS) == set(game_ids())


@pytest.mark.parametrize(("game_id", "lang"), _params())
def test_the_glossary_page_lists_every_concept_of_the_rules(game_id, lang):
    assert missing_concepts(game_id, lang) == []


def test_a_concept_without_a_term_is_found_missing(monkeypatch):
    planted = {"en": "Flux capacitor", "printed": {"000": "Πυκνωτής ροής"}}
    monkeypatch.setitem(CONCEPTS, "manhattan-project", [*CONCEPTS["manhattan-project"], planted])
    for lang in LANGS:
        assert missing_concepts("manhattan-project", lang) == ["Flux capacitor"]


def main() -> None:
    for game_id in game_ids():
        total = len(CONCEPTS[game_id])
        for lang in LANGS:
            missing = missing_concepts(game_id, lang)
            print(f"{game_id:<18} {lang:<6} {total - len(missing):>3} of {total} concepts")
            for name in missing:
                print(f"    missing: {name}")


if __name__ == "__main__":
    main()
