"""The shared table's part of the OpenAPI document (``/api/v1/tables/...``): its paths and
the schemas of its answers, merged into :func:`web.openapi.openapi_document`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from adjudicator.core.game import Game
from adjudicator.table.log import LogEntry, LogFile, Seat

from ..openapi_parts import json_answer as _json
from ..openapi_parts import lang_parameter
from ..openapi_parts import ref as _ref
from .bodies import MAX_NUMBER, CorrectionBody, MoveBody, OpenBody, UndoBody


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


_INT, _STR, _BOOL = {"type": "integer"}, {"type": "string"}, {"type": "boolean"}
_OBJECT = {"type": "object"}


def _described(description: str) -> dict[str, Any]:
    return {"type": "object", "description": description}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _model(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a model the API validates with (its nested models referenced
    among the document's schemas), so that the document and the validation agree."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return schema


_SEAT = _model(Seat)
_LINKS = _obj(
    ["join", "page", "log", "export", "events", "qr"],
    join=_STR, page=_STR, log=_STR, export=_STR, events=_STR, qr=_STR,
    join_url={"type": "string", "description": "The join link to share (when opened)."},
)  # fmt: skip
_TABLE = _obj(
    ["code", "game", "players", "version", "log_length", "archived", "state", "links"],
    code={"type": "string", "description": "The join code (96 random bits)."},
    game=_STR,
    variant=_nullable(_STR),
    players={"type": "array", "items": _ref("Seat")},
    version={"type": "integer", "description": "The state's version: +1 at every change."},
    log_length=_INT,
    archived=_BOOL,
    state={"type": "object", "description": "The game's state (its schema: the game's)."},
    links=_ref("TableLinks"),
)
_HEAD = _obj(["version", "log_length", "archived"], version=_INT, log_length=_INT, archived=_BOOL)
_ENTRY = _obj(
    ["seq", "kind", "author", "based_on", "version", "applied", "move", "undoes", "verdict", "at"],
    seq={"type": "integer", "description": "Its place in the log, from 1, with no gap."},
    kind={"type": "string", "enum": ["open", "move", "undo", "correct"]},
    author=_nullable(_STR),
    based_on={"type": "integer", "description": "The version it was entered against."},
    version=_nullable({"type": "integer", "description": "The version it made."}),
    applied=_BOOL,
    move=_nullable(_OBJECT),
    undoes=_nullable({"type": "integer", "description": "The line it took back."}),
    verdict=_nullable(
        _described(
            "The verdict in the reader's language (a move: legal, violations, alternatives, "
            "effects; a correction: differences and report)."
        )
    ),
    at={"type": "string", "format": "date-time"},
)
_CHANGE = _obj(
    ["applied", "entry", "version", "state"],
    applied={"type": "boolean", "description": "Whether the state changed (a legal move)."},
    entry=_ref("TableEntry"),
    version=_INT,
    state=_OBJECT,
)
_REFUSAL = _obj(
    ["status", "message", "errors"],
    status=_INT,
    message=_STR,
    errors={"type": "array", "items": _ref("Error")},
    version={"type": "integer", "description": "409 (the state changed): the version now."},
    state={"type": "object", "description": "409 (the state changed): the state now."},
)
_ERRORS = {"type": "array", "items": _ref("Error")}
_MALFORMED = _obj(["status", "errors"], status=_INT, errors=_ERRORS)
_LOG_ENTRY = _model(LogEntry)
_LOG_FILE = _model(LogFile)
_FLAG = _nullable(
    _obj(
        ["index", "number", "entry", "verdict"],
        index={"type": "integer", "description": "The line's index in `entries`, from 0."},
        number={"type": "integer", "description": "The line's number, from 1."},
        entry=_ref("LogEntry"),
        verdict={"type": "object", "description": "Why it does not follow (in the language)."},
    )
)
_FORMAT_NOTICES = {
    "type": "array",
    "items": _obj(["path", "message"], path=_STR, message=_STR),
    "description": "How the states and moves of an earlier format were read, each at its "
    "JSON pointer into the log file.",
}
_REPLAY = _obj(
    ["entries", "first_illegal", "state", "format_notices"],
    entries=_INT,
    first_illegal=_ref("LogFlag"),
    state={"type": "object", "description": "The state after the last line that follows."},
    format_notices=_FORMAT_NOTICES,
)
_IMPORTED = {"allOf": [_ref("Table"), _obj(["format_notices"], format_notices=_FORMAT_NOTICES)]}
_TABLE_OPTIONS = {"allOf": [_ref("Options"), _obj(["version"], version=_INT)]}

SCHEMAS: dict[str, Any] = {
    "Seat": _SEAT,
    "TableLinks": _LINKS,
    "Table": _TABLE,
    "TableHead": _HEAD,
    "TableEntry": _ENTRY,
    "TableChange": _CHANGE,
    "TableRefusal": _REFUSAL,
    "TableMalformed": _MALFORMED,
    "LogEntry": _LOG_ENTRY,
    "LogFile": _LOG_FILE,
    "LogFlag": _FLAG,
    "Replay": _REPLAY,
    "TableOptions": _TABLE_OPTIONS,
    "LogRefused": _obj(
        ["status", "first_illegal", "format_notices"],
        status=_INT,
        first_illegal=_ref("LogFlag"),
        format_notices=_FORMAT_NOTICES,
    ),
}

_LANG = lang_parameter("the messages and verdicts")
_CODE = {
    "name": "code",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The table's join code.",
}
_NOT_FOUND = _json(_ref("TableRefusal"), "No table with this code.")
_TOO_MANY = _json(
    _ref("TableRefusal"),
    "Fair use: too many tables or wrong join codes from this address (`Retry-After` says "
    "when to try again).",
)
_LOG_TOO_LARGE = _json(_ref("TableRefusal"), "The log file is too large (at most 256 KB).")
_MALFORMED_ANSWER = _json(
    _ref("TableMalformed"),
    "Malformed input: every problem, its path. Also a state or move that is not one of the "
    "table's game's (or of the `game` named), which the document cannot state.",
)


def _of_games(schema: dict[str, Any], games: Iterable[Game]) -> dict[str, Any]:
    """A request body's schema whose ``game`` is one of ``games`` (an unknown one is
    answered 404, as the document says)."""
    game = {**schema["properties"]["game"], "enum": [g.id for g in games]}
    return {**schema, "properties": {**schema["properties"], "game": game}}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _change(summary: str, op: str, body: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """A change of a table against the version the phone saw."""
    return {
        "post": {
            "summary": summary,
            "operationId": op,
            "parameters": [_CODE, _LANG],
            "requestBody": _body(body),
            "responses": {
                "201": _json(_ref("TableChange"), "The log line it made, and the table now."),
                "404": _NOT_FOUND,
                "409": _json(_ref("TableRefusal"), "The state changed (the new state is in "
                             "the answer), or the table is archived."),
                "413": _json(_ref("TableRefusal"), "Too large."),
                "422": _MALFORMED_ANSWER,
                "507": _json(_ref("TableRefusal"), "The table's log is full."),
                "429": _TOO_MANY,
                **extra,
            },
        }
    }  # fmt: skip


def _get(summary: str, op: str, answer: dict[str, Any], *params: Any) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "operationId": op,
            "parameters": [_CODE, *params],
            "responses": {"200": answer, "404": _NOT_FOUND, "429": _TOO_MANY},
        }
    }


def _busy(path: dict[str, Any]) -> dict[str, Any]:
    """A stream past the server's stream limits is refused (see web/table/streams.py)."""
    path["get"]["responses"]["503"] = _json(
        _ref("TableRefusal"),
        "Too many live streams (on this server, this table or from this address); "
        "`Retry-After` says when to try again (meanwhile, poll `head`).",
    )
    return path


