"""The test tiers: ``./scripts/test --fast`` sets :data:`FAST_ENV`; the whole suite does not."""

from __future__ import annotations

import os

FAST_ENV = "ADJ_TEST_FAST"


def examples(full: int) -> int:
    """How many examples a hypothesis property tries: ``full`` in the whole suite (CI), a
    quarter of them in the fast tier, for everyday work."""
    return max(5, full // 4) if os.environ.get(FAST_ENV) else full
