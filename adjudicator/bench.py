"""``adjudicator bench``: how fast the adjudicator checks, parses, adjudicates and serves.

The figures, all measured on the machine that runs the command:

``check_ms``
    per game, the median and p99 of ``game.check`` on the default example state (and on
    the largest example, when that is another one), in process;
``options_ms``
    per game, the median and p99 of ``game.legal_actions`` (every kind) on the ``mid-game``
    example (the default example when there is none), with the number of actions listed;
``parse_ms``
    per game, the median of ``game.parse_state`` alone on the same JSON;
``move_ms``
    per game, the median of ``game.adjudicate`` on one legal move (from the game's
    sampler when it has one, else from a legal move case);
``http``
    gunicorn with two workers and the settings of ``adjudicator serve``
    (:mod:`web.gunicorn_conf`) on a free loopback port, loaded by concurrent clients on
    ``POST /api/v1/<game>/check``; requests per second, p50 and p99, errors, the server's
    CPU per check request (its workers' CPU time over the requests: the figure to trust
    on a shared machine), the machine's load average as the load ran, and the same for a
    trivial endpoint of the same server as a baseline;
``rss_mb``
    the peak resident memory of the busiest serving worker after the load;
``search_ms``
    the median, p95 and p99 time of one rule search, and the top-1 and top-3 rates per
    language, on each query set of :data:`adjudicator.search.evaluate.QUERY_SETS` that
    the checkout has (the first queries, the blind tuning set and the held-out test set);
``docs_build_s``
    seconds of a cold build of the reference, per language;
``machine``
    the CPU, the number of cores and the Python that produced the figures.

``--quick`` keeps every part short (under a minute on two cores) and builds the reference
in English only; the other languages are then ``null``, with a note saying so.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gc
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__
from ._http import (
    GunicornServer,
    baseline_call,
    check_calls,
    percentile,
    run_load,
    warm_up,
)
from .core.i18n import LANGS

#: What each mode measures: in-process repetitions and time budget, load seconds.
PLANS: dict[bool, dict[str, Any]] = {
    True: {
        "repeat": 300,
        "budget_s": 0.6,
        "load_s": 3.0,
        "baseline_s": 1.5,
        "concurrency": 32,
        "docs": ("en",),
        "search_repeat": 2,
    },
    False: {
        "repeat": 3000,
        "budget_s": 4.0,
        "load_s": 15.0,
        "baseline_s": 5.0,
        "concurrency": 32,
        "docs": tuple(LANGS),
        "search_repeat": 5,
    },
}

#: The targets of the issue, for the text table and the performance page.
TARGETS = {
    "check_median_ms": 1.0,
    "check_p99_ms": 3.0,
    "move_median_ms": 2.0,
    # 2 workers, 32 connections: this rate, or this share of the trivial endpoint's rate
    "http_requests_per_s": 1200.0,
    "http_share_of_baseline": 0.8,
    "http_p99_ms": 30.0,
    "http_server_cpu_ms": 1.0,
    "docs_build_total_s": 120.0,
    "search_median_ms": 5.0,
    "search_p95_ms": 20.0,
    "rss_mb": 150.0,
}


def run_bench(
    quick: bool = False,
    *,
    games: Sequence[Any] | None = None,
    parts: Sequence[str] = ("check", "parse", "move", "options", "search", "http", "docs"),
    app: str = "web:create_app()",
    docs_langs: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Measure and return every figure (see the module's documentation).

    ``parts`` and ``docs_langs`` let the tests run a few cheap parts; a part left out is
    ``null`` in the result.
    """
    from .games import available_games

    plan = PLANS[bool(quick)]
    games = list(available_games() if games is None else games)
    result: dict[str, Any] = {
        "quick": bool(quick),
        "when": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "version": __version__,
        "machine": machine(),
        "check_ms": None,
        "parse_ms": None,
        "move_ms": None,
        "options_ms": None,
        "search_ms": None,
        "http": None,
        "rss_mb": None,
        "docs_build_s": None,
        "targets": TARGETS,
    }
    if "check" in parts:
        result["check_ms"] = {g.id: bench_check(g, plan) for g in games}
    if "parse" in parts:
        result["parse_ms"] = {g.id: bench_parse(g, plan) for g in games}
    if "move" in parts:
        result["move_ms"] = {g.id: bench_move(g, plan) for g in games}
    if "options" in parts:
        result["options_ms"] = {g.id: bench_options(g, plan) for g in games}
    if "search" in parts:
        result["search_ms"] = bench_search(plan["search_repeat"])
    if "http" in parts:
        result["http"] = bench_http(games, plan, app=app)
        result["rss_mb"] = result["http"].get("rss_mb")
    if "docs" in parts:
        result["docs_build_s"] = bench_docs(docs_langs or plan["docs"], quick=bool(quick))
    return result


