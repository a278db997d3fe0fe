"""A log brought to the page: opened as a new table, or only checked (replayed). The
first line that does not follow is shown with its reasons, on the picture of the table
just before it."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.games import UnknownGame, get_game
from adjudicator.table import codec
from adjudicator.table.log import Replay

from ..clients import client_address
from ..i18n import current_lang
from ..views import error_views, picture
from . import tables
from .pages import bp, page_game_of
from .views import flagged_line


@bp.post("/<lang>/table/log")
def bring_log() -> Any:
    upload = request.files.get("log")
    raw = upload.read() if upload is not None else b""
    importing = request.form.get("action") == "import"
    table = None
    try:
        data = load_json(raw)
        if importing:
            table, result = tables().import_log(data, opened_by=client_address())
            if table is not None and not result.notices:
                return redirect(url_for("table_pages.table", code=table.code))
        else:
            _log, result = tables().replay(data)
    except MalformedInput as exc:
        page = render_template("table/replay.html", errors=error_views(exc.errors), game=None,
                               result=None, name=_name(upload), lines=0)  # fmt: skip
        return page, 422
    opened = url_for("table_pages.table", code=table.code) if importing and table else None
    return _replayed(data, result, _name(upload), importing, opened)


def _name(upload: Any) -> str:
    return str(getattr(upload, "filename", "") or "")[:100]


def _replayed(
    data: dict[str, Any], result: Replay, name: str, importing: bool, opened: str | None
) -> Any:
    """The replayed log; when it was opened as a table (``opened``: its page) with notices
    of how an earlier format was read, the notices and the link to the table."""
    try:
        game = get_game(str(data.get("game")))
    except (UnknownGame, ModuleNotFoundError):
        game = None
    flag, view, drawing = result.flag, None, None
    if game is not None:
        game = page_game_of(game.id)
        if flag is not None:
            before = result.states[-1]
            view = flagged_line(game, flag, before)
            paths = [v["path"] for v in flag.verdict.get("violations", []) if v.get("path")]
            drawing = picture(game, before, [p for p in paths if not p.startswith("/move")])
        else:
            drawing = picture(game, result.state, [])
    rendered = codec.render_verdict(flag.verdict, current_lang()) if flag else None
    page = render_template(
        "table/replay.html", game=game, result=result, flag=view, verdict=rendered,
        picture=drawing, name=name, lines=len(data.get("entries") or []), errors=[],
        importing=importing, opened=opened, format_notices=[
            {**n, "message": codec.render(n["message"], current_lang())} for n in result.notices
        ],
    )  # fmt: skip
    return page, (422 if flag is not None else 200)