def _refusing(path: dict[str, Any], why: str) -> dict[str, Any]:
    """A read that answers 422 for a malformed parameter."""
    path["get"]["responses"]["422"] = _json(_ref("TableMalformed"), why)
    return path


def paths(games: Iterable[Game]) -> dict[str, Any]:
    """The table API's paths (the kinds of action: those of ``games``)."""
    base = "/api/v1/tables"
    games = list(games)
    open_body = _of_games(_model(OpenBody), games)
    log_file = _of_games(_LOG_FILE, games)
    since = {
        "name": "since",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER, "default": 0},
        "description": "Only the lines after this one (at most 500 at once).",
    }
    kinds = sorted({kind for game in games if game.options for kind in game.options.kinds})
    kind = {
        "name": "kind",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "enum": kinds},
        "description": "Only the actions of this kind (a move type of the table's game; "
        "another game's kind is answered 422).",
    }
    entries = _obj(["entries"], entries={"type": "array", "items": _ref("TableEntry")})
    svg = {"description": "The join link as a QR code.", "content": {"image/svg+xml": {}}}
    events = {
        "description": "Server-Sent Events: an event `head` (data: a TableHead, id: "
        "`version.log_length`) at once and at every change; a stream ends after 40-60 s "
        "and the browser reconnects with `Last-Event-ID`.",
        # no schema: the body is a stream of events, not one value to validate
        "content": {"text/event-stream": {}},
    }
    return {
        base: {
            "post": {
                "summary": "Open a shared table",
                "operationId": "table-open",
                "parameters": [_LANG],
                "requestBody": _body(open_body),
                "responses": {
                    "201": _json(_ref("Table"), "The new table, with its join link."),
                    "400": _json(_ref("TableRefusal"), "No setup or example of that name."),
                    "404": _json(_ref("TableRefusal"), "Unknown game."),
                    "413": _json(_ref("TableRefusal"), "The state is too large."),
                    "422": _MALFORMED_ANSWER,
                    "507": _json(_ref("TableRefusal"), "Too many tables are open."),
                    "429": _TOO_MANY,
                },
            }
        },
        f"{base}/{{code}}": _get(
            "A table: its players, state and version",
            "table-show",
            _json(_ref("Table"), "The table."),
            _LANG,
        ),
        f"{base}/{{code}}/head": _get(
            "The state version and log length (cheap to poll)",
            "table-head",
            _json(_ref("TableHead"), "The head."),
        ),
        f"{base}/{{code}}/log": _get(
            "The log lines, each verdict in the language",
            "table-log",
            _json(entries, "The lines."),
            since,
            _LANG,
        ),
        f"{base}/{{code}}/export": _get(
            "The log as a log file", "table-export", _json(_ref("LogFile"), "The log file.")
        ),
        f"{base}/{{code}}/events": _busy(
            _get("Live updates (Server-Sent Events)", "table-events", events)
        ),
        f"{base}/{{code}}/qr.svg": _get("The join link's QR code", "table-qr", svg),
        f"{base}/{{code}}/options": _refusing(
            _get(
                "What may I do? The legal actions now",
                "table-options",
                _json(_ref("TableOptions"), "The legal actions."),
                kind,
                _LANG,
            ),
            "A kind of action the table's game does not list.",
        ),
        f"{base}/{{code}}/moves": _change(
            "Enter a move: a legal one is applied, an illegal one is logged with its reasons",
            "table-move",
            _model(MoveBody),
            {},
        ),
        f"{base}/{{code}}/undo": _change(
            "Take back the last change still in force (logged)",
            "table-undo",
            _model(UndoBody),
            {"400": _json(_ref("TableRefusal"), "There is nothing to undo.")},
        ),
        f"{base}/{{code}}/corrections": _change(
            "Correct the state to match the board (the audit is logged)",
            "table-correct",
            _model(CorrectionBody),
            {},
        ),
        f"{base}/{{code}}/reopen": {
            "post": {
                "summary": "Reopen an archived table",
                "operationId": "table-reopen",
                "parameters": [_CODE, _LANG],
                "responses": {
                    "200": _json(_ref("Table"), "The table."),
                    "404": _NOT_FOUND,
                    "429": _TOO_MANY,
                },
            }
        },
        f"{base}/replay": {
            "post": {
                "summary": "Replay a log file: the first line that does not follow",
                "operationId": "table-replay",
                "parameters": [_LANG],
                "requestBody": _body(log_file),
                "responses": {
                    "200": _json(_ref("Replay"), "How far the log follows."),
                    "404": _json(_ref("TableRefusal"), "Unknown game."),
                    "413": _LOG_TOO_LARGE,
                    "422": _MALFORMED_ANSWER,
                },
            }
        },
        f"{base}/import": {
            "post": {
                "summary": "A new table from a log file (when it follows to the end)",
                "operationId": "table-import",
                "parameters": [_LANG],
                "requestBody": _body(log_file),
                "responses": {
                    "201": _json(_IMPORTED, "The new table, and how an earlier format was read."),
                    "404": _json(_ref("TableRefusal"), "Unknown game."),
                    "413": _LOG_TOO_LARGE,
                    "429": _TOO_MANY,
                    "507": _json(_ref("TableRefusal"), "Too many tables are open."),
                    "422": _json(
                        {"anyOf": [_ref("TableMalformed"), _ref("LogRefused")]},
                        "Malformed, or a line that does not follow.",
                    ),
                },
            }
        },
    }
