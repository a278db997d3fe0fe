"""A table's log without the database: the log file format, replay, undo and audit.

Game-independent: the game is looked up by its ID (``adjudicator.games.get_game``) and used
only through its public API (``parse_state``, ``adjudicate``, ``check``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError

from adjudicator.core.errors import CORE, MalformedInput
from adjudicator.core.formats import FORMAT_KEY, not_a_boolean
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message
from adjudicator.core.verdicts import Notice

from . import codec
from .turns import Turns

FORMAT: Final = "adjudicator-table-log"
MAX_NAME = 40
MAX_PLAYERS = 8
MAX_ENTRIES = 5000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Seat(_Strict):
    """A player at the table: a name, an optional seat number and side (colour or nation)."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    seat: int | None = Field(default=None, ge=1, le=MAX_PLAYERS)
    side: str | None = Field(default=None, max_length=MAX_NAME)


class LogEntry(_Strict):
    """One line of a log file. ``legal: false`` marks a move that was refused when it was
    entered (the replay expects it to be illegal still, and skips it)."""

    kind: Literal["move", "undo", "correct"] = "move"
    move: dict[str, Any] | None = None
    state: dict[str, Any] | None = None
    author: str | None = Field(default=None, max_length=MAX_NAME)
    legal: bool | None = None
    note: str | None = Field(default=None, max_length=200)
    expect: dict[str, Any] | None = Field(default=None, max_length=100)
    """Values the state must hold after this line, by JSON pointer (``/players/0/cash``):
    a log written from a game record carries the record's figures, and the replay checks
    them."""


class LogFile(_Strict):
    """An exported (or hand-written) log: a game, its players, a start and the entries."""

    format: Literal["adjudicator-table-log"] = "adjudicator-table-log"
    format_version: Annotated[Literal[1, 2], BeforeValidator(not_a_boolean)] = 1
    """The log file's own format: 2 states ``game_format_version`` (1 did not)."""
    game_format_version: int | None = Field(default=None, ge=1, le=1000)
    """The format version of the game's states in the file (none: 1, what every log written
    before formats had versions holds); a state or move naming its own version keeps it.
    A move without one is read as the move path reads it (see :mod:`adjudicator.core.formats`)."""
    game: str = Field(max_length=64)
    variant: str | None = Field(default=None, max_length=64)
    title: str | None = Field(default=None, max_length=200)
    source: str | None = Field(default=None, max_length=500)
    players: list[Seat] = Field(default_factory=list, max_length=MAX_PLAYERS)
    initial_state: dict[str, Any]
    entries: list[LogEntry] = Field(default_factory=list, max_length=MAX_ENTRIES)


def parse_log(data: Any) -> LogFile:
    """Validate a log file, raising :class:`MalformedInput` with every problem."""
    try:
        return LogFile.model_validate(data)
    except ValidationError as exc:
        raise MalformedInput.from_pydantic(exc, data) from None


_SEATS: TypeAdapter[list[Seat]] = TypeAdapter(Annotated[list[Seat], Field(max_length=MAX_PLAYERS)])


def parse_seats(data: Any) -> list[Seat]:
    """Validate the players of a new table, raising :class:`MalformedInput`."""
    try:
        return _SEATS.validate_python(data or [])
    except ValidationError as exc:
        raise MalformedInput.from_pydantic(exc, data, ("players",)) from None


# --- replay --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Flag:
    """The first entry of a log that the replay could not follow, and why."""

    index: int
    """Its place among the entries, from 0 (for machines; say ``index + 1`` to people)."""
    entry: LogEntry
    verdict: dict[str, Any]
    """The verdict (language-neutral, see :mod:`codec`)."""


@dataclass
class Replay:
    """What replaying a log gave: the states after each entry and the first problem."""

    states: list[dict[str, Any]] = field(default_factory=list)
    verdicts: list[dict[str, Any] | None] = field(default_factory=list)
    flag: Flag | None = None
    notices: list[dict[str, Any]] = field(default_factory=list)
    """How states and moves of an earlier format were read, each at its JSON pointer into
    the log file (``/initial_state/...``, ``/entries/3/move/...``), language-neutral."""

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1]


