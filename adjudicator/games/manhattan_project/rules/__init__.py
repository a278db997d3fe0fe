"""The checks of The Manhattan Project, one module per section of rules.toml.

A rule's section names the module of its checks and the file of its cases: MP-602 is in
section ``air``, so its check is in ``rules/air.py`` and its cases in ``cases/air.yaml``
(disputes in ``cases/air-disputes.yaml``). A check lives in the section of the first rule
it declares. The modules are imported in the order of the sections, which is the order the
checks run in.
"""

from __future__ import annotations

from ....core.checks import CheckRegistry

checks = CheckRegistry("manhattan-project")

# isort: off
from . import end, components, setup, turn, central, air, buildings, design, bombs  # noqa: E402

# isort: on

__all__ = [
    "air",
    "bombs",
    "buildings",
    "central",
    "checks",
    "components",
    "design",
    "end",
    "setup",
    "turn",
]
