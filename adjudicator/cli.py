"""The ``adjudicator`` command line: the commands a player uses (check, move, score, options,
example, schema, rules), in the reader's language. The parser is ``cli_parser.py``; the
maintainers' commands (trace, docs, serve, bench, i18n) are ``cli_tools.py``."""

from __future__ import annotations

import argparse
import errno
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import cli_parser
from .cli_parser import Command
from .cli_tools import MAINTAINER_COMMANDS
from .core.errors import FieldError, MalformedInput, load_json
from .core.i18n import (
    CORE,
    N_,
    Message,
    N_plural,
    Plural,
    join_items,
)
from .games import UnknownGame, get_game

EXIT_OK, EXIT_VIOLATIONS, EXIT_MALFORMED = 0, 1, 2


def _t(lang: str, msgid: str | Plural, **params: Any) -> str:
    return Message(CORE, msgid, params).render(lang)


class Output:
    """Prints a result as text or JSON; ``verbose`` text also names each violation's check."""

    def __init__(self, fmt: str, lang: str, verbose: bool = False) -> None:
        self.fmt, self.lang, self.verbose = fmt, lang, verbose

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


def _malformed(out: Output, exc: MalformedInput, which: str, args: Any = None) -> int:
    data = exc.answer(which, out.lang)
    game, loaded = getattr(args, "game_of", None), getattr(args, "loaded", None)

    def line(error: FieldError) -> str:
        from web.places import problem_words

        said = problem_words(game, loaded, error, out.lang)
        return f"  {said}  [{error.path}]" if out.verbose and error.path else f"  {said}"

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
        return "\n".join(lines + [line(e) for e in exc.errors])

    out.emit(data, text)
    return EXIT_MALFORMED


def _violation_lines(
    out: Output, violations: Sequence[dict[str, str]], game: Any = None, data: Any = None
) -> list[str]:
    """Each violation (or notice) as its rule and where it is, then its message.

    Where it is reads as the page says it ("Player 2 (Blue) › Fighters", counting from 1),
    in the reader's language. The JSON pointer and the ID of the check that found it are
    names of the code, which a player at the table cannot read: the text shows them only
    with ``--verbose`` (for whoever maintains the rules), while ``--format json``, the API
    and the reference always carry them."""
    lines = []
    for v in violations:
        path = v.get("path") or ""
        place = _place(game, data, path, out.lang) if path else ""
        head = f"  {v['rule']:<9} {place}".rstrip()
        extra = [path] if out.verbose and path else []
        if out.verbose and v.get("check"):
            extra.append(_t(out.lang, N_("check: {check}"), check=v["check"]))
        head += "".join(f"  [{x}]" for x in extra)
        lines += [head, f"            {v['message']}"]
    return lines


def _place(game: Any, data: Any, path: str, lang: str) -> str:
    """Where ``path`` is, in the player's words (the page's breadcrumb)."""
    from web.places import place_words

    return place_words(game, data, path, lang) or path


# --- commands -------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    state = args.loaded = _load(args.state, "")
    args.game_of = game
    report = game.check(state)
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
            lines = [head, *_violation_lines(out, data["violations"], game, state)]
        if report.notices:
            lines.append(_t(out.lang, "Not checked, because the state leaves it out:"))
            lines += _violation_lines(out, data["notices"], game, state)
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK if report.valid else EXIT_VIOLATIONS


def cmd_move(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    state, move = _load(args.state, ""), _load(args.move, "/move")
    args.game_of, args.loaded = game, {**state, "move": move} if isinstance(state, dict) else None
    verdict = game.adjudicate(state, move)
    data = verdict.to_json(out.lang)
    data["state"] = game.stamped(data["state"])  # the new state: the current format
    both = {**state, "move": move} if isinstance(state, dict) else {"move": move}

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
        lines += _violation_lines(out, data["violations"], game, both)
        if data["alternatives"]:
            lines.append(_t(out.lang, "Legal instead:"))
            lines += [f"  - {a['description']}" for a in data["alternatives"]]
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK if verdict.legal else EXIT_VIOLATIONS


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    state = args.loaded = _load(args.state, "")
    args.game_of = game
    report = game.score(state)
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
                    winners=join_items(winners, out.lang),
                )
            )
        lines += _violation_lines(out, data["violations"], game, state)
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK


def cmd_options(args: argparse.Namespace, out: Output) -> int:
    game = get_game(args.game)
    state = args.loaded = _load(args.state, "")
    args.game_of = game
    options = game.options_of(state, args.kind)
    data = options.to_json(out.lang)

    def text() -> str:
        if not options.actions:
            lines = [_none_legal(game, args.kind, out.lang)]
        else:
            lines = [
                _t(
                    out.lang,
                    N_plural("{count} legal action:", "{count} legal actions:"),
                    count=len(options.actions),
                )
            ]
        # a kind with no legal action is left out: the count line and the notes say the rest
        for kind, actions in options.by_kind().items():
            if not actions:
                continue
            name = game.vocab.name("move", kind, out.lang)
            lines.append(_t(out.lang, N_("{kind} ({count})"), kind=name, count=len(actions)))
            heading = None
            for action in actions:
                said = action.to_json(out.lang)
                if said["group"] != heading and said["group"] is not None:
                    size = sum(1 for a in actions if a.group == action.group)
                    lines.append(
                        "  " + _t(out.lang, N_("{kind} ({count})"), kind=said["group"], count=size)
                    )
                heading = said["group"]
                indent = "    " if heading is not None else "  "
                lines.append(f"{indent}- {said['description']}")
                lines += [f"{indent}    {effect}" for effect in said["effects"]]
        lines += [f"* {note}" for note in data["notes"]]
        return "\n".join(lines)

    out.emit(data, text)
    return EXIT_OK