def judge(
    game: Game, state: dict[str, Any], move: Any, *, strict: bool = False,
    notes: list[Notice] | None = None,
) -> tuple[dict[str, Any], Any]:  # fmt: skip
    """The verdict on ``move`` in ``state`` (language-neutral) and the state after it.
    A malformed move raises :class:`MalformedInput` when ``strict``, else it is a verdict.
    The notices of how a move of an earlier format was read are added to ``notes``."""
    try:
        verdict = game.adjudicate(state, move)
    except MalformedInput as exc:
        if strict:
            raise
        return codec.encode_malformed(exc), None
    after = dict(verdict.state) if verdict.state is not None else None
    if notes is not None:  # how a move of an earlier format was read
        notes.extend(n for n in verdict.notices if not n.rule and n.path.startswith("/move"))
    return codec.encode_verdict(verdict), after


def replay(game: Game, log: LogFile, budget: float | None = None) -> Replay:
    """Replay every entry from the initial state; stop at the first one that does not
    follow: a move recorded as played (or unrecorded) that is illegal, a move recorded as
    refused that is now legal, an undo with nothing to undo, or a malformed correction.

    With a ``budget`` (seconds), a replay that takes longer stops, flagged at the line it
    reached. It takes turns with the server's other requests (and its live streams) while a
    long log is checked (see :mod:`.turns`)."""
    result = Replay(states=[dict(log.initial_state)], verdicts=[None])
    stack = [dict(log.initial_state)]
    _note(result, "/initial_state", _read_state(game, log, log.initial_state))
    deadline = None if budget is None else time.monotonic() + budget
    turn = Turns()
    for index, entry in enumerate(log.entries):
        turn()
        if deadline is not None and time.monotonic() > deadline:
            text = N_(
                "The log takes too long to check here: after {seconds} s the check had "
                "reached line {line} of {count}."
            )
            problem = _problem(text, line=index + 1, count=len(log.entries), seconds=f"{budget:g}")
            result.flag = Flag(index, entry, problem)
            return result
        verdict: dict[str, Any] | None = None
        if entry.kind == "undo":
            if len(stack) < 2:
                result.flag = Flag(index, entry, _problem(N_("There is nothing to undo.")))
                return result
            stack.pop()
        elif entry.kind == "correct":
            try:
                _note(result, f"/entries/{index}/state", _read_state(game, log, entry.state))
            except MalformedInput as exc:
                result.flag = Flag(index, entry, codec.encode_malformed(exc))
                return result
            stack.append(dict(entry.state or {}))
        else:
            notes: list[Notice] = []
            verdict, after = judge(game, stack[-1], in_log_format(log, entry.move), notes=notes)
            _note(result, f"/entries/{index}", notes)
            if entry.legal is False:
                if verdict["legal"]:
                    result.flag = Flag(index, entry, verdict)
                    return result
            elif after is None:
                result.flag = Flag(index, entry, verdict)
                return result
            else:
                stack.append(after)
        wrong = _unexpected(stack[-1], entry.expect or {})
        if wrong is not None:
            result.flag = Flag(index, entry, wrong)
            return result
        result.states.append(stack[-1])
        result.verdicts.append(verdict)
    return result


def in_log_format(log: LogFile, data: Any) -> Any:
    """A state or move of the log, with the format version the log states for it (its own,
    if it states one)."""
    version = log.game_format_version or 1
    if version > 1 and isinstance(data, dict) and FORMAT_KEY not in data:
        return {FORMAT_KEY: version, **data}
    return data  # without a version key, a state or move is read as format 1


def _read_state(game: Game, log: LogFile, state: Any) -> tuple[Notice, ...]:
    """The notices of reading a state of the log in the format the log states (raises
    :class:`MalformedInput`)."""
    return game.read_state(in_log_format(log, state))[1]


