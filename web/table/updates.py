"""The table page's live part and what changed in it, for the live updates (``table.js``).

A phone holds the table page. After a change it needs the new version and log length, the
new log lines (and the "undone" mark on a line an undo took back), the head above the
picture, and the picture's layers that change with the state (the board itself, in the
page's language, stays: see ``Presentation.layers``). That is a *delta* from what the
phone has (``have``: its version and log length): the page's stream in its language
(``/<lang>/t/<code>/events``) carries it in each event, so the phone fetches nothing, and
``/<lang>/t/<code>/live?have=<version>.<log length>`` answers it to a phone that polls.
Whatever a delta cannot say (a gap longer than the page's lines, a game whose picture has
no layers, a picture that failed) is answered with the whole part instead, so the page is
never wrong. Each delta and each whole part is drawn once per table, version and language
in each server process (kept by the database's version: never stale; bounded).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from flask import jsonify, render_template, request

from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.table.service import Head
from adjudicator.table.store import TableRow

from ..i18n import current_lang
from ..pictures.places import move_layers
from ..views import second_lang
from . import tables
from .api import follow_stream, parse_event_id
from .pages import PAGE_LINES, bp, kept_views, table_context, table_game, tap_addresses
from .views import entry_views, kept

#: Rendered parts and deltas kept per process (each keyed by the table's version).
LIVE_COPIES = 512
#: The layers drawn last per table and language, kept per process (a server's followed
#: tables in every language: 200 tables in four languages on two workers, with room).
KEPT_LAYERS = 2048
#: Table rows kept per process, by head: the phones of one table, in several languages,
#: ask for the same version after each change (one read of the database for them all).
KEPT_ROWS = 256


def table_at(code: str, head: Head | None = None) -> TableRow:
    """The table (raises ``NoSuchTable``), from this process's copy when ``head`` says
    which version is wanted and it was read before."""
    rows = kept("rows", KEPT_ROWS)
    if head is not None:
        found = rows.get((code, head))
        if found is not None:
            return found
    found = tables().get(code)
    return rows.keep((code, Head(found.version, found.log_length, found.archived_at is not None)),
                     found)  # fmt: skip


def parsed(game: Game, found: TableRow) -> Any:
    """The table's state parsed (once per version in this process; ``None``: it does not
    parse, and the page takes the whole part, which says so)."""
    states = kept("states", KEPT_ROWS)
    key = (found.code, found.version)
    if key not in states:
        try:
            states.keep(key, game.parse_state(found.state))
        except MalformedInput:
            states.keep(key, None)
    return states[key]


def whole(found: TableRow) -> str:
    """The whole live part (``table/live.html``) of the table as read."""
    key = (found.code, found.version, found.log_length, found.archived_at is None,
           current_lang(), second_lang())  # fmt: skip
    copies = kept("live", LIVE_COPIES)
    html = copies.get(key)
    if html is None:
        html = copies.keep(key, render_template("table/live.html", **table_context(found)))
    return html


def delta(found: TableRow, have: tuple[int, int]) -> dict[str, Any] | None:
    """What changed from ``have`` to the table as read (see the module's text); ``None``
    when only the whole part can say it."""
    key = (found.code, found.version, found.log_length, found.archived_at is None, have,
           current_lang(), second_lang())  # fmt: skip
    copies = kept("deltas", LIVE_COPIES)
    if key not in copies:
        copies.keep(key, _delta(found, have))
    return copies[key]


def _delta(found: TableRow, have: tuple[int, int]) -> dict[str, Any] | None:
    version, length = have
    if not (1 <= length <= found.log_length and version <= found.version):
        return None
    if found.log_length - length > PAGE_LINES:
        return None
    game = table_game(found)
    state = parsed(game, found)
    layers = None if state is None else move_layers(game, state, {}, tap_addresses(found.code))
    if layers is None:
        return None
    layers = _changed_layers(found, version, layers)
    fresh, changed = _lines(found, length)
    html = render_template(
        "table/live_delta.html", table=found, entries=fresh, changed=changed,
        last=fresh[0] if fresh else _newest(found), earlier=max(0, found.log_length - PAGE_LINES),
    )  # fmt: skip
    return {
        "base": f"{version}.{length}",
        "version": found.version,
        "log_length": found.log_length,
        "lines": min(found.log_length, PAGE_LINES),
        "html": html,
        "layers": layers,
    }


def _changed_layers(found: TableRow, version: int, layers: dict[str, str]) -> dict[str, str]:
    """The layers that differ from those of ``version`` (the page's), when this process drew
    that version's in this language (else all of them)."""
    drawn = kept("layers", KEPT_LAYERS)
    key = (found.code, current_lang(), second_lang())
    before = drawn.get(key)
    if before is None or before[0] != found.version:
        drawn.keep(key, (found.version, layers))
    if before is None or before[0] != version:
        return layers
    return {name: html for name, html in layers.items() if before[1].get(name) != html}


def _lines(found: TableRow, length: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The views of the lines after ``length`` (newest first), and of the lines shown
    before that those lines took back (now marked undone)."""
    game = table_game(found)
    first = max(1, found.log_length - PAGE_LINES + 1)  # the first line the page shows
    entries = tables().log_tail(found, max(0, length - 1))
    targets = {e.undoes for e in entries if e.kind == "undo" and e.undoes and e.seq > length}
    targets = {t for t in targets if first <= t <= length}
    fixed = all(e.kind != "move" or (e.verdict or {}).get("legal") for e in entries[1:])
    if targets or not fixed:  # read as the whole part reads them (an illegal move's
        entries = tables().log_tail(found, max(0, first - 2))  # reasons: the state before)
    views = entry_views(game, entries, tables().entry, kept_views())
    fresh = [v for v in views if v["seq"] > length]
    fresh.reverse()
    return fresh, [v for v in views if v["seq"] in targets]


def _newest(found: TableRow) -> dict[str, Any] | None:
    """The newest line's view (the head says whether it was refused)."""
    views = entry_views(table_game(found), tables().log_tail(found, max(0, found.log_length - 2)),
                        tables().entry, kept_views())  # fmt: skip
    return views[-1] if views else None


@bp.get("/<lang>/t/<code>/live")
def live(code: str) -> Any:
    """The changing part of the table page: the whole of it (HTML); with ``have``, what
    changed since then (JSON: ``{"delta": ...}``, else ``{"whole": html}``)."""
    have = parse_event_id(request.args.get("have", ""))
    if have is None:
        return whole(table_at(code))
    found = table_at(code, tables().head(code))  # (read once for every phone of the table)
    change = delta(found, have)
    return jsonify({"delta": change} if change is not None else {"whole": whole(found)})


@bp.get("/<lang>/t/<code>/events")
def events(code: str) -> Any:
    """The page's live updates in its language (Server-Sent Events): one ``head`` event each
    time the table's version or log grows, with what changed since the last one the page
    has (its ``Last-Event-ID``, at first the ``have`` of the page's address); the streams'
    limits and lengths are the API's (:func:`web.table.api.events`)."""
    seen = parse_event_id(request.headers.get("Last-Event-ID", "")) or parse_event_id(
        request.args.get("have", "")
    )
    return follow_stream(code, seen, lambda head, sent: _event(code, head, sent), in_context=True)


def _event(code: str, head: Head, sent: tuple[int, int] | None) -> tuple[str, tuple[int, int]]:
    """The event telling of ``head``, with the delta from ``sent`` (when the page's version
    is known and a delta can say it), and the version and log length it tells of."""
    payload: dict[str, Any] = head.to_json()
    if sent is not None:
        try:
            found = table_at(code, head)
            change = delta(found, sent)
        except Exception:  # the page fetches what it lacks
            logging.getLogger(__name__).exception("the delta of %s failed", code)
        else:
            payload = {"version": found.version, "log_length": found.log_length,
                       "archived": found.archived_at is not None}  # fmt: skip
            if change is not None:
                payload["delta"] = change
    told = (payload["version"], payload["log_length"])
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"id: {told[0]}.{told[1]}\nevent: head\ndata: {text}\n\n", told
