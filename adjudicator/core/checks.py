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

A move or effect check names the moves it concerns by the annotation of its ``move``
parameter: a move class (``move: PlaceBuilding``) or a union of them (``move: Repair | Retrieve``).
A move class says its type in a ``type: Literal["..."]`` field, so the move types are derived
from the classes (:func:`move_types`). An unannotated ``move`` (or ``Any``) concerns every move;
the games name their whole move union instead (tests/test_typed_moves.py).

Every check yields :class:`~adjudicator.core.verdicts.Violation` objects (none when
all is well). A state check may also yield :class:`~adjudicator.core.verdicts.Notice`
objects: what it could not decide because the state was entered only in part.
"""

from __future__ import annotations

import inspect
import os
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

from .exceptions import AdjudicatorError
from .i18n import N_, Message, Name, Names, Plural
from .verdicts import Notice, Violation

#: The ``adjudicator`` package's folder: check locations are given relative to it.
_PACKAGE = Path(__file__).resolve().parent.parent


class Kind(StrEnum):
    STATE = "state"
    MOVE = "move"
    EFFECT = "effect"
    SCORE = "score"


#: A check as a reader meets it under its rule (the reference, ``adjudicator rules ID``):
#: its title and what it checks; its ID is for maintainers.
CHECK_LABELS = {
    Kind.STATE: N_("{title} (checks a state)"),
    Kind.MOVE: N_("{title} (checks a move)"),
    Kind.EFFECT: N_("{title} (checks what a move does)"),
    Kind.SCORE: N_("{title} (checks a score)"),
}

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

    def location(self) -> tuple[str, int]:
        """Where the check is declared: its file, relative to the ``adjudicator`` package
        (``/``-separated; absolute when outside it), and the line of its decorator."""
        func = inspect.unwrap(self.func)
        path = Path(inspect.getsourcefile(func) or func.__code__.co_filename).resolve()
        try:
            shown = path.relative_to(_PACKAGE).as_posix()
        except ValueError:
            shown = path.as_posix()
        return shown, func.__code__.co_firstlineno

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

#: A check raising a rule it does not declare is an error (:class:`UndeclaredRule`) unless
#: ``ADJUDICATOR_STRICT_RULES=0``, which only records the check's ID on the violation.
STRICT_ENV = "ADJUDICATOR_STRICT_RULES"


def running() -> Check | None:
    """The check being run in this context, if any."""
    return _RUNNING.get()


def strict_rules() -> bool:
    """Whether an undeclared rule raises :class:`UndeclaredRule`: always, unless
    ``ADJUDICATOR_STRICT_RULES=0`` (the tests force it on, tests/conftest.py)."""
    return os.environ.get(STRICT_ENV, "1").strip() != "0"


class UndeclaredRule(AdjudicatorError, RuntimeError):
    """A check raised a violation of a rule its decorator does not declare."""


class CheckError(AdjudicatorError, ValueError):
    """A check is registered wrongly (no rule, or the ID of another check)."""


class DuplicateCheck(CheckError):
    """Two checks of one game have the same ID (their function name)."""


class UntypedMove(AdjudicatorError, TypeError):
    """A move check's ``move`` annotation is not a move class nor a union of move classes."""


