"""The one base of every exception the adjudicator raises.

Each exception class of the package derives from :class:`AdjudicatorError` and also from
the built-in kind it is (``ValueError``, ``KeyError``...), so that ``except
AdjudicatorError`` catches everything the adjudicator raises on purpose and older
``except ValueError`` clauses keep working.
"""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Something the adjudicator refuses or cannot do (its own exceptions derive from it)."""
