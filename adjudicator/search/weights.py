"""The rule search's weights and limits: how much each kind of match counts.

:mod:`.engine` ranks with them, and :mod:`.export` hands them to the reference's search
page, so that both rank alike.
"""

from __future__ import annotations

#: How much more a match in a rule's ID or title counts than one in its text. The heads
#: (ID and title) and the texts are two tables, so that BM25 measures a title's length
#: against titles: a short title that is all query words ranks first.
HEAD_WEIGHT = 3.0
#: How much a match in the words players use for a rule (its aliases) counts.
ALIAS_WEIGHT = 3.0
#: A general rule's score is multiplied by this (see adjudicator/core/aliases.py).
GENERAL_FACTOR = 0.4
#: The catalog section whose rules list the components ("Fighters and bombers"): in a
#: question of at least :data:`INVENTORY_FROM` words that asks no number, they are
#: general rules, below the rule about what is asked.
INVENTORY_SECTION = "components"
INVENTORY_FROM = 2
#: How much a weak word that a rule's title or aliases hold counts in the share of the
#: query the rule holds (a word that counts fully: 1).
WEAK_SHARE = 0.3
#: The longest Chinese alias that the segmenter keeps whole.
SHORT_ALIAS = 3
#: How much the query's words, in a row as typed, count when a rule holds them so.
PHRASE_WEIGHT = 1.0
#: How much a mended word (a misspelling, a homophone) counts, next to a word as typed.
MENDED_WEIGHT = 0.8
#: The concept that a quantity word ("how many") hints at, and how much it weighs.
QUANTITY_CONCEPT = "max"
QUANTITY_WEIGHT = 1.0
#: How much a concept's other words weigh, next to the words the player typed.
MORE_WEIGHT = 0.6
#: How many glossary terms a query with no result suggests, and how close they must be
#: (difflib's ratio).
SUGGESTIONS = 5
CLOSE = 0.6
#: Joins the tokens of a phrase into one key of the exported data.
KEY_SEP = "\u0001"
#: The longest phrase (in words) looked up among the concepts and filler words.
LONGEST = 6
#: How much a weak word counts where it matches a rule's title or aliases.
TITLE_WEAK_WEIGHT = 0.5
#: The indexed tables, each with its weight.
TABLES = (("heads", HEAD_WEIGHT), ("aliases", ALIAS_WEIGHT), ("bodies", 1.0))