def move_types(annotation: Any) -> tuple[str, ...]:
    """The ``type`` values of a move class or of a union of move classes, in union order
    (``Annotated`` wrappers, such as a discriminated union's, are looked through).

    Raises :class:`UntypedMove` when a member is not a class with a ``type: Literal[...]``
    field."""
    if get_origin(annotation) is typing.Annotated:
        return move_types(get_args(annotation)[0])
    if get_origin(annotation) in (typing.Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return tuple(t for member in members for t in move_types(member))
    field = getattr(annotation, "model_fields", {}).get("type")
    values = get_args(field.annotation) if field is not None else ()
    if field is None or get_origin(field.annotation) is not typing.Literal:
        raise UntypedMove(f"{annotation!r} is not a move class (no type: Literal[...] field)")
    return tuple(str(v) for v in values)


def annotated_move_types(func: CheckFunction) -> tuple[str, ...] | None:
    """The move types named by the annotation of ``func``'s ``move`` parameter, or ``None``
    when it has none (or ``Any``). Raises :class:`UntypedMove` for an annotation that is not
    a move class or a union of them, or that cannot be resolved."""
    try:
        hints = get_type_hints(func)
    except NameError as exc:
        raise UntypedMove(f"{func.__qualname__}: cannot resolve its annotations: {exc}") from None
    annotation = hints.get("move", Any)
    if annotation is Any:
        return None
    return move_types(annotation)


class CheckRegistry:
    """The checks of one game, registered with decorators::

    checks = CheckRegistry("manhattan-project")

    @checks.state("MP-102", title=N_("Worker pieces per colour"))
    def worker_pieces(state): ...
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._checks: dict[str, Check] = {}

    def copy(self) -> CheckRegistry:
        """A new registry holding the same checks (what a test extends without changing
        the game's own)."""
        made = CheckRegistry(self.domain)
        made._checks = dict(self._checks)
        return made

    def _register(
        self, kind: Kind, rules: tuple[str, ...], title: str
    ) -> Callable[[CheckFunction], CheckFunction]:
        if not rules:
            raise CheckError("a check must name at least one rule")

        def decorate(func: CheckFunction) -> CheckFunction:
            check_id = func.__name__
            if check_id in self._checks:
                raise DuplicateCheck(check_id)
            typed = annotated_move_types(func) if kind in (Kind.MOVE, Kind.EFFECT) else None
            self._checks[check_id] = Check(check_id, kind, rules, func, title, typed or ())
            return func

        return decorate

    def state(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register ``f(state)``. Raises :class:`CheckError` without a rule and
        :class:`DuplicateCheck` when decorating a second function of the same name."""
        return self._register(Kind.STATE, rules, title)

    def move(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register ``f(state, move)``; the moves it concerns come from the annotation of
        ``move`` (a move class or a union of them). Raises :class:`UntypedMove`,
        :class:`CheckError` or :class:`DuplicateCheck` when decorating."""
        return self._register(Kind.MOVE, rules, title)

    def effect(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register ``f(before, move, after)``, typed like :meth:`move` (raises the same)."""
        return self._register(Kind.EFFECT, rules, title)

    def score(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register ``f(state)`` for the scoring; raises as :meth:`state` does."""
        return self._register(Kind.SCORE, rules, title)

    def violation(
        self, rule: str, template: str | Plural, path: str = "", **params: Any
    ) -> Violation:
        """A violation of ``rule`` whose message is ``template`` in this game's domain.

        ``template`` is an ``N_(...)`` text or an ``N_plural(...)`` pair (then
        ``params["count"]`` picks the form). The violation carries the ID of the running
        check; a rule that check does not declare raises :class:`UndeclaredRule`
        (:func:`strict_rules`)."""
        check = self._declaring(rule)
        return Violation(rule, Message(self.domain, template, params), path, check)

    def notice(self, rule: str, template: str | Plural, path: str = "", **params: Any) -> Notice:
        """A notice that ``rule`` could not be checked, with a message in this domain; like
        a violation it carries the ID of the running check, and raises
        :class:`UndeclaredRule` when that check does not declare ``rule``."""
        check = self._declaring(rule)
        return Notice(rule, Message(self.domain, template, params), path, check)

    def _declaring(self, rule: str) -> str:
        """The ID of the running check ("" outside a check). Raises :class:`UndeclaredRule`
        when that check does not declare ``rule`` (unless :func:`strict_rules` is off)."""
        check = _RUNNING.get()
        if check is None:
            return ""
        if rule not in check.rules and strict_rules():
            raise UndeclaredRule(
                f"check {check.id} raises {rule}, but declares only {', '.join(check.rules)}"
            )
        return check.id

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

    def made_under(self, move_type: str | None) -> tuple[str, ...]:
        """The rules a legal move of ``move_type`` is made under, by default: the first rule
        of each move check made for it alone (then of those made for it and one other)."""
        own = [
            check
            for check in self.of_kind(Kind.MOVE)
            if check.moves and move_type in check.moves and len(check.moves) <= 2
        ]
        own.sort(key=lambda check: len(check.moves))  # made for this move alone first
        return tuple(dict.fromkeys(check.rules[0] for check in own))
