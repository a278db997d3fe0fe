"""Terminology: the glossary is complete, and the rule statements use its terms in every
language (when the English statement uses a term, each translation uses that language's
term)."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.i18n import LANGS, TRANSLATED_LANGS, lookup


def english_uses(text: str, forms: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(f)}\b", text, re.IGNORECASE) for f in forms)


def test_glossary_has_every_language(game):
    assert game.glossary, f"{game.id} has no glossary"
    for term in game.glossary:
        for lang in LANGS:
            assert term.names[lang].strip(), (term.id, lang)
        assert set(term.choice) <= set(TRANSLATED_LANGS), term.id


def test_glossary_ids_are_unique(game):
    ids = [t.id for t in game.glossary]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_rules_use_the_glossary_terms(game, lang):
    misses = []
    for rule in game.catalog:
        translated = lookup(game.domain, lang, rule.text)
        if translated is None:
            continue  # reported by the catalog gate
        for term in game.glossary:
            if english_uses(rule.text, term.all_forms("en")):
                forms = term.all_forms(lang)
                if not any(f.lower() in translated.lower() for f in forms):
                    misses.append(f"{rule.id}: {term.id} -> {forms[0]!r}")
    assert misses == []
