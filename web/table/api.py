"""The shared table's JSON API, ``/api/v1/tables/...``, and its live updates (SSE)."""

from __future__ import annotations

import io
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import segno
from flask import Blueprint, Response, jsonify, request

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.core.i18n import N_
from adjudicator.table.service import TableError

from ..i18n import current_lang
from . import tables, watcher
from .views import entry_json, join_url, table_json

bp = Blueprint("table_api", __name__, url_prefix="/api/v1/tables")

#: How long one stream lasts, drawn at random in this range (the browser's EventSource
#: reconnects by itself, from the last version it saw), and how long a quiet stream waits
#: before a comment line.
STREAM_SECONDS = (40.0, 60.0)
HEARTBEAT_SECONDS = 15.0


@bp.errorhandler(TableError)
def refused(error: TableError) -> tuple[Any, int]:
    message = error.message.render(current_lang())
    body = {"status": error.status, "message": message, **error.details}
    body["errors"] = [{"path": "", "message": message}]
    return jsonify(body), error.status


@bp.errorhandler(MalformedInput)
def malformed(error: MalformedInput) -> tuple[Any, int]:
    return jsonify({"status": 422, "errors": error.to_json(current_lang())}), 422


def body() -> dict[str, Any]:
    data = load_json(request.get_data(cache=False))
    if not isinstance(data, dict):
        raise MalformedInput.single("", N_("Expected an object."))
    return data


def version_of(data: dict[str, Any]) -> int:
    if "version" not in data:
        raise MalformedInput.single("/version", N_("This field is required."))
    value = data["version"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput.single(
            "/version", N_("`{field}` must be a whole number."), field="version"
        )
    return value


# --- tables ----------------------------------------------------------------------------


@bp.post("")
def open_table() -> Any:
    data = body()
    if "game" not in data:
        raise MalformedInput.single("/game", N_("This field is required."))
    table = tables().open(
        str(data["game"]), data.get("players") or [], state=data.get("state"),
        example=data.get("example"), variant=data.get("variant"), author=data.get("author"),
    )  # fmt: skip
    answer = table_json(table, current_lang())
    answer["links"]["join_url"] = join_url(table.code)
    return jsonify(answer), 201


@bp.get("/<code>")
def show(code: str) -> Any:
    return jsonify(table_json(tables().get(code), current_lang()))


@bp.get("/<code>/head")
def head(code: str) -> Any:
    return jsonify(tables().head(code).to_json())


@bp.get("/<code>/log")
def log(code: str) -> Any:
    since = request.args.get("since", "0")
    start = int(since) if since.isdigit() else 0
    lang = current_lang()
    entries = tables().entries(code, since=start, limit=500)
    return jsonify({"entries": [entry_json(e, lang) for e in entries]})


@bp.get("/<code>/export")
def export(code: str) -> Any:
    data = tables().export(code)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return Response(
        text, mimetype="application/json",
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
    data = body()
    if "move" not in data:
        raise MalformedInput.single("/move", N_("This field is required."))
    return changed(tables().propose(code, data["move"], version_of(data), data.get("author")))


@bp.post("/<code>/undo")
def undo(code: str) -> Any:
    data = body()
    return changed(tables().undo(code, version_of(data), data.get("author")))


@bp.post("/<code>/corrections")
def correct(code: str) -> Any:
    data = body()
    if "state" not in data:
        raise MalformedInput.single("/state", N_("This field is required."))
    return changed(tables().correct(code, data["state"], version_of(data), data.get("author")))


@bp.post("/<code>/reopen")
def reopen(code: str) -> Any:
    return jsonify(table_json(tables().reopen(code), current_lang()))


# --- logs ----------------------------------------------------------------------------------


def flag_json(result: Any) -> dict[str, Any] | None:
    from adjudicator.table import codec

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
         "state": result.state}
    )  # fmt: skip


@bp.post("/import")
def import_log() -> Any:
    table, result = tables().import_log(load_json(request.get_data(cache=False)))
    if table is None:
        return jsonify({"status": 422, "first_illegal": flag_json(result)}), 422
    return jsonify(table_json(table, current_lang())), 201


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
                    headers={"Cache-Control": "max-age=3600"})  # fmt: skip


def qr_svg(link: str) -> bytes:
    """The link as a QR code: a standalone SVG document (with its namespace, which an
    ``<img>`` needs), dark on white so that it scans and prints on any background."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4,
                                     dark="#1b1f24", light="#ffffff")  # fmt: skip
    return out.getvalue()


# --- live updates ----------------------------------------------------------------------------


@bp.get("/<code>/events")
def events(code: str) -> Any:
    """Server-Sent Events: one ``head`` event each time the table's version or log grows.
    The version comes from the database (see :mod:`web.table.live`), so every worker and
    server agrees. A stream lasts a random 40-60 s (the browser reconnects from the last
    version it saw), so that streams opened together do not all come back together."""
    follow = watcher()
    follow.follow(code)
    try:
        head = follow.first(code)
    except BaseException:
        follow.leave(code)
        raise
    seen = _parse_id(request.headers.get("Last-Event-ID", ""))
    lasts = random.uniform(*STREAM_SECONDS)

    def stream() -> Iterator[str]:
        yield "retry: 500\n\n"
        current, sent = head, seen
        start = time.monotonic()
        while True:
            if (current.version, current.log_length) != sent:
                yield _event(current)
                sent = (current.version, current.log_length)
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
        stream(), mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )  # fmt: skip
    response.call_on_close(lambda: follow.leave(code))
    return response


def _event(head: Any) -> str:
    payload = json.dumps(head.to_json())
    return f"id: {head.version}.{head.log_length}\nevent: head\ndata: {payload}\n\n"


def _parse_id(value: str) -> tuple[int, int] | None:
    version, _, length = value.partition(".")
    if version.isdigit() and length.isdigit():
        return int(version), int(length)
    return None
