"""What the reference's search page needs to search exactly like the index, offline.

``docs/_static/adjudicator-search.js`` reads this data (written by the docs build as
``_static/rule-search-data.js``): the analysed rows of the three tables, the concepts,
the filler and stop words, the weights, the spelling dictionary, the general rules and,
in Chinese, the query dictionary, the character table and the characters of each
syllable (the page has no jieba, OpenCC, rapidfuzz or pypinyin).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import gettext
from . import weights
from .analysis import simplified_table
from .lexicon import CHARACTER_WEIGHT, MOST_READINGS, ONE_SLIP, STOP_WEIGHT, TWO_SLIPS, stop_keys

if TYPE_CHECKING:
    from .engine import LanguageIndex


def export_index(index: LanguageIndex) -> dict[str, Any]:
    """The data of one language's index (see the module's documentation)."""
    assert index.db is not None
    vocab: dict[str, int] = {}

    def encode(text: str) -> list[int]:
        return [vocab.setdefault(t, len(vocab)) for t in text.split()]

    rows: list[list[Any]] = []
    tables: dict[str, list[list[int]]] = {"heads": [], "aliases": [], "bodies": []}
    order = {gid: {r.id: i for i, r in enumerate(g.catalog)} for gid, g in index.games.items()}
    query = (
        "SELECT h.game, h.rule, h.words, a.words, b.words FROM heads h "
        "JOIN aliases a ON h.rowid = a.rowid JOIN bodies b ON h.rowid = b.rowid ORDER BY h.rowid"
    )
    for game_id, rule_id, *texts in index.db.execute(query):
        game = index.games[game_id]
        rule = game.rule(rule_id)
        title = gettext(game.domain, index.lang, rule.title) if rule else rule_id
        rows.append([game_id, rule_id, order[game_id].get(rule_id, 0), title])
        for name, text in zip(tables, texts, strict=True):
            tables[name].append(encode(text))
    data: dict[str, Any] = {
        "lang": index.lang,
        "weights": {
            "head": weights.HEAD_WEIGHT,
            "alias": weights.ALIAS_WEIGHT,
            "more": weights.MORE_WEIGHT,
            "quantity": weights.QUANTITY_WEIGHT,
            "phrase": weights.PHRASE_WEIGHT,
            "mended": weights.MENDED_WEIGHT,
            "general": weights.GENERAL_FACTOR,
            "titleWeak": weights.TITLE_WEAK_WEIGHT,
            "weakShare": weights.WEAK_SHARE,
            "stop": STOP_WEIGHT,
            "character": CHARACTER_WEIGHT,
        },
        "suggest": {"n": weights.SUGGESTIONS, "cutoff": weights.CLOSE},
        "longest": weights.LONGEST,
        "inventoryFrom": weights.INVENTORY_FROM,
        "vocab": list(vocab),
        "rows": rows,
        **tables,
        "games": {gid: _game(index, gid) for gid in index.concepts},
        "fillers": sorted(weights.KEY_SEP.join(k) for k in index.fillers),
        "quantity": sorted(weights.KEY_SEP.join(k) for k in index.quantity),
        "stop": sorted(index.stop),
        "weak": sorted(stop_keys(index.lang)),
        "spelling": {
            "slips": [ONE_SLIP, TWO_SLIPS],
            "words": {k: list(v) for k, v in index.speller.words.items()},
        },
    }
    if index.sounds is not None:
        data["zh"] = {
            "dict": index.query_words(),
            "t2s": simplified_table(),
            "sounds": index.sounds.table(),
            "readings": MOST_READINGS,
        }
    return data


def _game(index: LanguageIndex, game_id: str) -> dict[str, Any]:
    concepts = index.concepts[game_id]
    game = index.games[game_id]
    number = {id(c): i for i, c in enumerate(concepts)}
    return {
        "name": gettext(game.domain, index.lang, game.name),
        "concepts": [[list(p) for p in index.phrases([c])] for c in concepts],
        "keys": {
            weights.KEY_SEP.join(key): [number[id(c)] for c in found]
            for key, found in index.keys[game_id].items()
        },
        "hint": next((i for i, c in enumerate(concepts) if c.id == weights.QUANTITY_CONCEPT), -1),
        "names": list(index.names(game_id).items()),
        "general": sorted(game.general_rules),
        "inventory": sorted(index.inventory[game_id]),
    }
