"""A game: its catalog, models, checks, effects and scoring, behind one small API."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, TypeAdapter, ValidationError

from .aid import AidParts
from .aliases import Aliases, aliases_in, load_aliases, load_general
from .cases import Case, load_cases
from .catalog import Catalog, Rule, Rulebook, load_catalog
from .checks import CheckRegistry, Kind
from .errors import MAX_INPUT_BYTES, MalformedInput, _input_path, load_json
from .exceptions import AdjudicatorError
from .formats import Kind as FormatKind
from .formats import (
    Upgrade,
    defaults,
    refused_whole_number,
    stamped,
    upgrade,
    version_of,
    whole_numbers,
    with_format_key,
)
from .i18n import N_, Message, gettext
from .moves import MoveBook
from .options import OptionsProvider, legal_actions
from .present import Presentation
from .reference import Dispute, ReferenceTable, Term, load_disputes, load_glossary
from .verdicts import (
    Alternative,
    MoveVerdict,
    Notice,
    Options,
    Report,
    ScoreReport,
    Scoring,
    Violation,
)
from .vocab import Vocabulary

#: ``apply(state, move)`` returns the resulting state and what happened, in words.
ApplyFunction = Callable[[Any, Any], tuple[Any, Sequence[Message]]]
AlternativesFunction = Callable[[Any, Any], Sequence[Alternative]]
ScoreFunction = Callable[[Any], Scoring]
#: ``table(lang)``: one of a game's own tables of the reference, its texts in ``lang``.
TableFunction = Callable[[str], ReferenceTable]


class Sampler(Protocol):
    """Seeded random play of a game: what the playouts, the soak and the property tests use.

    A game's ``sampler.py`` module is one (its three functions)."""

    def setup(self, rng: random.Random) -> Any:
        """A state to start a game from (parsed or JSON)."""

    def sample_moves(self, state: Any, rng: random.Random) -> list[dict[str, Any]]:
        """Legal moves (as JSON data) of the player to move in a parsed state; none when
        the game is over."""

    def mutate_move(
        self, state: Any, move: dict[str, Any], rng: random.Random
    ) -> dict[str, Any] | None:
        """A well-formed but illegal variant of a legal move, or ``None`` when none is near."""


class UnknownExample(AdjudicatorError, KeyError):
    """No example state of the game has that name."""