def _note(result: Replay, where: str, notices: Iterable[Notice]) -> None:
    """Keep the format notices of the state or move at ``where`` in the log file."""
    result.notices.extend(
        {"path": where + n.path, "message": codec.encode(n.message)} for n in notices if not n.rule
    )


_MISSING = object()


def at(data: Any, pointer: str) -> Any:
    """The value at a JSON pointer (RFC 6901), or ``_MISSING``."""
    node = data
    for raw in pointer.split("/")[1:] if pointer else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def _unexpected(state: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any] | None:
    """A problem verdict naming the first expected value the state does not hold."""
    for pointer, wanted in expect.items():
        found = at(state, pointer)
        if found != wanted or type(found) is not type(wanted):
            shown = "—" if found is _MISSING else json.dumps(found, ensure_ascii=False)
            return _problem(
                N_("The state after this line is not what the log says: {found}, not {wanted}."),
                pointer,
                found=shown,
                wanted=json.dumps(wanted, ensure_ascii=False),
            )
    return None


def _problem(template: str, path: str = "", **params: Any) -> dict[str, Any]:
    message = codec.encode(Message(CORE, template, params))
    return {
        "legal": False,
        "violations": [{"rule": "", "check": "", "path": path, "message": message}],
        "alternatives": [],
        "effects": [],
    }


# --- undo ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A log line as the undo stack sees it."""

    seq: int
    kind: str
    version: int | None
    undoes: int | None = None


def live_changes(steps: Iterable[Step]) -> list[Step]:
    """The state changes still in force, oldest first (the opening first): every change
    not taken back by an undo. The last one is what an undo takes back."""
    stack: list[Step] = []
    for step in steps:
        if step.version is None:
            continue
        if step.kind == "undo":
            stack.pop()
        else:
            stack.append(step)
    return stack


# --- audit ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One place where the corrected state differs from the tool's."""

    path: str
    before: Any
    after: Any

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "before": self.before, "after": self.after}


_ABSENT = object()


def differences(before: Any, after: Any, path: str = "") -> list[Difference]:
    """Every difference between two JSON values, at the deepest place it shows."""
    if isinstance(before, dict) and isinstance(after, dict):
        found: list[Difference] = []
        for key in list(before) + [k for k in after if k not in before]:
            a, b = before.get(key, _ABSENT), after.get(key, _ABSENT)
            if a is _ABSENT or b is _ABSENT:
                found.append(Difference(_join(path, key), _none(a), _none(b)))
            else:
                found.extend(differences(a, b, _join(path, key)))
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [d for i, (a, b) in enumerate(zip(before, after, strict=True))
                for d in differences(a, b, _join(path, i))]  # fmt: skip
    if before == after and type(before) is type(after):
        return []
    return [Difference(path, before, after)]


def _join(path: str, key: Any) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def _none(value: Any) -> Any:
    return None if value is _ABSENT else value


@dataclass(frozen=True)
class Audit:
    """A correction: every difference from the tool's state, and the corrected state's
    report (every rule it breaks, and what could not be checked)."""

    differences: Sequence[Difference]
    report: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"differences": [d.to_json() for d in self.differences], "report": self.report}


def audit(game: Game, tool_state: dict[str, Any], corrected: Any) -> Audit:
    """Audit a corrected state against the tool's (raises :class:`MalformedInput`)."""
    report = game.report(game.parse_state(corrected))
    return Audit(differences(tool_state, corrected), codec.encode_report(report))


# --- example logs ----------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parent / "examples"


def example_names() -> list[str]:
    """The example logs shipped with the package (``examples/*.json``)."""
    return sorted(p.stem for p in EXAMPLES.glob("*.json"))


def example_log(name: str) -> dict[str, Any]:
    """A fresh copy of the named example log (only names from :func:`example_names`)."""
    if name not in example_names():
        raise KeyError(name)
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return data
