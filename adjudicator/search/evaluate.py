"""How well the rule search answers players: top-1 and top-3 rates per language.

The queries are YAML files: game -> language -> a list of ``[query, [wanted rule IDs]]``.
A query is a top-1 hit when the first result is one of the wanted rules, a top-3 hit when
one of the first three is. Three sets sit with the tests (:data:`QUERY_SETS`):

* ``queries`` (``search_queries.yaml``): the queries the search was first tuned on;
* ``tuning`` (``search_questions_tuning.yaml``): player questions written blind (by
  fluent players who saw neither the rules' texts nor the other queries), open to tuning;
* ``test`` (``search_questions_test.yaml``): the rest of those questions, which nobody
  reads or tunes on: only their aggregate figures are printed (never the misses).

    python -m adjudicator.search.evaluate [FILE] [--misses]
    adjudicator bench --search
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cases import load_yaml
from ..core.i18n import LANGS

TESTS_DIR = Path(__file__).resolve().parents[2] / "tests"
#: The benchmark kept with the tests, at the checkout's root.
DEFAULT_QUERIES = TESTS_DIR / "search_queries.yaml"
#: The query sets ``bench --search`` measures, by name (see the module's documentation).
QUERY_SETS = {
    "queries": DEFAULT_QUERIES,
    "tuning": TESTS_DIR / "search_questions_tuning.yaml",
    "test": TESTS_DIR / "search_questions_test.yaml",
}
#: The set whose misses are never listed.
HELD_OUT = QUERY_SETS["test"]


@dataclass(frozen=True)
class Query:
    game: str
    lang: str
    text: str
    want: tuple[str, ...]


@dataclass
class Outcome:
    query: Query
    found: list[str]
    ms: float

    @property
    def top1(self) -> bool:
        return bool(self.found) and self.found[0] in self.query.want

    @property
    def top3(self) -> bool:
        return any(rule_id in self.query.want for rule_id in self.found[:3])


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    def rates(self) -> dict[str, dict[str, Any]]:
        """Per language (and ``all``): query count, top-1 and top-3 rates in percent."""
        table: dict[str, dict[str, Any]] = {}
        for lang in (*LANGS, "all"):
            some = [o for o in self.outcomes if lang in ("all", o.query.lang)]
            if not some:
                continue
            table[lang] = {
                "queries": len(some),
                "top1": round(100 * sum(o.top1 for o in some) / len(some), 1),
                "top3": round(100 * sum(o.top3 for o in some) / len(some), 1),
            }
        return table

    def median_ms(self) -> float:
        return round(statistics.median(o.ms for o in self.outcomes), 3)

    def percentile_ms(self, share: float) -> float:
        """The time under which ``share`` (0..1) of the queries answered."""
        times = sorted(o.ms for o in self.outcomes)
        return round(times[min(len(times) - 1, int(share * len(times)))], 3)

    def p95_ms(self) -> float:
        return self.percentile_ms(0.95)

    def p99_ms(self) -> float:
        return self.percentile_ms(0.99)

    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.top1]


def load_queries(path: Path = DEFAULT_QUERIES) -> list[Query]:
    data = load_yaml(Path(path).read_text(encoding="utf-8"))
    return [
        Query(game, lang, str(text), tuple(want))
        for game, by_lang in data.items()
        for lang, entries in by_lang.items()
        for text, want in entries
    ]


SearchFn = Callable[[Any, str, str], Sequence[str]]


def default_search(game: Any, text: str, lang: str) -> list[str]:
    from . import search_rules

    return [rule.id for rule in search_rules(game, text, lang)]


def evaluate(
    queries: Sequence[Query], search: SearchFn = default_search, repeat: int = 3
) -> Report:
    """Run every query once to warm up, then ``repeat`` times; its time is the median."""
    from ..games import get_game

    report = Report()
    for query in queries:
        game = get_game(query.game)
        found = list(search(game, query.text, query.lang))
        times = []
        for _ in range(max(1, repeat)):
            start = time.perf_counter()
            search(game, query.text, query.lang)
            times.append(1000 * (time.perf_counter() - start))
        report.outcomes.append(Outcome(query, found, statistics.median(times)))
    return report


def format_report(report: Report, *, misses: bool = False) -> str:
    lines = [f"{'lang':<6} {'queries':>7} {'top-1 %':>8} {'top-3 %':>8}"]
    for lang, row in report.rates().items():
        lines.append(f"{lang:<6} {row['queries']:>7} {row['top1']:>8} {row['top3']:>8}")
    lines.append(f"query time: p50 {report.median_ms()} ms, p95 {report.p95_ms()} ms")
    if misses:
        lines.append("")
        for o in report.misses():
            mark = "top-3" if o.top3 else "MISS "
            lines.append(
                f"{mark} {o.query.lang:<5} {o.query.text!r} want {','.join(o.query.want)} "
                f"got {','.join(o.found[:3]) or '-'}"
            )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m adjudicator.search.evaluate")
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_QUERIES)
    parser.add_argument("--misses", action="store_true", help="list the queries not top-1")
    args = parser.parse_args(argv)
    if args.misses and args.file.resolve() == HELD_OUT.resolve():
        parser.error("the test set's misses are not listed: nobody tunes on it")
    report = evaluate(load_queries(args.file))
    sys.stdout.write(format_report(report, misses=args.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
