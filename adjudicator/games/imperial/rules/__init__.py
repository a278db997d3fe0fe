"""The checks of Imperial, one module a rule section (the ``section`` of ``rules.toml``).

A check lives in the section of the first rule it declares: IM-612 is checked in
:mod:`.maneuver`, and its cases are in ``cases/maneuver.yaml``. The score checks are in
:mod:`..scoring`.
"""

from __future__ import annotations

from ....core.checks import CheckRegistry

checks = CheckRegistry("imperial")

# Each section registers its checks on import.
from . import (  # noqa: E402
    actions,
    components,
    end,
    investor,
    maneuver,
    money,
    rondel,
    setup,
    taxation,
    variant,
)

__all__ = [
    "actions",
    "checks",
    "components",
    "end",
    "investor",
    "maneuver",
    "money",
    "rondel",
    "setup",
    "taxation",
    "variant",
]