# --- in process -----------------------------------------------------------------------------


@dataclass
class Timings:
    """Milliseconds per run: wall-clock time, and the CPU time of this process."""

    wall: list[float]
    cpu: list[float]

    def stats(self) -> dict[str, Any]:
        return {
            "median": round(statistics.median(self.wall), 4),
            "p99": round(percentile(self.wall, 99), 4),
            "cpu_median": round(statistics.median(self.cpu), 4),
            "cpu_p99": round(percentile(self.cpu, 99), 4),
            "n": len(self.wall),
        }


def timings_ms(func: Callable[[], Any], repeat: int, budget_s: float, warmup: int = 5) -> Timings:
    """Run ``func`` up to ``repeat`` times (fewer when ``budget_s`` runs out).

    The CPU time is the figure to trust on a shared machine: it leaves out the time the
    process waited for a core.
    """
    for _ in range(warmup):
        func()
    gc.collect()
    found = Timings([], [])
    deadline = time.perf_counter() + budget_s
    for _ in range(max(1, repeat)):
        c0, t0 = time.process_time_ns(), time.perf_counter_ns()
        func()
        t1, c1 = time.perf_counter_ns(), time.process_time_ns()
        found.wall.append((t1 - t0) / 1e6)
        found.cpu.append((c1 - c0) / 1e6)
        if time.perf_counter() > deadline and len(found.wall) >= 10:
            break
    return found


def _stats(times: Timings) -> dict[str, Any]:
    return times.stats()


def largest_example(game: Any) -> str:
    """The name of the game's example whose JSON is the largest."""
    names = game.example_names()
    if not names:
        return str(game.default_example)
    return max(names, key=lambda n: (game.package_dir / "examples" / f"{n}.json").stat().st_size)


def bench_check(game: Any, plan: dict[str, Any]) -> dict[str, Any]:
    name = game.default_example
    data = game.example(name)
    found = dict(
        _stats(timings_ms(lambda: game.check(data), plan["repeat"], plan["budget_s"])),
        example=name,
        valid=game.check(data).valid,
    )
    biggest = largest_example(game)
    if biggest != name:
        big = game.example(biggest)
        found["largest"] = dict(
            _stats(timings_ms(lambda: game.check(big), plan["repeat"], plan["budget_s"])),
            example=biggest,
        )
    return found


def bench_parse(game: Any, plan: dict[str, Any]) -> dict[str, Any]:
    data = game.example()
    times = timings_ms(lambda: game.parse_state(data), plan["repeat"], plan["budget_s"])
    return dict(_stats(times), example=game.default_example)


def bench_move(game: Any, plan: dict[str, Any]) -> dict[str, Any] | None:
    from .soak import one_legal_move

    found = one_legal_move(game, random.Random(0))
    if found is None:
        return {
            "median": None,
            "p99": None,
            "n": 0,
            "source": None,
            "note": "no legal move: the game has no sampler and no legal move case",
        }
    state, move, source = found
    times = timings_ms(lambda: game.adjudicate(state, move), plan["repeat"], plan["budget_s"])
    move_type = move.get("type") if isinstance(move, dict) else None
    return dict(_stats(times), source=source, move_type=move_type)


def bench_options(game: Any, plan: dict[str, Any]) -> dict[str, Any] | None:
    """Listing every kind of legal action on the mid-game example (issue 16)."""
    if game.options is None:
        return None
    name = "mid-game" if "mid-game" in game.example_names() else game.default_example
    state = game.parse_state(game.example(name))
    times = timings_ms(lambda: game.legal_actions(state), plan["repeat"], plan["budget_s"])
    return dict(_stats(times), example=name, actions=len(game.legal_actions(state).actions))


