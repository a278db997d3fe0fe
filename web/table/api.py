"""The shared table's JSON API, ``/api/v1/tables/...``, and its live updates (SSE)."""

from __future__ import annotations

import io
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import segno
from flask import Blueprint, Response, jsonify, make_response, request, stream_with_context
from werkzeug.exceptions import ServiceUnavailable

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.table import codec
from adjudicator.table.log import Replay
from adjudicator.table.service import Head, TableError

from ..clients import client_address
from ..errors import render_error
from ..i18n import current_lang
from . import record_miss, stream_gate, tables, watcher
from .bodies import CorrectionBody, MoveBody, OpenBody, UndoBody, parse_body, since_of
from .streams import close_after
from .views import entry_json, join_url, table_json

bp = Blueprint("table_api", __name__, url_prefix="/api/v1/tables")

#: How long one stream lasts, drawn at random in this range (the browser's EventSource
#: reconnects by itself, from the last version it saw), and how long a quiet stream waits
#: before a comment line.
STREAM_SECONDS = (40.0, 60.0)
HEARTBEAT_SECONDS = 15.0


@bp.errorhandler(TableError)
def refused(error: TableError) -> tuple[Any, int, dict[str, str]]:
    record_miss(error)
    message = error.message.render(current_lang())
    body = {"status": error.status, "message": message, **error.details}
    body["errors"] = [{"path": "", "message": message}]
    return jsonify(body), error.status, retry_headers(error)


def retry_headers(error: TableError) -> dict[str, str]:
    """``Retry-After`` for a refusal that says when to try again."""
    wait = getattr(error, "retry_after", None)
    return {"Retry-After": str(wait)} if wait else {}


@bp.errorhandler(MalformedInput)
def malformed(error: MalformedInput) -> tuple[Any, int]:
    return jsonify({"status": 422, "errors": error.to_json(current_lang())}), 422


@bp.post("")
def open_table() -> Any:
    data = parse_body(OpenBody, request.get_data(cache=False))
    players = [s.model_dump(exclude_none=True) for s in data.players]
    table = tables().open(
        data.game, players, state=data.state, example=data.example, variant=data.variant,
        author=data.author, opened_by=client_address(),
    )  # fmt: skip
    answer = table_json(table, current_lang())
    answer["links"]["join_url"] = join_url(table.code)
    return jsonify(answer), 201


# a join code is 8 to 32 characters, so `replay` and `import` (POST only) are not read as one
@bp.get("/<string(minlength=8, maxlength=32):code>")
def show(code: str) -> Any:
    return jsonify(table_json(tables().get(code), current_lang()))


@bp.get("/<code>/head")
def head(code: str) -> Any:
    return jsonify(tables().head(code).to_json())


@bp.get("/<code>/log")
def log(code: str) -> Any:
    start = since_of(request.args.get("since"))
    lang = current_lang()
    entries = tables().entries(code, since=start, limit=500)
    return jsonify({"entries": [entry_json(e, lang) for e in entries]})


@bp.get("/<code>/export")
def export(code: str) -> Any:
    pieces = tables().export_text(code)  # streamed: a long log is read a batch at a time
    return Response(
        pieces, mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="table-{code}.json"'},
    )  # fmt: skip


# --- changes -------------------------------------------------------------------------------


def changed(outcome: Any) -> tuple[Any, int]:
    lang = current_lang()
    answer = {
        "applied": outcome.applied,
        "entry": entry_json(outcome.entry, lang),
        "version": outcome.table.version,
        "state": outcome.table.state,
    }
    return jsonify(answer), 201


@bp.post("/<code>/moves")
def propose(code: str) -> Any:
    data = parse_body(MoveBody, request.get_data(cache=False))
    return changed(tables().propose(code, data.move, data.version, data.author))


@bp.post("/<code>/undo")
def undo(code: str) -> Any:
    data = parse_body(UndoBody, request.get_data(cache=False))
    return changed(tables().undo(code, data.version, data.author))


@bp.post("/<code>/corrections")
def correct(code: str) -> Any:
    data = parse_body(CorrectionBody, request.get_data(cache=False))
    return changed(tables().correct(code, data.state, data.version, data.author))


@bp.post("/<code>/reopen")
def reopen(code: str) -> Any:
    return jsonify(table_json(tables().reopen(code), current_lang()))


# --- logs ----------------------------------------------------------------------------------


def flag_json(result: Any) -> dict[str, Any] | None:
    flag = result.flag
    if flag is None:
        return None
    return {
        "index": flag.index,
        "number": flag.index + 1,
        "entry": flag.entry.model_dump(exclude_none=True),
        "verdict": codec.render_verdict(flag.verdict, current_lang()),
    }


