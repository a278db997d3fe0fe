"""The command line's commands for whoever maintains the reference: trace, docs, serve,
bench and i18n.

Their output (the traceability matrix, build and speed figures, catalog problems) is for
developers and stays in English; the commands a player uses (check, move, score, options,
example, schema, rules) live in ``cli.py`` and speak the reader's language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .cli_parser import Command
from .core.i18n import LANGS
from .core.i18n import normalize_lang as _normalize_lang
from .games import available_games, get_game

EXIT_OK, EXIT_VIOLATIONS = 0, 1


def cmd_trace(args: argparse.Namespace, out: Any) -> int:
    from .core.trace import problems, raised_by, trace_json, unraised_declarations

    games = [get_game(args.game)] if args.game else available_games()
    raisers = {g.id: raised_by(g) for g in games}
    data = trace_json(games, raisers)
    gaps = [f"{g.id}: {p}" for g in games for p in problems(g)]
    gaps += [f"{g.id}: {p}" for g in games for p in unraised_declarations(g, raisers[g.id])]

    def text() -> str:
        lines = [f"{'rule':<9} {'checks':<40} pass fail  el pt zh"]
        for r in data["rules"]:
            checks = ", ".join(c["id"] for c in r["checks"]) or "-"
            langs = "  ".join("✓" if r["text"][lang] else "✗" for lang in LANGS[1:])
            lines.append(
                f"{r['id']:<9} {checks[:40]:<40} {r['cases']['pass']:>4} "
                f"{r['cases']['fail']:>4}  {langs}"
            )
        lines.append("")
        noun = "problem" if len(gaps) == 1 else "problems"
        lines.append(f"{len(data['rules'])} rules; {len(gaps)} {noun}")
        lines += [f"  {p}" for p in gaps]
        return "\n".join(lines)

    data["problems"] = gaps
    out.emit(data, text)
    return EXIT_OK if not gaps else EXIT_VIOLATIONS


def cmd_docs(args: argparse.Namespace, out: Any) -> int:
    from .docs import build_docs

    langs = [_normalize_lang(lang) for lang in args.lang] if args.lang else list(LANGS)
    out_dir = docs_dir(args.out)
    results = build_docs(out_dir, langs, jobs=args.jobs)
    for lang, (code, seconds) in results.items():
        status = "ok" if code == 0 else f"FAILED ({code})"
        sys.stderr.write(f"docs {lang}: {status} in {seconds:.1f} s -> {out_dir / lang}\n")
    return EXIT_OK if all(code == 0 for code, _ in results.values()) else EXIT_VIOLATIONS


def cmd_serve(args: argparse.Namespace, out: Any) -> int:
    from web.serve import serve

    return serve(args.host, args.port, workers=args.workers, docs_dir=docs_dir(args.docs))


def docs_dir(given: str | None) -> Path:
    """The built reference's folder: the one given, else ``$ADJUDICATOR_DOCS_DIR``, else the
    checkout's ``docs/_build/html`` (where the page, the search and ``serve`` all look)."""
    from .search import default_docs_dir

    return Path(given) if given else default_docs_dir()


def cmd_bench(args: argparse.Namespace, out: Any) -> int:
    from .bench import format_search, format_text, run_bench

    if args.table:
        from .bench import format_table, table_figures

        figures = table_figures(quick=args.quick)
        out.emit(figures, lambda: format_table(figures))
        return EXIT_OK
    if args.search:
        data = run_bench(quick=args.quick, parts=("search",))
        out.emit(data, lambda: format_search(data))
        return EXIT_OK
    data = run_bench(quick=args.quick)
    out.emit(data, lambda: format_text(data))
    return EXIT_OK


def cmd_i18n(args: argparse.Namespace, out: Any) -> int:
    from . import babel_tools

    return babel_tools.main(args.action, args.domain)


MAINTAINER_COMMANDS: dict[str, Command] = {
    "trace": cmd_trace,
    "docs": cmd_docs,
    "serve": cmd_serve,
    "bench": cmd_bench,
    "i18n": cmd_i18n,
}