# --- over HTTP ------------------------------------------------------------------------------


def bench_search(repeat: int = 5) -> dict[str, Any] | None:
    """The search's time per query (the median of ``repeat`` runs) and its rates, per query
    set and over all of them."""
    from .search.evaluate import QUERY_SETS, Report, evaluate, load_queries

    sets: dict[str, Any] = {}
    every = Report()
    for name, path in QUERY_SETS.items():
        if not path.is_file():
            continue
        report = evaluate(load_queries(path), repeat=repeat)
        every.outcomes += report.outcomes
        sets[name] = {"queries": len(report.outcomes), "rates": report.rates()}
    if not every.outcomes:
        return None
    return {
        "median": every.median_ms(),
        "p95": every.p95_ms(),
        "p99": every.p99_ms(),
        "queries": len(every.outcomes),
        "sets": sets,
    }


def format_search(data: dict[str, Any]) -> str:
    """The search figures: time per query, and top-1/top-3 rates per set and language."""
    search = data.get("search_ms")
    if not search:
        return "search: not measured\n"
    lines = [
        f"search ({search['queries']} player queries): p50 {_ms(search['median'])} ms, "
        f"p95 {_ms(search.get('p95'))} ms, p99 {_ms(search['p99'])} ms",
    ]
    for name, one in search.get("sets", {}).items():
        lines.append(f"  {name} ({one['queries']} queries)")
        lines.append(f"    {'lang':<6} {'queries':>7} {'top-1 %':>8} {'top-3 %':>8}")
        for lang, row in one["rates"].items():
            lines.append(f"    {lang:<6} {row['queries']:>7} {row['top1']:>8} {row['top3']:>8}")
    return "\n".join(lines) + "\n"


def bench_http(games: Sequence[Any], plan: dict[str, Any], app: str) -> dict[str, Any]:
    """Load ``POST /api/v1/<game>/check`` under gunicorn with two workers."""
    if not games:
        return {"error": "no game to load", "rss_mb": None}
    calls = check_calls(games)
    try:
        with GunicornServer(app, workers=2) as server:
            server.settle()
            warm_up(server, calls)
            load_before = _load_average()
            server_cpu, client_cpu = server.workers_cpu_seconds(), time.process_time()
            load = run_load(
                server.host,
                server.port,
                calls,
                concurrency=plan["concurrency"],
                seconds=plan["load_s"],
            )
            server_cpu = server.workers_cpu_seconds() - server_cpu
            client_cpu = time.process_time() - client_cpu
            load_after = _load_average()
            memory = server.worker_memory_mb()
            light = run_load(
                server.host, server.port, calls, concurrency=2, seconds=plan["baseline_s"]
            )
            base = baseline_call(server.host, server.port, games)
            baseline = None
            base_cpu = None
            if base is not None:
                before = server.workers_cpu_seconds()
                baseline = run_load(
                    server.host,
                    server.port,
                    [base],
                    concurrency=plan["concurrency"],
                    seconds=plan["baseline_s"],
                )
                spent = server.workers_cpu_seconds() - before
                base_cpu = round(1000 * spent / max(1, baseline.requests), 3)
    except Exception as exc:  # the figure is missing, the bench still reports the rest
        return {"error": f"{type(exc).__name__}: {exc}"[:2000], "rss_mb": None}
    summary = load.summary()
    peaks = [m["peak_rss_mb"] for m in memory.values()]
    return {
        "endpoint": "POST /api/v1/<game>/check",
        "games": [g.id for g in games],
        "workers": 2,
        **summary,
        "baseline_endpoint": f"GET {base.path}" if base else None,
        "baseline_requests_per_s": baseline.summary()["requests_per_s"] if baseline else None,
        "baseline_p50_ms": baseline.summary()["p50_ms"] if baseline else None,
        "baseline_errors": baseline.errors if baseline else None,
        "share_of_baseline": (
            round(load.requests / load.seconds / baseline.summary()["requests_per_s"], 3)
            if baseline and baseline.summary()["requests_per_s"]
            else None
        ),
        "baseline_server_cpu_ms_per_request": base_cpu,
        # the load average of the machine (1 minute) as the load started and as it ended
        "load_average": [load_before, load_after],
        "server_cpu_ms_per_request": round(1000 * server_cpu / max(1, load.requests), 3),
        "client_cpu_ms_per_request": round(1000 * client_cpu / max(1, load.requests), 3),
        # what the cores could answer if nothing else ran: an estimate, not a measurement
        "cpu_ceiling_requests_per_s": round(
            1000 * _usable_cores() * load.requests / max(1e-9, 1000 * (server_cpu + client_cpu))
        ),
        "light": {
            k: v
            for k, v in light.summary().items()
            if k in ("concurrency", "requests_per_s", "p50_ms", "p99_ms", "errors")
        },
        "rss_mb": max(peaks) if peaks else None,
        "workers_rss_mb": sorted(peaks),
    }


