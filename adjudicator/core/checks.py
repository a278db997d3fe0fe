"""Checks: Python functions registered against the rule IDs they enforce.

A check has one of four kinds, and its signature follows from the kind:

========  ===================================  ==========================================
kind      signature                            what it decides
========  ===================================  ==========================================
state     ``f(state)``                         an invariant of a snapshot of the table
move      ``f(state, move)``                   whether an action may be taken
effect    ``f(before, move, after)``           whether what the action does is possible
score     ``f(state)``                         end of the game and the scoring
========  ===================================  ==========================================

Every check yields :class:`~adjudicator.core.verdicts.Violation` objects (none when
all is well). A state check may also yield :class:`~adjudicator.core.verdicts.Notice`
objects: what it could not decide because the state was entered only in part.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .i18n import Message, Name, Names, Plural
from .verdicts import Notice, Violation


class Kind(StrEnum):
    STATE = "state"
    MOVE = "move"
    EFFECT = "effect"
    SCORE = "score"


CheckFunction = Callable[..., Iterable[Violation | Notice]]


@dataclass(frozen=True)
class Check:
    """One executable check of one or more rules."""

    id: str
    kind: Kind
    rules: tuple[str, ...]
    func: CheckFunction
    title: str
    moves: tuple[str, ...] = ()
    """For move and effect checks: the move types it applies to (empty: all)."""

    def applies_to(self, move_type: str | None) -> bool:
        return not self.moves or move_type in self.moves

    def run(self, *args: Any) -> list[Violation | Notice]:
        """Everything the check finds; its violations carry its ID (see :func:`running`)."""
        token = _RUNNING.set(self)
        try:
            return list(self.func(*args))
        finally:
            _RUNNING.reset(token)

    def first(self, *args: Any) -> Violation | Notice | None:
        """The first thing the check finds, or ``None`` (for short-circuit legality tests)."""
        token = _RUNNING.set(self)
        try:
            return next(iter(self.func(*args)), None)
        finally:
            _RUNNING.reset(token)


#: The check whose function is running (set by :meth:`Check.run` and :meth:`Check.first`).
_RUNNING: ContextVar[Check | None] = ContextVar("adjudicator_running_check", default=None)

#: ``ADJUDICATOR_STRICT_RULES=1``: a check raising a rule it does not declare is an error.
STRICT_ENV = "ADJUDICATOR_STRICT_RULES"


def running() -> Check | None:
    """The check being run in this context, if any."""
    return _RUNNING.get()


def strict_rules() -> bool:
    """Whether an undeclared rule raises :class:`UndeclaredRule` (tests turn it on)."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


class UndeclaredRule(RuntimeError):
    """A check raised a violation of a rule its decorator does not declare."""


class DuplicateCheck(ValueError):
    pass


class CheckRegistry:
    """The checks of one game, registered with decorators::

    checks = CheckRegistry("manhattan-project")

    @checks.state("MP-102", title=N_("Worker pieces per colour"))
    def worker_pieces(state): ...
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._checks: dict[str, Check] = {}

    def _register(
        self, kind: Kind, rules: tuple[str, ...], title: str, moves: tuple[str, ...]
    ) -> Callable[[CheckFunction], CheckFunction]:
        if not rules:
            raise ValueError("a check must name at least one rule")

        def decorate(func: CheckFunction) -> CheckFunction:
            check_id = func.__name__
            if check_id in self._checks:
                raise DuplicateCheck(check_id)
            self._checks[check_id] = Check(check_id, kind, rules, func, title, moves)
            return func

        return decorate

    def state(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        return self._register(Kind.STATE, rules, title, ())

    def move(
        self, *rules: str, title: str, moves: Iterable[str] = ()
    ) -> Callable[[CheckFunction], CheckFunction]:
        return self._register(Kind.MOVE, rules, title, tuple(moves))

    def effect(
        self, *rules: str, title: str, moves: Iterable[str] = ()
    ) -> Callable[[CheckFunction], CheckFunction]:
        return self._register(Kind.EFFECT, rules, title, tuple(moves))

    def score(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        return self._register(Kind.SCORE, rules, title, ())

    def violation(
        self, rule: str, template: str | Plural, path: str = "", **params: Any
    ) -> Violation:
        """A violation of ``rule`` whose message is ``template`` in this game's domain.

        ``template`` is an ``N_(...)`` text or an ``N_plural(...)`` pair (then
        ``params["count"]`` picks the form). The violation carries the ID of the running
        check; a rule that check does not declare raises :class:`UndeclaredRule` in strict
        mode (:func:`strict_rules`)."""
        check = _RUNNING.get()
        if check is not None and rule not in check.rules and strict_rules():
            raise UndeclaredRule(
                f"check {check.id} raises {rule}, but declares only {', '.join(check.rules)}"
            )
        return Violation(
            rule, Message(self.domain, template, params), path, check.id if check else ""
        )

    def notice(self, rule: str, template: str | Plural, path: str = "", **params: Any) -> Notice:
        """A notice that ``rule`` could not be checked, with a message in this domain."""
        return Notice(rule, Message(self.domain, template, params), path)

    def message(self, template: str | Plural, **params: Any) -> Message:
        """A message in this game's domain (effects, alternatives, score steps)."""
        return Message(self.domain, template, params)

    def name(self, kind: str, entity: Any, form: str = "") -> Name:
        """A message parameter shown as the entity's display name in the reader's language."""
        return Name(self.domain, kind, entity, form)

    def names(self, kind: str, entities: Iterable[Any], form: str = "") -> Names:
        """A list of entity names, joined as the reader's language joins lists."""
        return Names(self.domain, kind, tuple(entities), form)

    def __iter__(self) -> Iterator[Check]:
        return iter(self._checks.values())

    def __len__(self) -> int:
        return len(self._checks)

    def __getitem__(self, check_id: str) -> Check:
        return self._checks[check_id]

    def of_kind(self, kind: Kind) -> list[Check]:
        return [c for c in self._checks.values() if c.kind is kind]

    def for_rule(self, rule_id: str) -> list[Check]:
        return [c for c in self._checks.values() if rule_id in c.rules]
