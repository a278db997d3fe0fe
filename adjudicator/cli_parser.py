"""The ``adjudicator`` command line's parser, in the language ``--lang`` asks for.

argparse writes its frame (``usage:``, the section titles) and its errors in English. The
parser here names them in the reader's language: the frame through the catalog, and each
error argparse can raise by its English pattern mapped to a msgid of ours (argparse's own
gettext would need a process-wide domain). An error without a pattern here is shown as
argparse words it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

from .core.i18n import CORE, LANGS, N_, Message, UnknownLanguage, join_items, normalize_text
from .core.i18n import normalize_lang as _normalize_lang
from .core.registry import game_ids

#: A command's function: its parsed arguments and the output, to its exit code.
Command = Callable[..., int]


def _t(lang: str, msgid: str, **params: Any) -> str:
    return Message(CORE, msgid, params).render(lang)


#: argparse's errors (Python 3.11-3.13 wording) and ours for each; the groups are params.
_ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + "$", re.DOTALL), msgid)
    for pattern, msgid in (
        (r"argument (?P<argument>\S+): (?P<message>.*)", N_("argument {argument}: {message}")),
        (
            r"the following arguments are required: (?P<names>.*)",
            N_("these arguments are missing: {names}"),
        ),
        (r"unrecognized arguments: (?P<names>.*)", N_("these arguments are not known: {names}")),
        (
            r"invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)",
            N_("{value} is not a choice; choose one of {choices}"),
        ),
        (r"expected one argument", N_("one value is expected after it")),
        (r"expected at most one argument", N_("at most one value is expected after it")),
        (r"expected at least one argument", N_("at least one value is expected after it")),
        (r"invalid (?P<type>\S+) value: (?P<value>.*)", N_("{value} is not a valid value")),
        (
            r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)",
            N_("{option} may mean more than one option: {matches}"),
        ),
        (r"ignored explicit argument (?P<value>.*)", N_("{value} is not expected here")),
        (
            r"not allowed with argument (?P<argument>.*)",
            N_("it cannot be given with {argument}"),
        ),
        (
            r"one of the arguments (?P<names>.*) is required",
            N_("one of these arguments is required: {names}"),
        ),
    )
)


def translate_error(message: str, lang: str) -> str:
    """An argparse error ``message`` in ``lang`` (nested ``argument X: ...`` parts too)."""
    for pattern, msgid in _ARGPARSE_ERRORS:
        found = pattern.match(message)
        if found:
            params = found.groupdict()
            if "message" in params:
                params["message"] = translate_error(params["message"], lang)
            return _t(lang, msgid, **params)
    return message


def parser_class(lang: str) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` whose frame and errors are in ``lang`` (its sub-parsers too)."""

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
            said = _t(lang, N_("usage: ")) if prefix is None else prefix
            super().add_usage(usage, actions, groups, said)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            parents = kwargs.pop("parents", ())
            super().__init__(*args, **kwargs)
            self._positionals.title = _t(lang, N_("positional arguments"))
            self._optionals.title = _t(lang, N_("options"))
            # the parents' arguments join the groups of the same (translated) title, as
            # argparse does with ``parents=`` when it names the groups itself
            for parent in parents:
                self._add_container_actions(parent)
                self._defaults.update(parent._defaults)
            for action in self._actions:
                if isinstance(action, argparse._HelpAction):
                    action.help = _t(lang, N_("show this help and exit"))

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            said = translate_error(message, lang)
            self.exit(
                2, _t(lang, N_("{prog}: error: {message}"), prog=self.prog, message=said) + "\n"
            )

    return Parser


def lang_type(lang: str) -> Callable[[str], str]:
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
                    names=join_items(LANGS, lang, "or"),
                )
            ) from None

    return parse


def game_type(lang: str) -> Callable[[str], str]:
    """The ``game`` argument's type; its error is in ``lang``."""

    def parse(value: str) -> str:
        if value not in game_ids():
            raise argparse.ArgumentTypeError(
                _t(
                    lang,
                    N_("unknown game {name}; use one of {names}"),
                    name=value,
                    names=join_items(game_ids(), lang, "or"),
                )
            )
        return value

    return parse


def asked_lang(argv: Sequence[str]) -> str:
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


