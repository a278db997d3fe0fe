"""Traceability: every rule against its checks and cases, and the gate on it."""

from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cases import Case, cases_for
from .checks import Check
from .i18n import LANGS, lookup


@dataclass(frozen=True)
class RuleTrace:
    rule_id: str
    checks: tuple[Check, ...]
    passing: tuple[Case, ...]
    failing: tuple[Case, ...]


def trace_game(game: Any) -> list[RuleTrace]:
    rows = []
    for rule in game.catalog:
        listing = [c for c in game.cases if rule.id in c.rules]
        rows.append(
            RuleTrace(
                rule_id=rule.id,
                checks=tuple(game.checks.for_rule(rule.id)),
                passing=tuple(c for c in listing if rule.id not in c.expected_violations),
                failing=tuple(c for c in listing if rule.id in c.expected_violations),
            )
        )
    return rows


def raised_by(game: Any) -> dict[str, set[str]]:
    """For each rule, the checks whose violations of it the game's cases show (each
    violation names its check): what the checks really enforce, next to what they declare."""
    from .cases import run_case_answers

    found: dict[str, set[str]] = {}
    for case in game.cases:
        for violation in run_case_answers(game, case):
            if violation.check:
                found.setdefault(violation.rule, set()).add(violation.check)
    return found


def unraised_declarations(game: Any, raisers: dict[str, set[str]] | None = None) -> list[str]:
    """Each declared (check, rule) pair that no case of ``game`` makes the check raise:
    an over-declaration, or a failing case still to write. ``raisers`` is
    :func:`raised_by` when already computed."""
    raisers = raised_by(game) if raisers is None else raisers
    return [
        f"check {check.id}: declares {rule}, but no case makes it raise it"
        for check in game.checks
        for rule in check.rules
        if check.id not in raisers.get(rule, ())
    ]


def trace_json(
    games: Iterable[Any], raisers_of: dict[str, dict[str, set[str]]] | None = None
) -> dict[str, Any]:
    """The matrix; ``raisers_of`` maps a game ID to its :func:`raised_by` when computed."""
    rules = []
    for game in games:
        raisers = (raisers_of or {}).get(game.id) or raised_by(game)
        for rule, row in zip(game.catalog, trace_game(game), strict=True):
            rules.append(
                {
                    "id": rule.id,
                    "game": game.id,
                    "section": rule.section,
                    "title": rule.title,
                    "source": "; ".join(str(s) for s in rule.sources),
                    "text": {lang: lookup(game.domain, lang, rule.text) for lang in LANGS},
                    "checks": [{"id": c.id, "kind": str(c.kind)} for c in row.checks],
                    "raised_by": sorted(raisers.get(rule.id, ())),
                    "cases": {"pass": len(row.passing), "fail": len(row.failing)},
                }
            )
    return {"rules": rules}


def problems(game: Any, *, translations: bool = True) -> list[str]:
    """Everything that breaks traceability in ``game``; empty when all is well."""
    found: list[str] = []
    rule_ids = {r.id for r in game.catalog}
    prefix = game.prefix + "-"
    for rule in game.catalog:
        if not rule.id.startswith(prefix):
            found.append(f"rule {rule.id}: the ID does not start with {prefix}")
        if not rule.sources:
            found.append(f"rule {rule.id}: no source cited")
        if not game.checks.for_rule(rule.id):
            found.append(f"rule {rule.id}: no check enforces it")
        known_disputes = {d.id for d in game.disputes}
        for dispute in rule.disputes:
            if dispute not in known_disputes:
                found.append(f"rule {rule.id}: names unknown dispute {dispute}")
    for check in game.checks:
        for rule_id in check.rules:
            if rule_id not in rule_ids:
                found.append(f"check {check.id}: names unknown rule {rule_id}")
        shown = cases_for(game.cases, check)
        if not shown["pass"]:
            found.append(f"check {check.id}: no passing case")
        if not shown["fail"]:
            found.append(f"check {check.id}: no failing case")
    examples = set(game.example_names())
    for case in game.cases:
        if not case.id.startswith(prefix):
            found.append(f"case {case.id}: the ID does not start with {prefix}")
        for rule_id in set(case.rules) | case.expected_violations:
            if rule_id not in rule_ids:
                found.append(f"case {case.id}: names unknown rule {rule_id}")
        if case.base is not None and case.base not in examples:
            found.append(f"case {case.id}: unknown base example {case.base}")
        if not case.rules:
            found.append(f"case {case.id}: exercises no rule")
    found.extend(dispute_problems(game, rule_ids))
    found.extend(undeclared_rules(game.checks))
    if translations:
        found.extend(missing_translations(game))
    return found


