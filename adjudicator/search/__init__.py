"""Look a rule up by its ID or by words, in a language and in English.

Players type on phones without accents and in any case: ``fabrica`` finds
``fábrica``, ``βομβα`` finds ``ΒΌΜΒΑ``. A query that is a rule ID gives that rule
alone; otherwise every word of the query must occur in the rule's ID, title or
text (in the chosen language or in English). Chinese has no spaces between
words, so a run of Chinese characters is matched as a substring.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..core.catalog import Rule
from ..core.i18n import gettext, normalize_lang

if TYPE_CHECKING:
    from .core.game import Game

_WORD = re.compile(r"\w+")


def fold(text: str) -> str:
    """Lower-case ``text`` and strip its accents (and Greek final sigma)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare).casefold()


def query_words(text: str) -> list[str]:
    """The folded words of a query, without repeats, in order."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(fold(text)):
        seen.setdefault(word, None)
    return list(seen)


def _haystacks(game: Game, rule: Rule, lang: str) -> tuple[str, str]:
    """The folded title and full text (ID, titles, texts) of ``rule`` in ``lang`` and English."""
    title = gettext(game.domain, lang, rule.title)
    text = gettext(game.domain, lang, rule.text)
    titles = fold(f"{rule.id} {title} {rule.title}")
    return titles, fold(f"{titles} {text} {rule.text}")


def _score(words: list[str], titles: str, everything: str) -> int:
    """0 when a word is missing; otherwise more for words found in the titles."""
    if not all(word in everything for word in words):
        return 0
    return 1 + sum(2 for word in words if word in titles)


def search_rules(game: Game, text: str, lang: str = "en") -> list[Rule]:
    """The rules of ``game`` matching ``text``: the rule with that ID, else by words."""
    query = text.strip()
    if not query:
        return []
    exact = game.rule(query)
    if exact is not None:
        return [exact]
    words = query_words(query)
    if not words:
        return []
    lang = normalize_lang(lang)
    scored = []
    for index, rule in enumerate(game.catalog):
        score = _score(words, *_haystacks(game, rule, lang))
        if score:
            scored.append((-score, index, rule))
    return [rule for _, _, rule in sorted(scored, key=lambda item: (item[0], item[1]))]