def _none_legal(game: Any, kind: str | None, lang: str) -> str:
    """The line that says no action is legal (of the asked kind)."""
    if kind:
        name = game.vocab.name("move", kind, lang)
        return _t(lang, N_("No action of the kind “{kind}” is legal."), kind=name)
    return _t(lang, N_("No action is legal."))


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


def _declared_by(check: Any) -> dict[str, Any]:
    """A check declaring a rule and where: its file (relative to the package) and line."""
    file, line = check.location()
    return {"check": check.id, "kind": str(check.kind), "file": file, "line": line}


def cmd_rules(args: argparse.Namespace, out: Output) -> int:
    from .search import search

    game = get_game(args.game)
    if args.id:
        rule = game.rule(args.id)
        if rule is None:
            sys.stderr.write(_t(out.lang, "Unknown rule: {id}", id=args.id) + "\n")
            return EXIT_MALFORMED
        data = game.rule_json(rule, out.lang)
        data["declared_by"] = [_declared_by(c) for c in game.checks.for_rule(rule.id)]
        out.emit(data, lambda: _rule_text(game, data, out))
        return EXIT_OK
    if not args.search:
        listing = [game.rule_json(r, out.lang) for r in game.catalog]
        out.emit(listing, lambda: "\n".join(f"{r['id']:<9} {r['title']}" for r in listing))
        return EXIT_OK
    found = search(game, args.search, out.lang)
    hits = [{**game.rule_json(h.rule, out.lang), "matched": list(h.matched)} for h in found.hits]
    out.emit(hits, lambda: _search_text(found, hits, out.lang))
    return EXIT_OK


def cmd_aid(args: argparse.Namespace, out: Output) -> int:
    from dataclasses import asdict

    from .aid import AidError, aid_document, sheet_for

    game = get_game(args.game)
    try:
        sheet = sheet_for(game, out.lang, args.players, args.base_url or "")
    except AidError:
        low, high = game.players
        said = N_("{game} is played by {low} to {high} players, not {players}.")
        name = game._(out.lang, game.name)
        text = _t(out.lang, said, game=name, low=low, high=high, players=args.players)
        sys.stderr.write(text + "\n")
        return EXIT_MALFORMED
    if out.fmt == "json":
        out.emit(asdict(sheet), str)
        return EXIT_OK
    document = aid_document(sheet)
    target = args.out or f"{game.id}-aid-{out.lang}.pdf"
    if target == "-":
        sys.stdout.buffer.write(document.write_pdf())
        return EXIT_OK
    document.write_pdf(target)
    pages = len(document.pages)
    done = N_plural("{path}: {count} page", "{path}: {count} pages")
    out.emit({}, lambda: _t(out.lang, done, path=target, count=pages))
    return EXIT_OK


def _rule_text(game: Any, data: dict[str, Any], out: Output) -> str:
    """A rule as the reference shows it: title, text, sources, and its checks by their
    titles; their IDs and where the code is only with ``--verbose`` (for maintainers)."""
    from .core.checks import CHECK_LABELS

    lines = [f"{data['id']}  {data['title']}", "", data["text"], "", *data["source"], ""]
    lines.append(_t(out.lang, N_("Checks")) + ("：" if out.lang == "zh_TW" else ":"))
    for check in game.checks.for_rule(data["id"]):
        title = _t(out.lang, CHECK_LABELS[check.kind], title=game._(out.lang, check.title))
        lines.append(f"  - {title}")
        if out.verbose:
            file, line = check.location()
            lines.append(f"    [{check.id}  {file}:{line}]")
    return "\n".join(lines)


def _search_text(found: Any, hits: list[dict[str, Any]], lang: str) -> str:
    """One line per rule with the words that found it; or what to try instead."""
    if not hits:
        lines = [_t(lang, N_("No rule found."))]
        if found.suggestions:
            terms = join_items(list(found.suggestions), lang)
            lines.append(_t(lang, N_("Closest glossary terms: {terms}"), terms=terms))
        return "\n".join(lines)
    chinese = lang == "zh_TW"  # full-width brackets, 、 between the words
    lines = []
    for h in hits:
        words = ("、" if chinese else ", ").join(h["matched"])
        note = _t(lang, N_("matched: {words}"), words=words)
        lines.append(f"{h['id']:<9} {h['title']}" + (f"（{note}）" if chinese else f"  ({note})"))
    return "\n".join(lines)


COMMANDS: dict[str, Command] = {
    "check": cmd_check,
    "move": cmd_move,
    "score": cmd_score,
    "options": cmd_options,
    "example": cmd_example,
    "schema": cmd_schema,
    "rules": cmd_rules,
    "aid": cmd_aid,
    **MAINTAINER_COMMANDS,
}


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser; ``lang`` is the language of its frame and errors."""
    return cli_parser.build_parser(COMMANDS, lang)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(cli_parser.asked_lang(argv)).parse_args(argv)
    lang = args.lang if isinstance(args.lang, str) else "en"
    out = Output(args.format, lang, getattr(args, "verbose", False))
    try:
        code: int = args.func(args, out)
    except MalformedInput as exc:
        # check, move, score and options answer malformed input in their own shape
        if getattr(args, "answer", None) is None:
            raise
        return _malformed(out, exc, args.answer, args)
    except UnknownGame as exc:
        sys.stderr.write(_t(lang, "Unknown game: {game}", game=exc.args[0]) + "\n")
        return EXIT_MALFORMED
    except BrokenPipeError:
        return EXIT_OK
    return code


if __name__ == "__main__":
    sys.exit(main())
