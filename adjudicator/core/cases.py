"""Cases: DATC-style test cases kept as YAML data, shared by pytest and the docs.

Each file under a game's ``cases/`` folder is a list of cases::

    - id: MP-102-F1
      title: A sixth engineer of one colour
      kind: state                    # state | move | score
      rules: [MP-102]                # the rules it exercises
      base: mid-game                 # a named example state (or `state:` in full)
      patch:                         # JSON pointer -> new value
        /players/0/supply/engineers: 5
      remove: [/players/1/hand/0]    # optional: pointers to delete
      move: {type: retrieve}         # move cases only
      expect:
        valid: false                 # state: valid; move: legal; score: final, winner, scores
        violations: [MP-102]         # exactly the rules expected to be violated
        state: {/players/0/money: 7} # move cases: values in the resulting state
        valid_after: true            # move cases: the resulting state breaks no rule
        notices: [MP-209]            # state cases: the rules of the notices (what was not
                                     # checked because the state leaves it out)

A case is *failing* for a check when it expects one of the check's rules to be
violated, and *passing* when it exercises one of them and expects none violated.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .checks import Check, Kind
from .exceptions import AdjudicatorError
from .i18n import normalize_text

if TYPE_CHECKING:
    from .game import Game
    from .verdicts import Notice, Violation

CASE_ID = re.compile(r"^[A-Z]{2,3}-[A-Za-z0-9-]+$")
CASE_KINDS = ("state", "move", "score")


class CaseError(AdjudicatorError, ValueError):
    """A case file is malformed."""


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    kind: str
    rules: tuple[str, ...]
    expect: Mapping[str, Any]
    base: str | None = None
    state: Mapping[str, Any] | None = None
    patch: Mapping[str, Any] = field(default_factory=dict)
    remove: tuple[str, ...] = ()
    move: Mapping[str, Any] | None = None
    file: str = ""
    note: str | None = None

    @property
    def expected_violations(self) -> frozenset[str]:
        return frozenset(self.expect.get("violations", ()))

    @property
    def anchor(self) -> str:
        return f"case-{self.id.lower()}"

    def counts_for(self, check: Check) -> str | None:
        """``"fail"``, ``"pass"`` or ``None``: what this case shows of ``check``."""
        if not set(check.rules) & set(self.rules):
            return None
        if self.kind == "state" and check.kind is not Kind.STATE:
            return None
        if self.kind == "score" and check.kind is not Kind.SCORE:
            return None
        if self.kind == "move":
            if check.kind not in (Kind.MOVE, Kind.EFFECT):
                return None
            if not check.applies_to((self.move or {}).get("type")):
                return None
        return "fail" if set(check.rules) & self.expected_violations else "pass"

    def build_state(self, game: Game) -> dict[str, Any]:
        if self.state is not None:
            data = copy.deepcopy(dict(self.state))
        elif self.base is not None:
            data = game.example(self.base)
        else:
            raise CaseError(f"{self.id}: a case needs `base` or `state`")
        for path in self.remove:
            remove_pointer(data, path)
        for path, value in self.patch.items():
            set_pointer(data, path, copy.deepcopy(value))
        return data


#: PyYAML's safe loader, in C (libyaml) where the wheel has it: the same data, five times
#: faster (every process that runs or serves the cases reads them all).
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """YAML text as data, with the safe loader (plain data only)."""
    return yaml.load(text, Loader=SAFE_LOADER)


def load_cases(folder: Path) -> list[Case]:
    cases: list[Case] = []
    seen: set[str] = set()
    for path in sorted(folder.glob("*.yaml")):
        entries = load_yaml(path.read_text(encoding="utf-8")) or []
        if not isinstance(entries, list):
            raise CaseError(f"{path.name}: a case file is a list of cases")
        for entry in entries:
            case = _parse_case(entry, path.name)
            if case.id in seen:
                raise CaseError(f"{path.name}: case {case.id} is defined twice")
            seen.add(case.id)
            cases.append(case)
    return cases


def _parse_case(entry: Mapping[str, Any], filename: str) -> Case:
    case_id = str(entry.get("id", ""))
    if not CASE_ID.match(case_id):
        raise CaseError(f"{filename}: bad case ID {case_id!r}")
    kind = entry.get("kind")
    if kind not in CASE_KINDS:
        raise CaseError(f"{filename}: case {case_id} has kind {kind!r}")
    if kind == "move" and not isinstance(entry.get("move"), dict):
        raise CaseError(f"{filename}: move case {case_id} needs a `move`")
    expect = entry.get("expect") or {}
    if not isinstance(expect, dict):
        raise CaseError(f"{filename}: case {case_id}: `expect` must be a mapping")
    return Case(
        id=case_id,
        title=normalize_text(str(entry.get("title", ""))),
        kind=kind,
        rules=tuple(entry.get("rules", ())),
        expect=expect,
        base=entry.get("base"),
        state=entry.get("state"),
        patch=entry.get("patch") or {},
        remove=tuple(entry.get("remove", ())),
        move=entry.get("move"),
        file=filename,
        note=normalize_text(entry["note"]) if entry.get("note") else None,
    )


# --- JSON pointers --------------------------------------------------------------------------


def _split(pointer: str) -> list[str]:
    if not pointer.startswith("/"):
        raise CaseError(f"bad JSON pointer {pointer!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def _step(node: Any, part: str) -> Any:
    if isinstance(node, list):
        return node[int(part)]
    return node[part]


def get_pointer(data: Any, pointer: str) -> Any:
    node = data
    for part in _split(pointer):
        node = _step(node, part)
    return node


def set_pointer(data: Any, pointer: str, value: Any) -> None:
    *parents, last = _split(pointer)
    node = data
    for part in parents:
        node = _step(node, part)
    if isinstance(node, list):
        if last == "-":
            node.append(value)
        else:
            node[int(last)] = value
    else:
        node[last] = value


def remove_pointer(data: Any, pointer: str) -> None:
    *parents, last = _split(pointer)
    node = data
    for part in parents:
        node = _step(node, part)
    if isinstance(node, list):
        del node[int(last)]
    else:
        del node[last]


# --- running a case -------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    case: Case
    problems: tuple[str, ...]
    actual: frozenset[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def run_case(game: Game, case: Case) -> Outcome:
    """Run ``case`` against ``game`` and compare the verdict with what it expects."""
    state = case.build_state(game)
    problems: list[str] = []
    expect = case.expect
    if case.kind == "state":
        report = game.check(state)
        actual = report.rules
        _compare(problems, "valid", expect.get("valid"), report.valid)
        if "notices" in expect:
            got_notices = sorted({n.rule for n in report.notices})
            _compare(problems, "notices", sorted(expect["notices"]), got_notices)
    elif case.kind == "move":
        verdict = game.adjudicate(state, dict(case.move or {}))
        actual = verdict.rules
        _compare(problems, "legal", expect.get("legal"), verdict.legal)
        for pointer, wanted in (expect.get("state") or {}).items():
            if verdict.state is None:
                problems.append(f"expected a resulting state to compare {pointer}")
                continue
            try:
                got = get_pointer(verdict.state, pointer)
            except (KeyError, IndexError, ValueError, TypeError):
                problems.append(f"{pointer}: missing in the resulting state")
                continue
            _compare(problems, pointer, wanted, got)
        if expect.get("valid_after") and verdict.state is not None:
            broken = sorted(game.check(verdict.state).rules)
            if broken:
                problems.append(f"the resulting state breaks {broken}")
        if "alternatives" in expect:
            _compare(problems, "alternatives", expect["alternatives"], len(verdict.alternatives))
    else:
        report_s = game.score(state)
        actual = report_s.rules
        data = report_s.to_json()
        for key in ("final", "winner", "winners", "scores", "ranking"):
            if key in expect:
                _compare(problems, key, expect[key], data[key])
    if actual != case.expected_violations:
        problems.append(
            f"violations: expected {sorted(case.expected_violations)}, got {sorted(actual)}"
        )
    return Outcome(case, tuple(problems), actual)


def run_case_answers(game: Game, case: Case) -> tuple[Violation, ...]:
    """The violations ``case`` yields (each naming its check), without the search for legal
    alternatives: what the traceability needs, at a fraction of :func:`run_case`'s cost.
    A malformed case yields none."""
    from .errors import MalformedInput

    state = case.build_state(game)
    try:
        if case.kind == "state":
            return game.check(state).violations
        if case.kind == "move":
            parsed = game.parse_state(state)
            move = game.parse_move(dict(case.move or {}))
            return game.adjudicate_parsed(parsed, move, with_alternatives=False).violations
        return game.score(state).violations
    except MalformedInput:
        return ()


def run_case_notices(game: Game, case: Case) -> tuple[Notice, ...]:
    """The notices a state case yields (what its state leaves out, each naming its check);
    other cases and malformed states yield none."""
    from .errors import MalformedInput

    if case.kind != "state":
        return ()
    try:
        return game.check(case.build_state(game)).notices
    except MalformedInput:
        return ()


def _compare(problems: list[str], what: str, wanted: Any, got: Any) -> None:
    if wanted is not None and wanted != got:
        problems.append(f"{what}: expected {wanted!r}, got {got!r}")


def cases_for(cases: Iterable[Case], check: Check) -> dict[str, list[Case]]:
    found: dict[str, list[Case]] = {"pass": [], "fail": []}
    for case in cases:
        verdict = case.counts_for(check)
        if verdict:
            found[verdict].append(case)
    return found