@bp.post("/replay")
def replay() -> Any:
    log_file, result = tables().replay(load_json(request.get_data(cache=False)))
    return jsonify(
        {"entries": len(log_file.entries), "first_illegal": flag_json(result),
         "state": result.state, "format_notices": format_notices_json(result)}
    )  # fmt: skip


@bp.post("/import")
def import_log() -> Any:
    data = load_json(request.get_data(cache=False))
    table, result = tables().import_log(data, opened_by=client_address())
    if table is None:
        answer = {"status": 422, "first_illegal": flag_json(result)}
        return jsonify({**answer, "format_notices": format_notices_json(result)}), 422
    answer = table_json(table, current_lang())
    return jsonify({**answer, "format_notices": format_notices_json(result)}), 201


def format_notices_json(result: Replay) -> list[dict[str, str]]:
    """How the states and moves of an earlier format in a log were read, each at its
    JSON pointer into the log file."""
    lang = current_lang()
    return [
        {"path": n["path"], "message": codec.render(n["message"], lang)} for n in result.notices
    ]


# --- what may I do -------------------------------------------------------------------------


@bp.get("/<code>/options")
def options(code: str) -> Any:
    from adjudicator.games import get_game

    table = tables().get(code)
    game = get_game(table.game)
    found = game.legal_actions(game.parse_state(table.state), request.args.get("kind") or None)
    return jsonify({"version": table.version, **found.to_json(current_lang())})


# --- the join link as a QR code --------------------------------------------------------------


@bp.get("/<code>/qr.svg")
def qr(code: str) -> Any:
    tables().head(code)
    return Response(qr_svg(join_url(code)), mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, max-age=3600"})  # fmt: skip


def qr_svg(link: str) -> bytes:
    """The link as a QR code: a standalone SVG document (with its namespace, which an
    ``<img>`` needs); the page puts it on white (``img.qr``), so that it scans in a dark
    theme too."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4,
                                     dark="#1b1f24")  # fmt: skip
    return out.getvalue()


# --- live updates ----------------------------------------------------------------------------


@bp.get("/<code>/events")
def events(code: str) -> Any:
    """Server-Sent Events: one ``head`` event each time the table's version or log grows.
    The version comes from the database (see :mod:`web.table.live`), so every worker and
    server agrees. A stream lasts a random 40-60 s (the browser reconnects from the last
    version it saw), so that streams opened together do not all come back together."""
    seen = parse_event_id(request.headers.get("Last-Event-ID", ""))
    return follow_stream(code, seen, lambda head, _sent: _event(head))


#: ``event(head, sent)``: the event telling of ``head`` to a stream that last told of
#: ``sent`` (its version and log length), and the version and log length it tells of.
EventOf = Callable[[Head, "tuple[int, int] | None"], "tuple[str, tuple[int, int]]"]


def follow_stream(
    code: str, seen: tuple[int, int] | None, event: EventOf, *, in_context: bool = False
) -> Response:
    """A live-update stream of the table ``code`` from ``seen`` (what the client has): an
    ``event`` each time its version or log grows (``in_context``: drawn in the request's
    context), within the server's limits on streams (see :mod:`.streams`)."""
    gate, address = stream_gate(), client_address()
    if not gate.admit(code, address):
        busy = ServiceUnavailable(retry_after=gate.limits.retry_after)
        response = make_response(render_error(busy))
        close_after(response, request.environ)
        return response
    follow = watcher()
    follow.follow(code)
    try:
        head = follow.first(code)
    except BaseException:
        follow.leave(code)
        gate.leave(code, address)
        raise
    lasts = random.uniform(*STREAM_SECONDS)

    def stream() -> Iterator[str]:
        yield "retry: 500\n\n"
        current, sent = head, seen
        start = time.monotonic()
        while True:
            if (current.version, current.log_length) != sent:
                text, sent = event(current, sent)
                yield text
            left = lasts - (time.monotonic() - start)
            if left <= 0:
                return
            found = follow.wait(code, current, min(HEARTBEAT_SECONDS, left))
            if follow.stopping:
                return
            if found is None or found == current:
                yield ": beat\n\n"
            else:
                current = found

    response = Response(
        stream_with_context(stream()) if in_context else stream(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )

    def done() -> None:
        follow.leave(code)
        gate.leave(code, address)

    response.call_on_close(done)
    return response


def _event(head: Head) -> tuple[str, tuple[int, int]]:
    payload = json.dumps(head.to_json())
    told = (head.version, head.log_length)
    return f"id: {told[0]}.{told[1]}\nevent: head\ndata: {payload}\n\n", told


def parse_event_id(value: str) -> tuple[int, int] | None:
    """An event's id (``<version>.<log length>``), as the client sends it back."""
    version, _, length = value.partition(".")
    if version.isdigit() and length.isdigit() and len(value) <= 24:
        return int(version), int(length)
    return None