# --- the reference --------------------------------------------------------------------------


def bench_docs(langs: Sequence[str], *, quick: bool) -> dict[str, Any]:
    """Seconds of a cold build per language, each alone, into a temporary folder."""
    from .docs import build_docs

    found: dict[str, Any] = {lang: None for lang in LANGS}
    failed: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="adj-bench-docs-") as tmp, _stdout_to_stderr():
        for lang in langs:
            code, seconds = build_docs(Path(tmp) / "html", [lang], jobs=1, fresh=True)[lang]
            found[lang] = round(seconds, 2)
            if code != 0:
                failed[lang] = code
    built = [found[lang] for lang in LANGS if found[lang] is not None]
    found["total"] = round(sum(built), 2) if len(built) == len(LANGS) else None
    skipped = [lang for lang in LANGS if found[lang] is None]
    if skipped:
        why = "--quick builds only " if quick else "not asked for: "
        found["note"] = (
            why
            + ", ".join(lang for lang in LANGS if lang not in skipped)
            + ("; null: " + ", ".join(skipped) + " (not built)")
        )
    if failed:
        found["failed"] = failed
    return found


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """Keep what sphinx-build prints off standard output, which may carry the JSON."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no file descriptor 1: nothing to protect
        yield
        return
    try:
        os.dup2(2, 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


# --- the machine ----------------------------------------------------------------------------


def _load_average() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    memory_mb = None
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_mb = int(line.split()[1]) // 1024
                break
    except OSError:
        pass
    usable = _usable_cores()
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_mb": memory_mb,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "executable": sys.executable,
        "load_average": [round(x, 2) for x in os.getloadavg()]
        if hasattr(os, "getloadavg")
        else None,
    }


# --- text -----------------------------------------------------------------------------------


def _ms(value: Any) -> str:
    return "-" if value is None else f"{value:.3f}"


def format_text(data: dict[str, Any]) -> str:
    """The figures as a readable table (what ``adjudicator bench`` prints without JSON)."""
    m = data.get("machine") or {}
    lines = [
        f"adjudicator {data.get('version', '')} bench{' --quick' if data.get('quick') else ''}"
        f"  {data.get('when', '')}",
        f"machine: {m.get('cpu')}, {m.get('cores')} cores ({m.get('usable_cores')} usable), "
        f"{m.get('memory_mb')} MB, Python {m.get('python')}, load {m.get('load_average')}",
        "",
        *_verdict_lines(data),
        *_options_lines(data),
        "",
        *_http_lines(data),
        format_search(data).rstrip("\n"),
        *_docs_lines(data),
        "",
        format_targets(data).rstrip("\n"),
    ]
    return "\n".join(lines) + "\n"


def _verdict_lines(data: dict[str, Any]) -> list[str]:
    """check, parse and move times per game (and the largest example's check)."""
    lines = [
        f"{'ms':<20} {'check med':>10} {'check p99':>10} {'(cpu med)':>10} {'parse med':>10} "
        f"{'move med':>10} {'(cpu med)':>10}",
    ]
    check, parse, move = (
        data.get("check_ms") or {},
        data.get("parse_ms") or {},
        data.get("move_ms") or {},
    )
    for game_id in dict.fromkeys([*check, *parse, *move]):
        c, p, mv = check.get(game_id) or {}, parse.get(game_id) or {}, move.get(game_id) or {}
        lines.append(
            f"{game_id:<20} {_ms(c.get('median')):>10} {_ms(c.get('p99')):>10} "
            f"{_ms(c.get('cpu_median')):>10} {_ms(p.get('median')):>10} "
            f"{_ms(mv.get('median')):>10} {_ms(mv.get('cpu_median')):>10}"
        )
        if c.get("largest"):
            big = c["largest"]
            lines.append(
                f"  largest: {big['example']:<9} {_ms(big['median']):>10} {_ms(big['p99']):>10} "
                f"{_ms(big.get('cpu_median')):>10}"
            )
    return lines


def _options_lines(data: dict[str, Any]) -> list[str]:
    """The legal-actions times per game (none when not measured)."""
    options = data.get("options_ms") or {}
    if not options:
        return []
    lines = ["", f"{'options ms':<20} {'median':>10} {'p99':>10} {'actions':>10}"]
    for game_id, o in options.items():
        o = o or {}
        lines.append(
            f"{game_id:<20} {_ms(o.get('median')):>10} {_ms(o.get('p99')):>10} "
            f"{o.get('actions', '-')!s:>10}"
        )
    return lines


def _http_lines(data: dict[str, Any]) -> list[str]:
    """The served checks: throughput, latency, CPU per request, baseline and memory."""
    http = data.get("http")
    m = data.get("machine") or {}
    if http is None:
        return ["http: not measured"]
    if "error" in http:
        why = [line for line in str(http["error"]).splitlines() if line.strip()] or ["?"]
        return [f"http: failed: {why[0]}" + (f" ... {why[-1]}" if len(why) > 1 else "")]
    light = http.get("light") or {}
    share = http.get("share_of_baseline")
    return [
        f"http ({http['workers']} gunicorn workers, {http['concurrency']} clients, "
        f"{http['seconds']} s): {http['requests_per_s']} checks/s, p50 {http['p50_ms']} ms, "
        f"p99 {http['p99_ms']} ms, {http['errors']} errors",
        f"  server CPU per check request: {http.get('server_cpu_ms_per_request')} ms "
        f"(baseline request {http.get('baseline_server_cpu_ms_per_request')} ms); "
        f"load client {http.get('client_cpu_ms_per_request')} ms",
        f"  machine load average {http.get('load_average')} (start, end; "
        f"{m.get('usable_cores')} cores); "
        f"ceiling of the cores {http.get('cpu_ceiling_requests_per_s')} checks/s (estimate)",
        f"  with {light.get('concurrency')} clients: {light.get('requests_per_s')} checks/s, "
        f"p50 {light.get('p50_ms')} ms, p99 {light.get('p99_ms')} ms",
        f"  baseline {http['baseline_endpoint']}: {http['baseline_requests_per_s']} requests/s"
        + (f" (checks: {share:.0%} of it)" if share is not None else ""),
        f"  worker peak RSS: {data.get('rss_mb')} MB (each: {http.get('workers_rss_mb')})",
    ]


def _docs_lines(data: dict[str, Any]) -> list[str]:
    """The cold build time of the reference, per language."""
    docs = data.get("docs_build_s")
    if docs is None:
        return ["docs: not measured"]
    per = ", ".join(
        f"{lang} {docs.get(lang) if docs.get(lang) is not None else '-'}" for lang in LANGS
    )
    lines = [f"docs cold build (s): {per}; total {docs.get('total') or '-'}"]
    if docs.get("note"):
        lines.append(f"  {docs['note']}")
    if docs.get("failed"):
        lines.append(f"  FAILED: {docs['failed']}")
    return lines


def target_rows(data: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(what, target, figure, met) for each target of the issue that was measured."""

    def worst(part: str, key: str) -> tuple[float, str] | None:
        found = []
        for game_id, entry in (data.get(part) or {}).items():
            for one in (entry, (entry or {}).get("largest")):
                if one and one.get(key) is not None:
                    found.append((float(one[key]), f"{game_id} {one.get('example', '')}".strip()))
        return max(found) if found else None

    rows: list[tuple[str, str, str, str]] = []

    def row(
        what: str, limit: float, unit: str, value: float | None, where: str = "", below: bool = True
    ) -> None:
        if value is None:
            rows.append((what, f"{'<=' if below else '>='} {limit:g} {unit}", "-", "-"))
            return
        met = value <= limit if below else value >= limit
        figure = f"{round(value, 2):g} {unit}".rstrip() + (f" ({where})" if where else "")
        rows.append(
            (what, f"{'<=' if below else '>='} {limit:g} {unit}", figure, "yes" if met else "NO")
        )

    for what, part, key, limit in (
        ("check, median", "check_ms", "median", TARGETS["check_median_ms"]),
        ("check, p99", "check_ms", "p99", TARGETS["check_p99_ms"]),
        ("move, median", "move_ms", "median", TARGETS["move_median_ms"]),
    ):
        found = worst(part, key)
        row(what, limit, "ms", found[0] if found else None, found[1] if found else "")
    search = data.get("search_ms") or {}
    row("search, median", TARGETS["search_median_ms"], "ms", search.get("median"))
    row("search, p95", TARGETS["search_p95_ms"], "ms", search.get("p95"))
    http = data.get("http") or {}
    ok = "error" not in http and bool(http)
    concurrency = f", {http.get('concurrency')} clients" if ok else ""
    row(
        "API checks/s" + concurrency,
        TARGETS["http_requests_per_s"],
        "/s",
        http.get("requests_per_s") if ok else None,
        below=False,
    )
    share = http.get("share_of_baseline") if ok else None
    if rows[-1][2] != "-" and share is not None:
        what, target, figure, met = rows[-1]
        met = "yes" if met == "yes" or share >= TARGETS["http_share_of_baseline"] else "NO"
        rows[-1] = (
            what,
            f"{target} or >= {TARGETS['http_share_of_baseline']:.0%} of baseline",
            f"{figure} ({share:.0%} of baseline)",
            met,
        )
    row("API p99" + concurrency, TARGETS["http_p99_ms"], "ms", http.get("p99_ms") if ok else None)
    row("API errors", 0, "", http.get("errors") if ok else None)
    row(
        "API server CPU per check",
        TARGETS["http_server_cpu_ms"],
        "ms",
        http.get("server_cpu_ms_per_request") if ok else None,
    )
    docs = data.get("docs_build_s") or {}
    row("docs, 4 languages", TARGETS["docs_build_total_s"], "s", docs.get("total"))
    row("worker peak RSS", TARGETS["rss_mb"], "MB", data.get("rss_mb"))
    return rows


def format_targets(data: dict[str, Any]) -> str:
    rows = [("what", "target", "figure", "met"), *target_rows(data)]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return (
        "\n".join(
            "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip() for r in rows
        )
        + "\n"
    )


# --- the shared table (a separate figure: ``adjudicator bench --table``) ---------------------

#: The shared table's targets at the full size on a quiet machine (issue 23): a move's
#: answer, the live update, and the server's CPU time per move on each database.
TABLE_TARGETS: dict[str, Any] = {
    "move_p99_ms": 50.0,
    "update_p99_ms": 250.0,
    "cpu_ms_per_move": {"sqlite": 3.0, "postgresql": 4.0},
}


def bench_table(
    *,
    tables: int = 200,
    clients: int = 4,
    seconds: float = 60.0,
    backends: Sequence[str] = ("sqlite", "postgresql"),
) -> dict[str, Any]:
    """The shared table under a bounded loopback load, per database: ``tables`` tables,
    each with ``clients`` live clients on its event stream and one phone entering a move
    every 2-4 s, for ``seconds``, against gunicorn with the settings of ``adjudicator
    serve``. Reports the move latency and the time from sending a move until each live
    client hears of it (p50, p99, max), the moves, the updates heard of those due, and the
    machine's load average before and after (the machine may be shared)."""
    from ._http import GunicornServer, percentile
    from .table.load import run_load
    from .table.pgtemp import Cluster, pg_bin
    from .table.store import make_engine, migrate

    result: dict[str, Any] = {"tables": tables, "clients": clients, "seconds": seconds}
    result.update(targets=TABLE_TARGETS, machine=machine(), runs={})
    for backend in backends:
        cluster = None
        with tempfile.TemporaryDirectory(prefix="adj-table-bench-") as folder:
            if backend == "postgresql":
                bindir = pg_bin()
                if bindir is None:
                    result["runs"][backend] = {"skipped": "no /usr/lib/postgresql/*/bin"}
                    continue
                cluster = Cluster(bindir)
                cluster.start()
                url = cluster.new_database()
            else:
                url = f"sqlite:///{folder}/tables.sqlite3"
            try:
                engine = make_engine(url)
                migrate(engine)
                engine.dispose()
                env = {**os.environ, "ADJUDICATOR_DATABASE_URL": url}
                load_before = _load_average()
                with GunicornServer(env=env, start_timeout=120) as server:
                    server.settle()
                    marks: list[float] = []

                    def mark(server: GunicornServer = server, marks: list[float] = marks) -> None:
                        marks.append(server.workers_cpu_seconds())

                    mark()
                    figures = run_load(
                        server.host, server.port, tables=tables, clients=clients,
                        seconds=seconds, opened_hook=mark,
                    )  # fmt: skip
                    mark()
                    opening, cpu = marks[1] - marks[0], marks[2] - marks[1]
            finally:
                if cluster is not None:
                    cluster.stop()

        def stats(values: list[float]) -> dict[str, float]:
            return {"p50": round(percentile(values, 50), 1),
                    "p99": round(percentile(values, 99), 1),
                    "max": round(max(values, default=0.0), 1)}  # fmt: skip

        result["runs"][backend] = {
            "move_ms": stats(figures.move_ms),
            "update_ms": stats(figures.update_ms),
            "shown_ms": stats(figures.shown_ms),
            "moves": figures.moves,
            "stale": figures.stale,
            "errors": figures.errors,
            "updates_heard": len(figures.update_ms),
            "updates_due": figures.expected_updates,
            "updates_shown": len(figures.shown_ms),
            "stream_reconnects": figures.reconnects,
            "server_cpu_s": round(cpu, 1),
            # the figure to trust on a shared machine: the server's CPU time per move,
            # the live streams it fed and the page parts they fetched included, from the
            # moment the tables were open
            "server_cpu_ms_per_move": round(cpu * 1000 / max(1, figures.moves), 2),
            "server_cpu_ms_per_table_opened": round(opening * 1000 / max(1, tables), 2),
            "load_average_before": load_before,
            "load_average_after": _load_average(),
        }
    return result


def long_log(lines: int = 5000) -> dict[str, Any]:
    """A log file of ``lines`` lines, all of which follow: the example Imperial log (the
    expert opening and 26 nation turns), then its last nation turn played and taken back
    again and again, and that turn once more at the end."""
    from .table.log import example_log

    log = example_log("imperial-expert-opening")
    entries, last = log["entries"][:-1], log["entries"][-1]
    while len(entries) < lines - 1:
        entries += [{"kind": "move", "move": last["move"]}, {"kind": "undo"}]
    log["entries"] = [*entries[: lines - 1], last]
    return log


def bench_replay(lines: int = 5000) -> dict[str, Any]:
    """How long checking a long log file takes: its replay alone (every move adjudicated),
    and its import into a new table (the replay, then one transaction), in SQLite."""
    from .table.service import Limits, Tables
    from .table.store import make_engine, migrate

    data = long_log(lines)
    with tempfile.TemporaryDirectory(prefix="adj-replay-bench-") as folder:
        engine = make_engine(f"sqlite:///{folder}/tables.sqlite3")
        migrate(engine)
        # measured to the end even on a busy machine; the server's budget is printed beside
        tables = Tables(engine, Limits(replay_seconds=600.0))
        started = time.perf_counter()
        _log, result = tables.replay(data)
        replayed = time.perf_counter() - started
        empty = _database_bytes(engine)
        started = time.perf_counter()
        table, _again = tables.import_log(data)
        imported = time.perf_counter() - started
        stored = _database_bytes(engine) - empty
        started = time.perf_counter()
        exported = sum(len(part) for part in tables.export_text(table.code)) if table else 0
        export_s = time.perf_counter() - started
        engine.dispose()
    if result.flag is not None or table is None:
        raise RuntimeError("the long log did not replay to its end")
    return {
        "lines": lines,
        "replay_s": round(replayed, 2),
        "replay_ms_per_line": round(replayed * 1000 / lines, 2),
        "import_s": round(imported, 2),
        "database_bytes": stored,
        "database_bytes_per_line": round(stored / lines),
        "export_s": round(export_s, 2),
        "export_bytes": exported,
        "budget_s": Limits().replay_seconds,
        "load_average": _load_average(),
    }


def _database_bytes(engine: Any) -> int:
    """The bytes a SQLite database's pages hold now (the write-ahead log folded in)."""
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar_one()
        free = conn.exec_driver_sql("PRAGMA freelist_count").scalar_one()
        size = conn.exec_driver_sql("PRAGMA page_size").scalar_one()
    return int((pages - free) * size)


def table_figures(quick: bool = False) -> dict[str, Any]:
    """:func:`bench_table` at the issue's size, or a small one with ``quick``; the replay
    of a 5,000-line log (:func:`bench_replay`); and four clients exporting it while
    ``/healthz`` is asked (:func:`~adjudicator.table.exportload.bench_exporters`)."""
    from .table.exportload import bench_exporters

    replay = bench_replay()
    figures = bench_table(tables=20, clients=4, seconds=15.0) if quick else bench_table()
    figures["replay"] = replay
    try:
        figures["exporters"] = bench_exporters(long_log(), seconds=10.0 if quick else 20.0)
    except RuntimeError as exc:  # (on a busy machine the import may pass its time budget)
        figures["exporters"] = {"error": str(exc)}
    return figures


def format_table(data: dict[str, Any]) -> str:
    """The shared table's figures as text."""
    lines = [
        f"Shared table: {data['tables']} tables x {data['clients']} live clients, "
        f"{data['seconds']:.0f} s, a move every 2-4 s per table (loopback)",
        f"targets (full size, quiet machine): move p99 <= {TABLE_TARGETS['move_p99_ms']:.0f} ms, "
        f"update p99 <= {TABLE_TARGETS['update_p99_ms']:.0f} ms, server CPU a move <= "
        + ", ".join(f"{ms:g} ms ({db})" for db, ms in TABLE_TARGETS["cpu_ms_per_move"].items()),
    ]
    for backend, run in data["runs"].items():
        if "skipped" in run:
            lines.append(f"{backend}: skipped ({run['skipped']})")
            continue
        m, u, w = run["move_ms"], run["update_ms"], run.get("shown_ms") or {}
        lines.append(
            f"{backend}: move p50 {m['p50']} ms, p99 {m['p99']} ms (max {m['max']}); "
            f"update p50 {u['p50']} ms, p99 {u['p99']} ms (max {u['max']}); "
            f"shown p50 {w.get('p50')} ms, p99 {w.get('p99')} ms (max {w.get('max')}); "
            f"{run['moves']} moves, {run['updates_heard']}/{run['updates_due']} updates heard, "
            f"{run.get('updates_shown')} shown, "
            f"{run['errors']} errors; server CPU {run['server_cpu_s']} s "
            f"({run['server_cpu_ms_per_move']} ms a move; opening the tables "
            f"{run.get('server_cpu_ms_per_table_opened')} ms a table); load average "
            f"{run['load_average_before']} -> {run['load_average_after']}"
        )
    replay = data.get("replay")
    if replay:
        lines.append(
            f"replay of a {replay['lines']}-line log: {replay['replay_s']} s "
            f"({replay['replay_ms_per_line']} ms a line; budget {replay['budget_s']:g} s), "
            f"import {replay['import_s']} s; the table takes {replay['database_bytes']:,} "
            f"bytes in the database ({replay['database_bytes_per_line']} a line); its export "
            f"{replay['export_s']} s ({replay['export_bytes']:,} bytes); load average "
            f"{replay['load_average']}"
        )
    exporters = data.get("exporters")
    if exporters and "error" in exporters:
        lines.append(f"exporters: not measured ({exporters['error'][:200]})")
    elif exporters:
        from .table.exportload import format_exporters

        lines.append(format_exporters(exporters))
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m adjudicator.bench")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--table", action="store_true", help="only the shared table's load")
    args = parser.parse_args(argv)
    if args.table:
        figures = table_figures(quick=args.quick)
        text = json.dumps(figures, indent=2) + "\n" if args.format == "json" else None
        sys.stdout.write(text or format_table(figures))
        return 0
    data = run_bench(quick=args.quick)
    if args.format == "json":
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_text(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