def build_parser(commands: Mapping[str, Command], lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser, each command running ``commands[name]``; ``lang`` is the
    language of its frame, its help and its errors."""
    t = lambda msgid: _t(lang, msgid)  # noqa: E731
    _lang, _game = lang_type(lang), game_type(lang)
    Parser = parser_class(lang)
    formatted = Parser(add_help=False)
    formatted.add_argument("--format", choices=("text", "json"), default="text")
    common = Parser(add_help=False, parents=[formatted])
    common.add_argument("--lang", type=_lang, default="en", help="en, el, pt, zh_TW")
    common.add_argument(
        "--verbose",
        action="store_true",
        help=t(N_("also name the check that found each violation or notice")),
    )

    parser = Parser(
        prog="adjudicator",
        description=normalize_text(
            t(
                N_(
                    "Rules reference and adjudicator for The Manhattan Project, Imperial and "
                    "Quarantine, in English, Greek, Portuguese and Traditional Chinese."
                )
            )
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def on_game(name: str, help: str, answer: str | None = None) -> Any:
        """A command on one game; ``answer``: the shape of its answer to malformed input."""
        p = sub.add_parser(name, parents=[common], help=t(help))
        p.add_argument("game", type=_game, help=", ".join(game_ids()))
        p.set_defaults(func=commands[name], answer=answer)
        return p

    state_help = t(N_("state JSON file, or - for standard input"))
    on_game("check", N_("check a state for rule violations"), "check").add_argument(
        "state", help=state_help
    )
    p = on_game("move", N_("decide whether a move is legal"), "move")
    p.add_argument("state", help=state_help)
    p.add_argument("move", help=t(N_("move JSON file, or - for standard input")))
    on_game("score", N_("score a state"), "score").add_argument("state", help=state_help)
    p = on_game("options", N_("list the legal actions of the player to move"), "options")
    p.add_argument("state", help=state_help)
    p.add_argument("--kind", help=t(N_("only actions of this kind (a move type)")))
    p = on_game("example", N_("print a named example state"))
    p.add_argument("name", nargs="?")
    p.add_argument("--list", action="store_true", help=t(N_("list the examples' names")))
    p = on_game("schema", N_("print the JSON Schema"))
    p.add_argument("which", nargs="?", choices=("state", "move"), default="state")
    p = on_game("rules", N_("look a rule up, list or search rules"))
    p.add_argument("id", nargs="?")
    p.add_argument("--search", metavar="TEXT")

    p = on_game("aid", N_("write a printable player aid (PDF, at most two A4 pages)"))
    p.add_argument("--players", type=int, metavar="N", help=t(N_("figures for N players")))
    p.add_argument(
        "--out", metavar="FILE.pdf", help=t(N_("where to write it; - for standard output"))
    )
    p.add_argument(
        "--base-url",
        default=os.environ.get("ADJUDICATOR_BASE_URL"),
        metavar="URL",
        help=t(N_("where the reference is served, for the printed link and its QR code")),
    )

    _maintainer_commands(sub, commands, common, formatted, lang)
    return parser


def _maintainer_commands(
    sub: Any,
    commands: Mapping[str, Command],
    common: argparse.ArgumentParser,
    formatted: argparse.ArgumentParser,
    lang: str,
) -> None:
    """The parsers of the maintainers' commands (``cli_tools.py``)."""
    p = sub.add_parser("trace", parents=[common], help=_t(lang, N_("the traceability matrix")))
    p.add_argument("game", type=game_type(lang), nargs="?")
    p.set_defaults(func=commands["trace"])

    p = sub.add_parser("docs", parents=[formatted], help=_t(lang, N_("build the reference")))
    p.add_argument("--out", default=None)
    p.add_argument("--lang", dest="lang", action="append", type=lang_type(lang), metavar="L")
    p.add_argument("--jobs", type=int, default=2)
    p.set_defaults(func=commands["docs"])

    p = sub.add_parser(
        "serve",
        parents=[common],
        help=_t(lang, N_("run the page (and build a missing reference beside it)")),
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--docs", default=None)
    p.set_defaults(func=commands["serve"])

    p = sub.add_parser("bench", parents=[common], help=_t(lang, N_("print speed figures")))
    p.add_argument("--quick", action="store_true")
    p.add_argument(
        "--search", action="store_true", help="only the rule search: time and top-1/top-3 rates"
    )
    p.add_argument(
        "--table", action="store_true", help="only the shared table: 200 tables x 4 live clients"
    )
    p.set_defaults(func=commands["bench"])

    p = sub.add_parser(
        "i18n", parents=[common], help=_t(lang, N_("extract, update or check the catalogs"))
    )
    p.add_argument("action", choices=("extract", "update", "check"))
    p.add_argument("--domain", help="only this domain: adjudicator or a game ID")
    p.set_defaults(func=commands["i18n"])
