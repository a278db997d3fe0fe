"""What the adjudicator answers: state reports, move verdicts and score reports."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .i18n import Message


@dataclass(frozen=True)
class Finding:
    """What a check says about a state or a move: the rule it concerns, a localized
    message, the JSON path it concerns, and the ID of the check that said it (empty when
    no check was running)."""

    rule: str
    message: Message
    path: str = ""
    check: str = ""

    def to_json(self, lang: str = "en") -> dict[str, str]:
        return {
            "rule": self.rule,
            "check": self.check,
            "message": self.message.render(lang),
            "path": self.path,
        }


@dataclass(frozen=True)
class Violation(Finding):
    """One broken rule (a :class:`Finding`)."""


@dataclass(frozen=True)
class Notice(Finding):
    """What a check could not decide from a state entered only in part (not a violation):
    the path is that of what is missing."""


class _Violations:
    """What every answer with violations has: the IDs of the rules they break."""

    violations: tuple[Violation, ...]

    @property
    def rules(self) -> frozenset[str]:
        """The IDs of every rule broken."""
        return frozenset(v.rule for v in self.violations)


@dataclass(frozen=True)
class Report(_Violations):
    """The verdict on a state: every violation at once (like python-chess's ``status()``),
    and the notices of what could not be checked."""

    violations: tuple[Violation, ...]
    notices: tuple[Notice, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "valid": self.valid,
            "violations": [v.to_json(lang) for v in self.violations],
            "notices": [n.to_json(lang) for n in self.notices],
            "errors": [],
        }


@dataclass(frozen=True)
class Alternative:
    """A legal move offered instead of an illegal one."""

    move: Mapping[str, Any]
    description: Message

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"move": dict(self.move), "description": self.description.render(lang)}


@dataclass(frozen=True)
class Action:
    """One legal action of the player to move: the move, what it is, and what it does."""

    kind: str
    move: Mapping[str, Any]
    description: Any
    """A :class:`Message` (or a ``Name``): anything with ``render(lang)``."""
    effects: tuple[Message, ...] = ()
    group: Message | None = None
    """The sub-list of its kind the action is folded into (a unit's moves, say)."""
    place: Mapping[str, Any] | None = None
    """Where on the board: ``piece`` (the piece that moves, as the state names it, or
    ``None``) and ``to`` (the places it goes to or acts on, as the move names them)."""
    choose: Mapping[str, Any] | None = None
    """What may be chosen inside the action, beyond the move as listed (e.g. an import's
    units: up to ``most`` among ``among``, each with its cost)."""

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        place = self.place or {}
        return {
            "kind": self.kind,
            "move": dict(self.move),
            "description": self.description.render(lang),
            "effects": [m.render(lang) for m in self.effects],
            "group": self.group.render(lang) if self.group is not None else None,
            "piece": place.get("piece"),
            "to": list(place.get("to") or ()),
            "choose": dict(self.choose) if self.choose is not None else None,
        }


@dataclass(frozen=True)
class Options:
    """Every legal action of the player to move (of one kind, or of every kind covered)."""

    actions: tuple[Action, ...]
    kinds: tuple[str, ...]
    """The move kinds that were listed, in the game's order (also those with no action)."""
    notes: tuple[Message, ...] = ()
    """What the list leaves out on purpose, and why."""

    def by_kind(self) -> dict[str, list[Action]]:
        grouped: dict[str, list[Action]] = {kind: [] for kind in self.kinds}
        for action in self.actions:
            grouped.setdefault(action.kind, []).append(action)
        return grouped

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "count": len(self.actions),
            "counts": {kind: len(found) for kind, found in self.by_kind().items()},
            "actions": [a.to_json(lang) for a in self.actions],
            "notes": [n.render(lang) for n in self.notes],
            "errors": [],
        }


@dataclass(frozen=True)
class MoveVerdict(_Violations):
    """Legal or illegal, why, the resulting state when legal, and what is legal instead."""

    violations: tuple[Violation, ...]
    state: Mapping[str, Any] | None
    alternatives: tuple[Alternative, ...] = ()
    effects: tuple[Message, ...] = ()
    allowed_by: tuple[str, ...] = ()
    """For a legal move: the rules it is made under, most specific first."""
    notices: tuple[Notice, ...] = ()
    """How a state or move of an earlier format was read (paths into the move start with
    ``/move``)."""

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": [v.to_json(lang) for v in self.violations],
            "state": dict(self.state) if self.state is not None else None,
            "alternatives": [a.to_json(lang) for a in self.alternatives],
            "effects": [m.render(lang) for m in self.effects],
            "allowed_by": list(self.allowed_by),
            "notices": [n.to_json(lang) for n in self.notices],
            "errors": [],
        }


@dataclass(frozen=True)
class Scoring:
    """A game's own scoring of a state, before it is wrapped in a :class:`ScoreReport`."""

    scores: Mapping[str, int | float]
    ranking: Sequence[str]
    final: bool
    steps: Sequence[Message] = ()
    tiebreaks: Sequence[Message] = ()
    details: Mapping[str, Mapping[str, int | float]] = field(default_factory=dict)
    winners: Sequence[str] = ()
    """Who wins when the game is over: empty means the first of ``ranking``; several
    names are a shared victory."""


@dataclass(frozen=True)
class ScoreReport(_Violations):
    """Scores, the winner, the tie-breaks applied, and whether the game is over."""

    scoring: Scoring
    violations: tuple[Violation, ...] = ()
    names: Callable[[str, str], str] | None = field(default=None, compare=False)
    """``names(player, lang)``: how a player is shown (the game's :meth:`Game.player_name`)."""

    def player_names(self, lang: str = "en") -> dict[str, str]:
        """Each ranked player's display name in ``lang`` (the player's key by default)."""
        show = self.names or (lambda player, _lang: player)
        return {p: show(p, lang) for p in self.scoring.ranking}

    @property
    def winners(self) -> tuple[str, ...]:
        """Every winner of a finished game (several when the victory is shared)."""
        s = self.scoring
        if not s.final or not s.ranking:
            return ()
        return tuple(s.winners) or (s.ranking[0],)

    @property
    def winner(self) -> str | None:
        """The sole winner; ``None`` before the end or when the victory is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        s = self.scoring
        return {
            "final": s.final,
            "scores": dict(s.scores),
            "ranking": list(s.ranking),
            "winner": self.winner,
            "winners": list(self.winners),
            "names": self.player_names(lang),
            "tiebreaks": [m.render(lang) for m in s.tiebreaks],
            "steps": [m.render(lang) for m in s.steps],
            "details": {k: dict(v) for k, v in s.details.items()},
            "violations": [v.to_json(lang) for v in self.violations],
            "errors": [],
        }