def dispute_problems(game: Any, rule_ids: set[str]) -> list[str]:
    """Disputes and rules must link each other; a dispute's cases must exist, name the
    dispute, and show its reading both holding and broken."""
    found: list[str] = []
    cases = {c.id: c for c in game.cases}
    for dispute in game.disputes:
        if not dispute.rules:
            found.append(f"dispute {dispute.id}: links no rule")
        for rule_id in dispute.rules:
            if rule_id not in rule_ids:
                found.append(f"dispute {dispute.id}: names unknown rule {rule_id}")
        named = [cases[c] for c in dispute.cases if c in cases]
        found += [
            f"dispute {dispute.id}: names unknown case {c}" for c in dispute.cases if c not in cases
        ]
        for case in named:
            if dispute.id not in f"{case.title} {case.note or ''}":
                found.append(f"case {case.id}: does not mention dispute {dispute.id}")
        broken = [c for c in named if c.expected_violations]
        if dispute.effect and broken:
            found.append(f"dispute {dispute.id}: an effect reading with a failing case")
        if named and not dispute.effect and not broken:
            found.append(f"dispute {dispute.id}: no case where the reading is broken")
        if named and len(broken) == len(named):
            found.append(f"dispute {dispute.id}: no case where the reading holds")
        if dispute.effect and not named:
            found.append(f"dispute {dispute.id}: an effect reading needs a case")
    by_id = {d.id: d for d in game.disputes}
    for rule in game.catalog:
        for dispute_id in rule.disputes:
            if dispute_id in by_id and rule.id not in by_id[dispute_id].rules:
                found.append(f"dispute {dispute_id}: does not link back rule {rule.id}")
    return found


def game_texts(game: Any) -> list[tuple[str, str]]:
    """Every translatable text of a game's data: ``(where, msgid)``."""
    texts: list[tuple[str, str]] = []
    for section in game.catalog.sections:
        texts.append((f"section {section.id}", section.title))
    for rule in game.catalog:
        texts += [(f"rule {rule.id} title", rule.title), (f"rule {rule.id} text", rule.text)]
    for check in game.checks:
        texts.append((f"check {check.id} title", check.title))
    for case in game.cases:
        texts.append((f"case {case.id} title", case.title))
    for term in game.glossary:
        if term.definition:
            texts.append((f"term {term.id}", term.definition))
    for dispute in game.disputes:
        texts += [
            (f"dispute {dispute.id} title", dispute.title),
            (f"dispute {dispute.id} ruling", dispute.ruling),
            (f"dispute {dispute.id} why", dispute.why),
        ]
        texts += [(f"dispute {dispute.id} reading", r.text) for r in dispute.says]
    return texts


def missing_translations(game: Any) -> list[str]:
    found = []
    for lang in LANGS[1:]:
        for where, msgid in game_texts(game):
            if msgid and lookup(game.domain, lang, msgid) is None:
                found.append(f"{where}: no {lang} translation")
    return found


# --- declared against raised rules -------------------------------------------------------


@cache
def _module_functions(module_name: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(inspect.getsource(sys.modules[module_name]))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def raised_rules(func: Any) -> dict[str, int]:
    """The rule IDs a check function's code raises (``*.violation("XX-123", ...)`` or
    ``*.notice("XX-123", ...)``), with the line of each, following calls to the functions
    of its own module."""
    module = inspect.getmodule(func)
    if module is None:
        return {}
    functions = _module_functions(module.__name__)
    found: dict[str, int] = {}
    seen: set[str] = set()
    todo = [func.__name__]
    while todo:
        name = todo.pop()
        node = functions.get(name)
        if node is None or name in seen:
            continue
        seen.add(name)
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            if isinstance(call.func, ast.Attribute) and call.func.attr in ("violation", "notice"):
                first = call.args[0] if call.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.setdefault(first.value, call.lineno)
            elif isinstance(call.func, ast.Name) and call.func.id in functions:
                todo.append(call.func.id)
    return found


def undeclared_rules(checks: Iterable[Check]) -> list[str]:
    """Every rule a check's code raises without declaring it (a static scan)."""
    problems = []
    for check in checks:
        for rule, line in sorted(raised_rules(check.func).items()):
            if rule not in check.rules:
                problems.append(
                    f"check {check.id} raises {rule} (line {line}) but declares "
                    f"{', '.join(check.rules)}"
                )
    return problems
