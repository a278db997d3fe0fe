"""The checks of Quarantine, one module a section of ``rules.toml``: the checks of rule
QU-702 (section ``special``) are in ``rules/special.py``, its cases in
``cases/special.yaml``. A check lives in the section of the first rule it declares."""

from __future__ import annotations

from ....core.checks import CheckRegistry

checks = CheckRegistry("quarantine")

# Each section registers its checks when imported, in the order of rules.toml.
# isort: off
from . import end, components, setup, hospital, draw  # noqa: E402
from . import actions, market, special, scoring  # noqa: E402

# isort: on

__all__ = [
    "actions",
    "checks",
    "components",
    "draw",
    "end",
    "hospital",
    "market",
    "scoring",
    "setup",
    "special",
]
