"""The checks of Imperial, one module a rule section (the ``section`` of ``rules.toml``).

A check lives in the section of the first rule it declares: IM-612 is checked in
:mod:`.maneuver`, and its cases are in ``cases/maneuver.yaml``. The score checks are in
:mod:`..scoring`.
"""

from __future__ import annotations

from ..registry import checks
from . import (  # each section registers its checks on import
    components,
    end,
    investor,
    maneuver,
    rondel,
    setup,
    taxation,
    variant,
)

__all__ = [
    "checks",
    "components",
    "end",
    "investor",
    "maneuver",
    "rondel",
    "setup",
    "taxation",
    "variant",
]