@dataclass
class Game:
    """Everything the adjudicator knows about one game.

    The package of a game holds ``rules.toml``, ``glossary.toml``, ``disputes.toml``,
    ``examples/*.json`` and ``cases/*.yaml`` beside its Python modules.
    """

    id: str
    prefix: str
    name: str
    package_dir: Path
    state_model: type[BaseModel]
    move_adapter: TypeAdapter[Any]
    checks: CheckRegistry
    apply: ApplyFunction
    scorer: ScoreFunction
    alternatives: AlternativesFunction | None = None
    options: OptionsProvider | None = None
    default_example: str = "mid-game"
    players: tuple[int, int] = (2, 5)
    player_kind: str = ""
    """The vocabulary kind whose entities are the players' keys in a state (the Manhattan
    Project's ``colour``); empty when players are keyed by their own names."""
    sampler: Sampler | None = None
    """Seeded random states and moves (its ``sampler.py``), for playouts and the soak."""
    reference_tables: tuple[TableFunction, ...] = ()
    """The game's own tables in the reference (Imperial's unconfirmed borders)."""
    present: Presentation | None = None
    """Its picture and page labels (its ``present.py``), for the web layer."""
    to_move: Callable[[Any], str | None] | None = None
    """Who makes the next move in a parsed state: that player's key (a name, or the
    ``player_kind`` key), ``None`` when no one in particular; the shared table gives the
    move to that player's seat."""
    allowed_by: Callable[[Any, Any], Sequence[str]] | None = None
    """``allowed_by(state, move)``: the rules a legal move is made under, most specific
    first (default: the first rule of each check made for the move's type alone)."""
    format_version: int = 1
    """The version of its state and move formats (see :mod:`adjudicator.core.formats`)."""
    upgrades: tuple[Upgrade, ...] = ()
    """How to read the forms of earlier versions (dropped and newly required fields)."""
    aid: AidParts | None = None
    """What its printed player aid holds (its ``aid.py``), for ``adjudicator aid``."""
    moves: MoveBook | None = None
    """Its kinds of move, one module a kind (:mod:`.moves`; ``Game(..., **book.parts())``)."""

    def __post_init__(self) -> None:
        if self.moves is not None:
            self.moves.bind(self)

    @property
    def domain(self) -> str:
        """The gettext domain of the game's texts."""
        return self.id

    def _(self, lang: str, msgid: str) -> str:
        return gettext(self.domain, lang, msgid)

    # --- data files -----------------------------------------------------------------------
    @cached_property
    def catalog(self) -> Catalog:
        return load_catalog(self.package_dir / "rules.toml", self.id)

    @cached_property
    def cases(self) -> tuple[Case, ...]:
        return tuple(load_cases(self.package_dir / "cases"))

    @cached_property
    def glossary(self) -> tuple[Term, ...]:
        return load_glossary(self.package_dir / "glossary.toml")

    @cached_property
    def aliases(self) -> Aliases:
        """The words players use for its rules (``aliases.toml``, see :mod:`.aliases`)."""
        return load_aliases(self.package_dir / "aliases.toml", {r.id for r in self.catalog})

    @cached_property
    def general_rules(self) -> frozenset[str]:
        """Its rules that list or sum up, which a search ranks below a specific one."""
        return load_general(self.package_dir / "aliases.toml", {r.id for r in self.catalog})

    def also_called(self, rule_id: str, lang: str) -> tuple[str, ...]:
        """The words players use for one rule in ``lang``."""
        return aliases_in(self.aliases, rule_id, lang)

    @cached_property
    def vocab(self) -> Vocabulary:
        """The display names of the entities its messages name (from the glossary)."""
        return Vocabulary(self.glossary)

    @cached_property
    def disputes(self) -> tuple[Dispute, ...]:
        return load_disputes(self.package_dir / "disputes.toml", self.catalog.rulebooks)

    @property
    def rulebooks(self) -> Mapping[str, Rulebook]:
        """The printed texts its rules cite, by ID (``[[rulebook]]`` of its ``rules.toml``)."""
        return self.catalog.rulebooks

    @cached_property
    def move_types(self) -> tuple[str, ...]:
        """The ``type`` of every move class of its move union, in the union's order (read
        from the move schema, which the move classes make)."""
        schema = self.move_adapter.json_schema()
        defs = schema.get("$defs", {})
        found: list[str] = []
        for variant in schema.get("oneOf") or schema.get("anyOf") or [schema]:
            ref = variant.get("$ref", "")
            body = defs.get(ref.rsplit("/", 1)[-1], variant) if ref else variant
            kind = (body.get("properties") or {}).get("type") or {}
            found += [kind["const"]] if "const" in kind else list(kind.get("enum") or [])
        return tuple(dict.fromkeys(found))

    @cached_property
    def seed_langs(self) -> dict[str, str]:
        """The language each of the game's rulebooks is printed in, by rulebook ID."""
        return {book.id: book.lang for book in self.catalog.rulebooks.values()}

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with that ID (any case), or ``None``."""
        return self.catalog.get(rule_id)

    def rule_json(self, rule: Rule, lang: str = "en") -> dict[str, Any]:
        """A rule as the CLI's ``--format json`` and the API give it, in ``lang``: its ID,
        game, section, title, text, sources and the IDs of the checks that enforce it."""
        return {
            "id": rule.id,
            "game": self.id,
            "section": rule.section,
            "title": self._(lang, rule.title),
            "text": self._(lang, rule.text),
            "source": [s.render(lang) for s in rule.sources],
            "checks": [c.id for c in self.checks.for_rule(rule.id)],
        }

    @cached_property
    def _example_files(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted((self.package_dir / "examples").glob("*.json"))}

    def example_names(self) -> list[str]:
        return list(self._example_files)

    def example(self, name: str | None = None) -> dict[str, Any]:
        """A fresh copy of the named example state (only names from ``example_names``).
        Raises :class:`UnknownExample` for any other name."""
        path = self._example_files.get(name or self.default_example)
        if path is None:
            raise UnknownExample(name)
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data

    # --- parsing --------------------------------------------------------------------------
    def parse_state(self, data: Any) -> Any:
        """Validate ``data`` as a state, raising :class:`MalformedInput` with every problem.
        A state of an earlier format version is read as :attr:`upgrades` say.

        pydantic walks the model, not the input, so nesting deeper than the model is refused
        at the first level where it does not fit; raw JSON text is depth-checked on loading.
        """
        return self._parse("state", data)[0]

    def read_state(self, data: Any) -> tuple[Any, tuple[Notice, ...]]:
        """:meth:`parse_state`, and the notices of how a state of an earlier format was
        read (none for the current format). Raises :class:`MalformedInput`."""
        return self._parse("state", data)

    def parse_state_json(self, text: str | bytes) -> Any:
        """Validate JSON text as a state in one step (pydantic parses it in Rust); on any
        problem the text is loaded as plain JSON and parsed from there (an earlier format,
        or every path pointing into it). Raises :class:`MalformedInput` (also for text over
        ``MAX_INPUT_BYTES``)."""
        if len(text) > MAX_INPUT_BYTES:
            raise MalformedInput.single("", N_("The input is too large."))
        try:
            return self.state_model.model_validate_json(text)
        except ValidationError:
            return self.parse_state(load_json(text))

    def stamped(self, data: Any) -> Any:
        """A state or move of the current format with its format version (for an output:
        an answer, a file, a link), so that a later release reads it as what it is."""
        return stamped(data, self.format_version)

    def parse_move(self, data: Any) -> Any:
        """Validate ``data`` as a move; raises :class:`MalformedInput` with every problem."""
        return self._parse("move", data)[0]

    def current_form(self, kind: FormatKind, data: Any) -> Any:
        """A state or move of any known format in the current one, as the game reads it:
        without its version key, an earlier format's dropped fields taken off and newly
        required fields given their defaults (what a store keeps, stamped with
        :attr:`format_version`). Raises :class:`MalformedInput`."""
        return self._read(kind, data)[2]

    def _parse(self, kind: FormatKind, data: Any) -> tuple[Any, tuple[Notice, ...]]:
        """Validate a state or move, in the current format or upgraded from an earlier one;
        also the notices of what the upgrade did."""
        parsed, notices, _ = self._read(kind, data)
        return parsed, notices

    def _read(self, kind: FormatKind, data: Any) -> tuple[Any, tuple[Notice, ...], Any]:
        """:meth:`_parse`, and the data that validated (the current format's form)."""
        validate = (
            self.state_model.model_validate
            if kind == "state"
            else self.move_adapter.validate_python
        )
        version = version_of(data, self.format_version)
        data, notices = upgrade(data, kind, self.upgrades, self.format_version)
        try:
            return validate(data), notices, data
        except ValidationError as exc:
            error = exc
        if refused_whole_number(error):
            data = whole_numbers(data)
            try:
                return validate(data), notices, data
            except ValidationError as exc:
                error = exc
        if version < self.format_version:
            missing = [
                _input_path(tuple(e["loc"]), data) for e in error.errors() if e["type"] == "missing"
            ]
            fixed, more = defaults(data, kind, self.upgrades, missing, version)
            if more:
                try:
                    return validate(fixed), notices + more, fixed
                except ValidationError as again:
                    error, data = again, fixed
        raise MalformedInput.from_pydantic(error, data, domain=self.domain) from None

    def schema(self, which: str = "state") -> dict[str, Any]:
        """The JSON Schema of a state or a move (what the editors draw): a copy of its own,
        which the caller may change."""
        return copy.deepcopy(self._schemas["move" if which == "move" else "state"])

    @cached_property
    def _schemas(self) -> dict[str, dict[str, Any]]:
        """The schemas, generated once: pydantic takes 4-13 ms a schema, and a page asks
        for one several times (the editors, the kinds of move, the copies)."""
        return {
            "state": TypeAdapter(self.state_model).json_schema(),
            "move": self.move_adapter.json_schema(),
        }

    def input_schema(self, which: str = "state") -> dict[str, Any]:
        """:meth:`schema` as an input may be written: with the ``format_version`` a state
        or a move may carry (see :mod:`.formats`); what the API's document states."""
        schema = self.schema(which)
        if which != "move":
            return with_format_key(schema, self.format_version)
        for branch in schema.get("oneOf", ()):
            name = branch.get("$ref", "").rpartition("/")[2]
            with_format_key(schema.get("$defs", {}).get(name), self.format_version)
        return schema

    # --- verdicts -------------------------------------------------------------------------
    def violations(self, state: Any) -> tuple[Violation, ...]:
        """Every state-rule violation of an already parsed state."""
        return self.report(state).violations

    def report(self, state: Any) -> Report:
        """The report on an already parsed state: its violations and its notices (what
        could not be checked because the state was entered only in part)."""
        found = [f for check in self.checks.of_kind(Kind.STATE) for f in check.run(state)]
        return Report(
            tuple(f for f in found if isinstance(f, Violation)),
            tuple(f for f in found if isinstance(f, Notice)),
        )

    def check(self, data: Any) -> Report:
        """Check a state: all its violations at once (and, for a state of an earlier
        format, notices of how it was read). Raises :class:`MalformedInput`."""
        parsed, notices = self._parse("state", data)
        report = self.report(parsed)
        return Report(report.violations, notices + report.notices) if notices else report

    def check_json(self, text: str | bytes) -> Report:
        """:meth:`check` on JSON text. Raises :class:`MalformedInput`."""
        if len(text) > MAX_INPUT_BYTES:
            raise MalformedInput.single("", N_("The input is too large."))
        try:
            return self.report(self.state_model.model_validate_json(text))
        except ValidationError:
            return self.check(load_json(text))

    def adjudicate(self, state_data: Any, move_data: Any) -> MoveVerdict:
        """Decide whether a move is legal in a state, and what it leads to. Raises
        :class:`MalformedInput` listing the problems of both (move paths under ``/move``)."""
        errors: list[Any] = []
        state = move = None
        notices: tuple[Notice, ...] = ()
        try:
            state, notices = self._parse("state", state_data)
        except MalformedInput as exc:
            errors.extend(exc.errors)
        try:
            move, read = self._parse("move", move_data)
            notices += tuple(replace(n, path="/move" + n.path) for n in read)
        except MalformedInput as exc:
            errors.extend(type(e)("/move" + e.path, e.message) for e in exc.errors)
        if errors:
            raise MalformedInput(errors)
        verdict = self.adjudicate_parsed(state, move)
        return replace(verdict, notices=notices) if notices else verdict

    def adjudicate_parsed(
        self, state: Any, move: Any, *, with_alternatives: bool = True
    ) -> MoveVerdict:
        """The verdict on parsed input. ``with_alternatives=False`` skips looking for legal
        alternatives (what a game's own alternatives search uses to test candidates)."""
        move_type = getattr(move, "type", None)
        found = [
            v
            for check in self.checks.of_kind(Kind.MOVE)
            if check.applies_to(move_type)
            for v in check.run(state, move)
            if isinstance(v, Violation)
        ]
        after = None
        effects: Sequence[Message] = ()
        if not found:
            after, effects = self.apply(state, move)
            found = [
                v
                for check in self.checks.of_kind(Kind.EFFECT)
                if check.applies_to(move_type)
                for v in check.run(state, move, after)
                if isinstance(v, Violation)
            ]
        if found:
            alternatives: tuple[Alternative, ...] = ()
            if with_alternatives and self.alternatives is not None:
                alternatives = tuple(self.alternatives(state, move))
            return MoveVerdict(tuple(found), None, alternatives)
        assert after is not None
        rules = tuple(self.allowed_by(state, move)) if self.allowed_by else ()
        rules = rules or self.checks.made_under(move_type)
        return MoveVerdict((), after.model_dump(mode="json"), (), tuple(effects), rules)

    def is_legal(self, state: Any, move: Any) -> bool:
        """Whether a parsed move is legal: the first violation found ends the search, and
        the move is applied only when an effect check concerns its type. For searches
        over many candidate moves (alternatives, samplers)."""
        move_type = getattr(move, "type", None)
        for check in self.checks.of_kind(Kind.MOVE):
            if check.applies_to(move_type) and check.first(state, move) is not None:
                return False
        effects = [c for c in self.checks.of_kind(Kind.EFFECT) if c.applies_to(move_type)]
        if not effects:
            return True
        after, _ = self.apply(state, move)
        return not any(c.first(state, move, after) is not None for c in effects)

    def legal_actions(self, state: Any, kind: str | None = None) -> Options:
        """Every legal action of the player to move in a parsed state, of ``kind`` or of every
        kind the game lists (like python-chess's ``board.legal_moves``), each with its move,
        a description and its effects. Raises :class:`MalformedInput` for an unknown kind."""
        return legal_actions(self, state, kind)

    def options_of(self, data: Any, kind: str | None = None) -> Options:
        """:meth:`legal_actions` on unparsed state data (and the notices of how a state of
        an earlier format was read). Raises :class:`MalformedInput`."""
        state, notices = self._parse("state", data)
        found = self.legal_actions(state, kind)
        return replace(found, notices=notices) if notices else found

    def score(self, data: Any) -> ScoreReport:
        """Score a state (provisional until the game is over), with the violations of its
        score rules (and how a state of an earlier format was read). Raises
        :class:`MalformedInput`."""
        state, notices = self._parse("state", data)
        violations = tuple(
            v
            for check in self.checks.of_kind(Kind.SCORE)
            for v in check.run(state)
            if isinstance(v, Violation)
        )
        return ScoreReport(self.scorer(state), violations, self.player_name, notices)

    def player_name(self, player: str, lang: str = "en") -> str:
        """How a player, keyed as in the state, is shown to a reader of ``lang``."""
        if self.player_kind and self.vocab.has(self.player_kind, player):
            return self.vocab.name(self.player_kind, player, lang)
        return player
