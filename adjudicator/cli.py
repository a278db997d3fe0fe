"""The ``adjudicator`` command line: check, move, score, options, rules, docs, serve, bench."""

from __future__ import annotations

import argparse
import errno
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from babel.lists import format_list

from .core.errors import MalformedInput, load_json
from .core.i18n import (
    CORE,
    LANGS,
    N_,
    Message,
    N_plural,
    Plural,
    UnknownLanguage,
    babel_locale,
    normalize_text,
)
from .core.i18n import normalize_lang as _normalize_lang
from .core.registry import game_ids
from .games import UnknownGame, available_games, get_game

EXIT_OK, EXIT_VIOLATIONS, EXIT_MALFORMED = 0, 1, 2


def _t(lang: str, msgid: str | Plural, **params: Any) -> str:
    return Message(CORE, msgid, params).render(lang)


class Output:
    """Prints a result as text or JSON."""

    def __init__(self, fmt: str, lang: str) -> None:
        self.fmt, self.lang = fmt, lang

    def emit(self, data: Any, text: Callable[[], str]) -> None:
        if self.fmt == "json":
            json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(text().rstrip("\n") + "\n")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


#: Why a file cannot be read, in our words (the system's own are English).
_OS_ERRORS = {
    errno.ENOENT: N_("there is no such file"),
    errno.EACCES: N_("you may not read it"),
    errno.EPERM: N_("you may not read it"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of its path is not a folder"),
    errno.ENAMETOOLONG: N_("its name is too long"),
}
_OS_ERROR = N_("the system cannot read it")


def _load(path: str, what: str) -> Any:
    try:
        raw = _read(path)
    except OSError as exc:
        reason = Message(CORE, _OS_ERRORS.get(exc.errno or 0, _OS_ERROR))
        raise MalformedInput.single(
            what, N_("Cannot read {file}: {error}"), file=path, error=reason
        ) from None
    except UnicodeDecodeError:
        raise MalformedInput.single(what, N_("{file} is not UTF-8 text."), file=path) from None
    return load_json(raw, what)


def _malformed(out: Output, exc: MalformedInput, which: str) -> int:
    data = exc.answer(which, out.lang)

    def text() -> str:
        lines = [
            _t(
                out.lang,
                N_plural(
                    "Malformed input ({count} problem):", "Malformed input ({count} problems):"
                ),
                count=len(exc.errors),
            )
        ]
        lines += [f"  {e.path or '/'}: {e.message.render(out.lang)}" for e in exc.errors]
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_MALFORMED


def _violation_lines(lang: str, violations: Sequence[dict[str, str]]) -> list[str]:
    """Each violation (or notice) as its rule, path and the check that found it, then its
    message."""
    lines = []
    for v in violations:
        head = f"  {v['rule']:<9} {v['path'] or '/'}"
        if v.get("check"):
            head += "  [" + _t(lang, N_("check: {check}"), check=v["check"]) + "]"
        lines += [head, f"            {v['message']}"]
    return lines


# --- commands -------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    report = game.check(_load(args.state, ""))
    data = report.to_json(out.lang)

    def text() -> str:
        if report.valid:
            lines = [_t(out.lang, "Valid: no rule is broken.")]
        else:
            head = _t(
                out.lang,
                N_plural("Invalid: {count} violation.", "Invalid: {count} violations."),
                count=len(report.violations),
            )
            lines = [head, *_violation_lines(out.lang, data["violations"])]
        if report.notices:
            lines.append(_t(out.lang, "Not checked, because the state leaves it out:"))
            lines += _violation_lines(out.lang, data["notices"])
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK if report.valid else EXIT_VIOLATIONS


def cmd_move(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    verdict = game.adjudicate(_load(args.state, ""), _load(args.move, "/move"))
    data = verdict.to_json(out.lang)

    def text() -> str:
        if verdict.legal:
            lines = [_t(out.lang, "Legal.")]
            lines += [f"  - {line}" for line in data["effects"]]
            return "\n".join(lines)
        lines = [
            _t(
                out.lang,
                N_plural("Illegal: {count} reason.", "Illegal: {count} reasons."),
                count=len(verdict.violations),
            )
        ]
        lines += _violation_lines(out.lang, data["violations"])
        if data["alternatives"]:
            lines.append(_t(out.lang, "Legal instead:"))
            lines += [f"  - {a['description']}" for a in data["alternatives"]]
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK if verdict.legal else EXIT_VIOLATIONS


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    report = game.score(_load(args.state, ""))
    data = report.to_json(out.lang)

    def text() -> str:
        lines = [
            _t(out.lang, "Final scores:") if data["final"] else _t(out.lang, "Provisional scores:")
        ]
        names = data["names"]
        lines += [f"  {names[p]:<16} {data['scores'][p]}" for p in data["ranking"]]
        lines += [f"  - {step}" for step in data["steps"]]
        if data["tiebreaks"]:
            lines.append(_t(out.lang, "Tie-breaks applied:"))
            lines += [f"  - {t}" for t in data["tiebreaks"]]
        if data["winners"]:
            winners = [names.get(w, w) for w in data["winners"]]
            lines.append(
                _t(
                    out.lang,
                    N_plural("Winner: {winners}", "Winners: {winners}"),
                    count=len(winners),
                    winners=format_list(winners, locale=babel_locale(out.lang)),
                )
            )
        lines += _violation_lines(out.lang, data["violations"])
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK


def cmd_options(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    options = game.options_of(_load(args.state, ""), args.kind)
    data = options.to_json(out.lang)

    def text() -> str:
        lines = [
            _t(
                out.lang,
                N_plural("{count} legal action:", "{count} legal actions:"),
                count=len(options.actions),
            )
        ]
        for kind, actions in options.by_kind().items():
            name = game.vocab.name("move", kind, out.lang)
            lines.append(f"{name} ({len(actions)})")
            heading = None
            for action in actions:
                said = action.to_json(out.lang)
                if said["group"] != heading and said["group"] is not None:
                    size = sum(1 for a in actions if a.group == action.group)
                    lines.append(f"  {said['group']} ({size})")
                heading = said["group"]
                indent = "    " if heading is not None else "  "
                lines.append(f"{indent}- {said['description']}")
                lines += [f"{indent}    {effect}" for effect in said["effects"]]
        lines += [f"* {note}" for note in data["notes"]]
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK


def cmd_example(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    if args.list:
        names = game.example_names()
        out.emit(names, lambda: "\n".join(names))
        return EXIT_OK
    try:
        data = game.example(args.name)
    except KeyError:
        sys.stderr.write(_t(out.lang, "Unknown example: {name}", name=args.name) + "\n")
        return EXIT_MALFORMED
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return EXIT_OK


def cmd_schema(args: argparse.Namespace, out: Output) -> int:
    json.dump(get_game(args.game).schema(args.which), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace, out: Output) -> int:
    from .search import search

    game = get_game(args.game)
    if args.id:
        rule = game.rule(args.id)
        if rule is None:
            sys.stderr.write(_t(out.lang, "Unknown rule: {id}", id=args.id) + "\n")
            return EXIT_MALFORMED
        data = game.rule_json(rule, out.lang)
        out.emit(
            data,
            lambda: (
                f"{data['id']}  {data['title']}\n\n{data['text']}\n\n" + "\n".join(data["source"])
            ),
        )
        return EXIT_OK
    if not args.search:
        listing = [game.rule_json(r, out.lang) for r in game.catalog]
        out.emit(listing, lambda: "\n".join(f"{r['id']:<9} {r['title']}" for r in listing))
        return EXIT_OK
    found = search(game, args.search, out.lang)
    hits = [{**game.rule_json(h.rule, out.lang), "matched": list(h.matched)} for h in found.hits]
    out.emit(hits, lambda: _search_text(found, hits, out.lang))
    return EXIT_OK


def _search_text(found: Any, hits: list[dict[str, Any]], lang: str) -> str:
    """One line per rule with the words that found it; or what to try instead."""
    if not hits:
        lines = [_t(lang, N_("No rule found."))]
        if found.suggestions:
            terms = ", ".join(found.suggestions)
            lines.append(_t(lang, N_("Closest glossary terms: {terms}"), terms=terms))
        return "\n".join(lines)
    return "\n".join(
        f"{h['id']:<9} {h['title']}  ("
        + _t(lang, N_("matched: {words}"), words=", ".join(h["matched"]))
        + ")"
        for h in hits
    )


def cmd_trace(args: argparse.Namespace, out: Output) -> int:
    from .core.trace import problems, trace_json

    games = [get_game(args.game)] if args.game else available_games()
    data = trace_json(games)
    gaps = [f"{g.id}: {p}" for g in games for p in problems(g)]

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


def cmd_docs(args: argparse.Namespace, out: Output) -> int:
    from .docs import build_docs

    langs = [_normalize_lang(lang) for lang in args.lang] if args.lang else list(LANGS)
    results = build_docs(Path(args.out), langs, jobs=args.jobs)
    for lang, (code, seconds) in results.items():
        status = "ok" if code == 0 else f"FAILED ({code})"
        sys.stderr.write(f"docs {lang}: {status} in {seconds:.1f} s -> {Path(args.out) / lang}\n")
    return EXIT_OK if all(code == 0 for code, _ in results.values()) else EXIT_VIOLATIONS


def cmd_serve(args: argparse.Namespace, out: Output) -> int:
    from web.serve import serve

    return serve(args.host, args.port, workers=args.workers, docs_dir=Path(args.docs))


def cmd_bench(args: argparse.Namespace, out: Output) -> int:
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


def cmd_i18n(args: argparse.Namespace, out: Output) -> int:
    from .core import babel_tools

    return babel_tools.main(args.action, args.domain)


# --- parser ---------------------------------------------------------------------------------


def _lang_type(lang: str) -> Callable[[str], str]:
    """The ``--lang`` argument's type; its error is in ``lang`` (the ``--lang`` asked for)."""

    def parse(value: str) -> str:
        try:
            return _normalize_lang(value)
        except UnknownLanguage:
            raise argparse.ArgumentTypeError(
                _t(
                    lang,
                    N_("unknown language {name}; use one of {names}"),
                    name=value,
                    names=", ".join(LANGS),
                )
            ) from None

    return parse


def _game_type(lang: str) -> Callable[[str], str]:
    """The ``game`` argument's type; its error is in ``lang``."""

    def parse(value: str) -> str:
        if value not in game_ids():
            raise argparse.ArgumentTypeError(
                _t(
                    lang,
                    N_("unknown game {name}; use one of {names}"),
                    name=value,
                    names=", ".join(game_ids()),
                )
            )
        return value

    return parse


def _asked_lang(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for, read before parsing so that the parser's own
    errors can use it (English when it is absent or unknown)."""
    for index, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value is not None:
            try:
                return _normalize_lang(value)
            except UnknownLanguage:
                return "en"
    return "en"


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser; ``lang`` is the language of its argument errors."""
    _lang, _game = _lang_type(lang), _game_type(lang)
    formatted = argparse.ArgumentParser(add_help=False)
    formatted.add_argument("--format", choices=("text", "json"), default="text")
    common = argparse.ArgumentParser(add_help=False, parents=[formatted])
    common.add_argument("--lang", type=_lang, default="en", help="en, el, pt or zh_TW")

    parser = argparse.ArgumentParser(
        prog="adjudicator",
        description=normalize_text(
            "Rules reference and adjudicator for The Manhattan Project, Imperial and "
            "Quarantine, in English, Greek, Portuguese and Traditional Chinese."
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def on_game(name: str, func: Callable[..., int], help: str, answer: str | None = None) -> Any:
        """A command on one game; ``answer``: the shape of its answer to malformed input."""
        p = sub.add_parser(name, parents=[common], help=help)
        p.add_argument("game", type=_game)
        p.set_defaults(func=func, answer=answer)
        return p

    state_help = "state JSON file, or - for standard input"
    on_game("check", cmd_check, "check a state for rule violations", "check").add_argument(
        "state", help=state_help
    )
    p = on_game("move", cmd_move, "decide whether a move is legal", "move")
    p.add_argument("state", help=state_help)
    p.add_argument("move", help="move JSON file, or - for standard input")
    on_game("score", cmd_score, "score a state", "score").add_argument("state", help=state_help)
    p = on_game("options", cmd_options, "list the legal actions of the player to move", "options")
    p.add_argument("state", help=state_help)
    p.add_argument("--kind", help="only actions of this kind (a move type)")
    p = on_game("example", cmd_example, "print a named example state")
    p.add_argument("name", nargs="?")
    p.add_argument("--list", action="store_true")
    p = on_game("schema", cmd_schema, "print the JSON Schema")
    p.add_argument("which", nargs="?", choices=("state", "move"), default="state")
    p = on_game("rules", cmd_rules, "look a rule up, list or search rules")
    p.add_argument("id", nargs="?")
    p.add_argument("--search", metavar="TEXT")

    p = sub.add_parser("trace", parents=[common], help="the traceability matrix")
    p.add_argument("game", type=_game, nargs="?")
    p.set_defaults(func=cmd_trace)

    p = sub.add_parser("docs", parents=[formatted], help="build the reference")
    p.add_argument("--out", default="docs/_build/html")
    p.add_argument("--lang", dest="lang", action="append", type=_lang, metavar="L")
    p.add_argument("--jobs", type=int, default=2)
    p.set_defaults(func=cmd_docs)

    p = sub.add_parser("serve", parents=[common], help="run the page (builds the docs first)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--docs", default="docs/_build/html")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("bench", parents=[common], help="print speed figures")
    p.add_argument("--quick", action="store_true")
    p.add_argument(
        "--search", action="store_true", help="only the rule search: time and top-1/top-3 rates"
    )
    p.add_argument(
        "--table", action="store_true", help="only the shared table: 200 tables x 4 live clients"
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("i18n", parents=[common], help="extract, update or check the catalogs")
    p.add_argument("action", choices=("extract", "update", "check"))
    p.add_argument("--domain", help="only this domain: adjudicator or a game ID")
    p.set_defaults(func=cmd_i18n)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(_asked_lang(argv)).parse_args(argv)
    lang = args.lang if isinstance(args.lang, str) else "en"
    out = Output(args.format, lang)
    try:
        code: int = args.func(args, out)
    except MalformedInput as exc:
        # check, move, score and options answer malformed input in their own shape
        if getattr(args, "answer", None) is None:
            raise
        return _malformed(out, exc, args.answer)
    except UnknownGame as exc:
        sys.stderr.write(_t(lang, "Unknown game: {game}", game=exc.args[0]) + "\n")
        return EXIT_MALFORMED
    except BrokenPipeError:
        return EXIT_OK
    return code


if __name__ == "__main__":
    sys.exit(main())
