"""Imperial's check registry: the rule sections (:mod:`.rules`) and the kinds of move
(:mod:`.moves`) register their checks on it; every module that words a message uses it."""

from __future__ import annotations

from ...core.checks import CheckRegistry

checks = CheckRegistry("imperial")
