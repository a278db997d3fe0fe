"""What the player to move may do (issue 16): a game's provider of candidate moves, and the
core's list of the legal ones, each with its description and effects."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from .checks import Kind
from .errors import Choices, MalformedInput
from .i18n import N_, Message
from .verdicts import Action, Options

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class OptionsProvider:
    """How a game lists what the player to move may do.

    ``candidates(state, kind)`` yields every plausible move of that kind (``None``: of every
    kind in :attr:`kinds`), legal or not, as move data; the core keeps the legal ones.
    ``describe(state, move)`` says one candidate in words (a :class:`Message` or a ``Name``).
    ``notes(state)`` says what the list leaves out and why (may be empty).
    ``group(state, move)`` names the sub-list of its kind a candidate is folded into when
    the kind's list is long (a :class:`Message`; ``None``: no sub-list).
    """

    kinds: tuple[str, ...]
    candidates: Callable[[Any, str | None], Iterable[dict[str, Any]]]
    describe: Callable[[Any, dict[str, Any]], Any]
    notes: Callable[[Any], Sequence[Message]] = lambda state: ()
    group: Callable[[Any, dict[str, Any]], Message | None] = lambda state, move: None
    effects: Callable[[Any, dict[str, Any]], Sequence[Message] | None] | None = None
    """``effects(state, move)``: what a legal candidate does, said from the state before it,
    so that the core need not apply it (``None``, or no function: the core applies it). The
    core still applies every candidate of a type that an effect check concerns."""
    place: Callable[[Any, dict[str, Any]], Mapping[str, Any] | None] | None = None
    """``place(state, move)``: the piece a candidate moves and the places it goes to
    (``{"piece": ..., "to": [...]}``), for a picture to mark; ``None``: not said."""
    choose: Callable[[Any, dict[str, Any]], Mapping[str, Any] | None] | None = None
    """``choose(state, move)``: what may be chosen inside a listed action beyond the move
    as listed (the list stays short while every legal move is reachable from it)."""


def legal_actions(game: Game, state: Any, kind: str | None = None) -> Options:
    """Every legal action of the player to move in a parsed state (see
    :meth:`Game.legal_actions <adjudicator.core.game.Game.legal_actions>`). Raises
    :class:`MalformedInput` for a kind the game does not list."""
    provider = game.options
    if provider is None:
        return Options((), ())
    if kind is not None and kind not in provider.kinds:
        raise MalformedInput.single(
            "/kind",
            N_("Unknown kind of action {kind}; the kinds are: {kinds}."),
            kind=kind,
            kinds=Choices(list(provider.kinds), game.domain, style="standard", kind="move"),
        )
    seen: set[str] = set()
    actions: list[Action] = []
    for candidate in provider.candidates(state, kind):
        data = {k: v for k, v in candidate.items() if v is not None}
        key = json.dumps(data, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        move = game.move_adapter.validate_python(data)
        told = partial(provider.effects, state, data) if provider.effects else None
        effects = legal_effects(game, state, move, told)
        if effects is None:
            continue
        described = provider.describe(state, data)
        group = provider.group(state, data)
        place = provider.place(state, data) if provider.place else None
        choose = provider.choose(state, data) if provider.choose else None
        actions.append(Action(move.type, data, described, tuple(effects), group, place, choose))
    order = {k: i for i, k in enumerate(provider.kinds)}
    actions.sort(key=lambda a: order.get(a.kind, len(order)))
    kinds = (kind,) if kind else provider.kinds
    return Options(tuple(actions), kinds, tuple(provider.notes(state)))


def legal_effects(
    game: Game,
    state: Any,
    move: Any,
    told: Callable[[], Sequence[Message] | None] | None = None,
) -> tuple[Message, ...] | None:
    """What a legal move does, or ``None`` when it is illegal: ``Game.is_legal`` with one
    ``apply`` serving both the effect checks and the effects. ``told()`` may say the
    effects instead, when no effect check concerns the move (then nothing is applied)."""
    move_type = getattr(move, "type", None)
    for check in game.checks.of_kind(Kind.MOVE):
        if check.applies_to(move_type) and next(iter(check.func(state, move)), None):
            return None
    effect_checks = [c for c in game.checks.of_kind(Kind.EFFECT) if c.applies_to(move_type)]
    said = told() if told is not None and not effect_checks else None
    if said is not None:
        return tuple(said)
    after, effects = game.apply(state, move)
    for check in effect_checks:
        if next(iter(check.func(state, move, after)), None):
            return None
    return tuple(effects)
