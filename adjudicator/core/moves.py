"""Kinds of move: everything about one kind of move in one place, and the book of a game's
kinds, from which its move union, the dispatch of ``apply``, the options list, the
sampler's moves and the default alternatives are all derived (so they cannot disagree).

A game's ``moves/`` package holds one module a kind, and gathers them in a book::

    KIND = MoveKind(Take, checks, section="tokens", label=N_("Take tokens"), rule="XX-201")

    @KIND.check("XX-201", title=N_("Take 1 or 2"))  # a move check, typed by ``Take``
    def take_count(state: State, move: Take): ...

    @KIND.apply                                  # what it does to a copy of the state
    def effect(state: State, move: Take) -> list[Message]: ...

    @KIND.enumerate                              # its candidates, legal or not, as data
    def candidates(state: State) -> Iterator[dict[str, Any]]: ...

    @KIND.words                                  # one candidate in words
    def said(state: State, data: dict[str, Any]) -> Message: ...

    book = MoveBook(checks, (take.KIND, ...))    # moves/__init__.py, in the listing order

(``book.kind(Take, ...)`` makes and adds a kind in one step.)

Like boardgame.io's ``moves: {...}`` with ``ai: {enumerate}`` and python-chess's
``Move`` / ``is_legal`` / ``push`` / ``generate_legal_moves``, with the project's own
decorators. The checks are registered on the game's :class:`CheckRegistry` as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar, Union

from pydantic import BaseModel, Field, TypeAdapter

from .checks import CheckFunction, CheckRegistry, move_types
from .i18n import Message
from .options import OptionsProvider
from .verdicts import Alternative

if TYPE_CHECKING:
    from .game import Game

M = TypeVar("M", bound=BaseModel)
F = TypeVar("F", bound=Callable[..., Any])
Data = dict[str, Any]
"""A move as JSON data."""

#: ``frame(state, move, effect)``: the part of applying that every kind shares (copying
#: the state, what every action costs, what follows any move); ``effect(copy, move)``
#: is the kind's own effect. The default copies the state and calls the effect.
Frame = Callable[[Any, Any, Callable[..., Any]], tuple[Any, list[Message]]]


def _deep_copy_frame(
    state: Any, move: Any, effect: Callable[..., Sequence[Message]]
) -> tuple[Any, list[Message]]:
    after = state.model_copy(deep=True)
    return after, list(effect(after, move))


class MoveKind(Generic[M]):
    """One kind of move: its class, checks, effect, listing, sampling and words."""

    def __init__(
        self,
        model: type[M],
        checks: CheckRegistry,
        *,
        section: str,
        label: str,
        rule: str = "",
        weight: float = 1.0,
        listed: bool = True,
    ) -> None:
        (self.type,) = move_types(model)
        self.model, self.checks = model, checks
        self.section, self.label, self.rule, self.weight = section, label, rule, weight
        self.listed = listed
        """``section``: of ``rules.toml``; ``label``: the kind in words (a msgid); ``rule``:
        the rule it is made under; ``weight``: how often a playout picks it (1 = as often
        as any other candidate); ``listed``: whether the options list it (not when its
        move names what only the table can know, such as cards drawn)."""
        self.effect_of: Callable[..., Sequence[Message]] | None = None
        self.lister: Callable[[Any], Iterable[Data]] | None = None
        self.sampler: Callable[[Any, random.Random], Iterable[Data]] | None = None
        self.sayer: Callable[[Any, Data], Message] | None = None
        self.option_sayer: Callable[[Any, Data], Message] | None = None
        self.teller: Callable[[Any, Data], Sequence[Message] | None] | None = None
        self.grouper: Callable[[Any, Data], Message | None] | None = None
        self.chooser: Callable[[Any, Data], Mapping[str, Any] | None] | None = None
        self.marker: Callable[[Any, Data], Mapping[str, Any] | None] | None = None
        self.placer: Callable[[Any, Data], list[str]] | None = None
        self.book: MoveBook | None = None
        """The book it was first added to (whose game's legality :meth:`is_legal` asks)."""

    def __repr__(self) -> str:
        return f"MoveKind({self.type!r})"

    # --- checks: registered on the game's registry, typed by the annotation of ``move`` ---
    def check(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """A move check ``f(state, move)`` of this kind (see :meth:`CheckRegistry.move`)."""
        return self.checks.move(*rules, title=title)

    def effect(self, *rules: str, title: str) -> Callable[[CheckFunction], CheckFunction]:
        """An effect check ``f(before, move, after)`` (see :meth:`CheckRegistry.effect`)."""
        return self.checks.effect(*rules, title=title)

    # --- what the kind does, how it is listed and said: one function each ---------------
    def apply(self, func: F) -> F:
        """``f(state, move)`` changes a copy of the state (or what the book's frame passes)
        and returns what happened, in words."""
        self.effect_of = func
        return func

    def enumerate(self, func: F) -> F:
        """``f(state)`` yields the candidates of this kind as move data, legal or not (the
        options keep the legal ones; the sampler and alternatives too, unless
        :meth:`sample` says otherwise)."""
        self.lister = func
        return func

    def sample(self, func: F) -> F:
        """``f(state, rng)``: the candidates a random playout draws from (default: the
        enumerated ones)."""
        self.sampler = func
        return func

    def words(self, func: F) -> F:
        """``f(state, data)``: a candidate in words, as a player would say it (``None``: it
        cannot be said so, and the kind's name stands for it)."""
        self.sayer = func
        return func

    def listed_words(self, func: F) -> F:
        """``f(state, data)``: a candidate as the options list says it (default: words)."""
        self.option_sayer = func
        return func

    def told(self, func: F) -> F:
        """``f(state, data)``: what a legal candidate does, said without applying it."""
        self.teller = func
        return func

    def group(self, func: F) -> F:
        """``f(state, data)``: the sub-list of the options a candidate folds into."""
        self.grouper = func
        return func

    def choose(self, func: F) -> F:
        """``f(state, data)``: what may be chosen inside a listed candidate."""
        self.chooser = func
        return func

    def marks(self, func: F) -> F:
        """``f(state, data)``: the piece a candidate moves and the places it goes to."""
        self.marker = func
        return func

    def places(self, func: F) -> F:
        """``f(state, data)``: the places of the picture a move names (the touch editor)."""
        self.placer = func
        return func

    # --- derived -----------------------------------------------------------------------
    def candidates(self, state: Any) -> Iterable[Data]:
        return self.lister(state) if self.lister else ({"type": self.type},)

    def samples(self, state: Any, rng: random.Random) -> Iterable[Data]:
        return self.sampler(state, rng) if self.sampler else self.candidates(state)

    def is_legal(self, state: Any, data: Data) -> bool:
        """Whether move data is well formed and legal in the game of its book."""
        assert self.book is not None, f"{self!r} is in no book"
        return self.book.is_legal(state, data)

    def say(self, state: Any, data: Data) -> Message:
        """A candidate in words (default: the kind's label as a sentence)."""
        said = self.sayer(state, data) if self.sayer is not None else None
        if said is not None:
            return said
        named = self.book.name if self.book else None
        move = named(self.type) if named else self.checks.message(self.label)
        # the game's own catalog translates the sentence (the core marks no game text)
        return self.checks.message("{move}.", move=move)


class MoveBook:
    """The kinds of move of one game, in the order they are registered (the order of the
    move union, of the options list and of the sampler)."""

    def __init__(
        self,
        checks: CheckRegistry,
        kinds: Iterable[MoveKind[Any]] = (),
        *,
        frame: Frame = _deep_copy_frame,
        notes: Callable[[Any], Sequence[Message]] = lambda state: (),
        over: Callable[[Any], bool] = lambda state: False,
        name: Callable[[str], Any] | None = None,
    ) -> None:
        self.checks = checks
        self.name = name
        """``name(move_type)``: a kind's name in a sentence (default: its label)."""
        self.frame = frame
        self.notes = notes
        """``notes(state)``: what the options list leaves out and why."""
        self.over = over
        """``over(state)``: whether the game is over (nothing is listed nor sampled)."""
        self._kinds: dict[str, MoveKind[Any]] = {}
        self._adapter: TypeAdapter[Any] | None = None
        self.game: Game | None = None
        for kind in kinds:
            self.add(kind)

    def add(self, kind: MoveKind[Any]) -> MoveKind[Any]:
        """Add a kind (its checks are registered already). Raises ``ValueError`` for a move
        type added twice."""
        if kind.type in self._kinds:
            raise ValueError(f"move type {kind.type!r} is registered twice")
        self._kinds[kind.type] = kind
        self._adapter = None
        if kind.book is None:
            kind.book = self
        return kind

    def kind(self, model: type[M], **about: Any) -> MoveKind[M]:
        """Make and add a kind of move: its pydantic class (whose ``type: Literal[...]`` is
        its key), and what :class:`MoveKind` takes. Raises ``ValueError`` for a type added
        twice."""
        made = MoveKind(model, self.checks, **about)
        self.add(made)
        return made

    def __iter__(self) -> Iterator[MoveKind[Any]]:
        return iter(self._kinds.values())

    def __getitem__(self, move_type: str) -> MoveKind[Any]:
        return self._kinds[move_type]

    def __contains__(self, move_type: object) -> bool:
        return move_type in self._kinds

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def copy(self, checks: CheckRegistry) -> MoveBook:
        """The same kinds in a new book whose new kinds register on ``checks``."""
        return MoveBook(
            checks, self, frame=self.frame, notes=self.notes, over=self.over, name=self.name
        )

    # --- the union, apply, labels ---------------------------------------------------------
    @property
    def union(self) -> Any:
        """The discriminated union of the move classes (the move schema's source)."""
        models = [k.model for k in self._kinds.values()]
        if len(models) == 1:
            return models[0]
        union: Any = Union[tuple(models)]  # noqa: UP007 (built from a list of classes)
        return Annotated[union, Field(discriminator="type")]

    @property
    def adapter(self) -> TypeAdapter[Any]:
        if self._adapter is None:
            self._adapter = TypeAdapter(self.union)
        return self._adapter

    def apply(self, state: Any, move: Any) -> tuple[Any, list[Message]]:
        """The state after a (legal) move and what it did, in words: the book's frame
        around the kind's effect."""
        effect = self._kinds[move.type].effect_of
        if effect is None:
            raise NotImplementedError(f"move type {move.type!r} has no effect")
        return self.frame(state, move, effect)

    def labels(self) -> dict[str, str]:
        """The label of each kind (msgids), by move type."""
        return {k.type: k.label for k in self._kinds.values()}

    # --- listing, sampling, words ---------------------------------------------------------
    def candidates(self, state: Any, kind: str | None = None) -> Iterator[Data]:
        """Every candidate of ``kind`` (``None``: of every kind), legal or not."""
        if self.over(state):
            return
        for k in self._listed_kinds() if kind is None else (self._kinds[kind],):
            yield from k.candidates(state)

    def _listed_kinds(self) -> list[MoveKind[Any]]:
        return [k for k in self._kinds.values() if k.listed]

    def samples(self, state: Any, rng: random.Random, types: set[str] | None = None) -> list[Data]:
        """The candidates a playout draws from, of every type (or of ``types``); every
        kind's sampler runs, since one may sample for several kinds (a draw)."""
        if self.over(state):
            return []
        return [
            data
            for k in self._kinds.values()
            for data in k.samples(state, rng)
            if types is None or data["type"] in types
        ]

    def describe(self, state: Any, data: Data) -> Message:
        """A candidate in words, as a player would say it (alternatives, options)."""
        return self._kinds[data["type"]].say(state, data)

    def _listed(self, state: Any, data: Data) -> Message:
        kind = self._kinds[data["type"]]
        return kind.option_sayer(state, data) if kind.option_sayer else kind.say(state, data)

    def _hook(self, name: str) -> Callable[[Any, Data], Any] | None:
        if not any(getattr(k, name) for k in self._kinds.values()):
            return None

        def call(state: Any, data: Data) -> Any:
            func = getattr(self._kinds[data["type"]], name)
            return func(state, data) if func else None

        return call

    @property
    def options(self) -> OptionsProvider:
        """The options list ("What may I do?"): every kind, in the book's order."""
        return OptionsProvider(
            tuple(k.type for k in self._listed_kinds()),
            self.candidates,
            self._listed,
            self.notes,
            group=self._hook("grouper") or (lambda state, data: None),
            effects=self._hook("teller"),
            place=self._hook("marker"),
            choose=self._hook("chooser"),
        )

    def places(self, state: Any, data: Data) -> list[str]:
        """The places of the picture a move (maybe incomplete) names."""
        kind = self._kinds.get(data.get("type", ""))
        return kind.placer(state, data) if kind and kind.placer else []

    # --- with the game: legality ------------------------------------------------------------
    def bind(self, game: Game) -> None:
        """Called by the game that holds the book (its legality serves the alternatives)."""
        self.game = game

    def is_legal(self, state: Any, data: Data) -> bool:
        """Whether move data is well formed and legal."""
        assert self.game is not None, "the book is not bound to a game"
        try:
            move = self.adapter.validate_python(data)
        except ValueError:
            return False
        return self.game.is_legal(state, move)

    def sample_moves(
        self,
        state: Any,
        rng: random.Random,
        limit: int | None = None,
        types: set[str] | None = None,
        *,
        weight: Callable[[Data], float] | None = None,
        settle: Callable[[Any, Data, random.Random], Data | None] | None = None,
    ) -> list[Data]:
        """Legal moves of the player to move in random order, the heavier (by default the
        kind's weight) first more often
        (a sampler's ``sample_moves``). ``settle(state, data, rng)`` may complete a sampled
        candidate into a legal move or give ``None`` (default: keep it if it is legal)."""
        weigh = weight or (lambda data: self._kinds[data["type"]].weight)
        candidates = self.samples(state, rng, types)
        order = sorted(candidates, key=lambda d: rng.random() ** (1.0 / weigh(d)), reverse=True)
        legal: list[Data] = []
        for data in order:
            found = (
                settle(state, data, rng)
                if settle
                else (data if self.is_legal(state, data) else None)
            )
            if found is not None:
                legal.append(found)
                if limit is not None and len(legal) >= limit:
                    break
        return legal

    def alternatives(self, state: Any, move: Any, limit: int = 5) -> list[Alternative]:
        """The default alternatives to an illegal move: legal moves of the same kind, as
        the sampler draws them (seeded, so the same every time)."""
        found: list[Alternative] = []
        for data in self.samples(state, random.Random(0), {move.type}):
            if self.is_legal(state, data):
                found.append(Alternative(data, self.describe(state, data)))
                if len(found) >= limit:
                    break
        return found

    def parts(self) -> dict[str, Any]:
        """The :class:`Game` fields derived from the book: ``Game(..., **book.parts())``."""
        return {
            "moves": self,
            "move_adapter": self.adapter,
            "apply": self.apply,
            "options": self.options,
            "alternatives": self.alternatives,
        }
