"""The shared table's pages: open, join, the table (state, picture, log), a move, an undo,
a correction against the board, and "What may I do?". The move and state editors are the
dispute and check pages' own (``web.views`` / ``web.inputs``)."""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from typing import Any
from urllib.parse import quote

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS
from adjudicator.games import available_games, get_game
from adjudicator.table.service import StaleVersion, TableError, TooMany
from adjudicator.table.store import TableRow

from .. import forms, permalink
from ..clients import client_address
from ..i18n import COOKIE_AGE, LANG_COOKIE, canonical, current_lang
from ..inputs import default_move, edit_move, list_edit, move_from_form, state_from_form
from ..views import (
    error_views,
    move_editor,
    move_label,
    picture,
    pretty,
    second_lang,
    setup_examples,
    state_editor,
)
from . import record_miss, tables
from .api import retry_headers
from .views import entry_view, join_url, seat_list, seat_text, side_choices

bp = Blueprint("table_pages", __name__)

SEAT_COOKIE = "adj_seat_"


@bp.url_value_preprocessor
def pull_lang(endpoint: str | None, values: dict[str, Any] | None) -> None:
    if not values or "lang" not in values:
        return
    lang = canonical(values.pop("lang"))
    if lang is None:
        abort(404)
    g.url_lang = lang


@bp.url_defaults
def add_lang(endpoint: str, values: dict[str, Any]) -> None:
    if "lang" not in values and g.get("url_lang"):
        values["lang"] = g.url_lang


@bp.context_processor
def helpers() -> dict[str, Any]:
    return {
        "switch_url": switch_url,
        "seat_text": lambda game, p: seat_text(game, p, current_lang()),
    }


def switch_url(lang: str) -> str:
    """This table page in another language."""
    rule = request.url_rule
    if request.endpoint and rule is not None and "lang" in rule.arguments:
        return url_for(request.endpoint, **{**(request.view_args or {}), "lang": lang})
    return url_for("pages.home", lang=lang)


@bp.errorhandler(TableError)
def refused(error: TableError) -> tuple[str, int, dict[str, str]]:
    record_miss(error)
    message = error.message.render(current_lang())
    page = render_template("error.html", code=error.status, message=message)
    return page, error.status, retry_headers(error)


def table_game(found: TableRow) -> Game:
    """The table's game, made the page's game so that its fields and kinds of action read in
    the page's language (``views.page_game``), as on the dispute and check pages."""
    game = get_game(found.game)
    g.game_id, g.adj_game = game.id, game
    return game


def seen_version() -> int:
    value = request.form.get("version", "")
    ok = value.isascii() and value.isdigit() and len(value) <= 10
    return int(value) if ok else -1


# --- open a table --------------------------------------------------------------------------


@bp.get("/table/")
def start() -> Any:
    return redirect(url_for("table_pages.open_table", lang=current_lang()))


@bp.route("/<lang>/table/", methods=["GET", "POST"])
def open_table() -> Any:
    games = available_games()
    chosen = request.values.get("game") or games[0].id
    game = next((x for x in games if x.id == chosen), games[0])
    form: dict[str, Any] = {"game": game.id, "players": [""] * 4, "sides": [""] * 4}
    errors: list[dict[str, str]] = []
    if request.method == "POST" and request.form.get("action") == "open":
        names = [n.strip() for n in request.form.getlist("name")][:8]
        sides = request.form.getlist("side")[: len(names)]
        form.update(players=names, sides=sides)
        players: list[dict[str, Any]] = [
            {"name": n, "seat": i + 1, **({"side": s} if s else {})}
            for i, (n, s) in enumerate(zip(names, sides + [""] * len(names), strict=False))
            if n
        ]
        first = str(players[0]["name"]) if players else None
        start_from = request.form.get("start", "")
        try:
            state = None
            if start_from == "json":
                state = load_json(request.form.get("json", ""))
            example = start_from if start_from in game.example_names() else None
            table = tables().open(
                game.id, players, state=state, example=example,
                variant=request.form.get("variant") or None, author=first,
                opened_by=client_address(),
            )  # fmt: skip
        except MalformedInput as exc:
            errors = error_views(exc.errors)
        except TooMany:
            raise  # 429, with Retry-After (see refused)
        except TableError as exc:
            errors = [{"path": "", "message": exc.message.render(current_lang())}]
        else:
            response = redirect(url_for("table_pages.table", code=table.code))
            if first:
                response.set_cookie(SEAT_COOKIE + table.code, quote(first),
                                    max_age=COOKIE_AGE, samesite="Lax")  # fmt: skip
            return response
    return render_template(
        "table/open.html", games=games, chosen=game, form=form, errors=errors,
        setups=setup_examples(game.example_names()), examples=game.example_names(),
        sides=side_choices(game, current_lang()),
    ), (422 if errors else 200)  # fmt: skip


# --- join ------------------------------------------------------------------------------------


@bp.route("/t/<code>", methods=["GET", "POST"])
def join(code: str) -> Any:
    """The shared link: each phone chooses its language and, if it likes, its seat."""
    table = tables().get(code)
    g.url_lang = current_lang()
    if request.method == "POST":
        lang = canonical(request.form.get("lang")) or current_lang()
        response = redirect(url_for("table_pages.table", code=code, lang=lang))
        response.set_cookie(LANG_COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax")
        seat = request.form.get("seat", "")
        names = [p["name"] for p in table.players]
        if seat in names:
            response.set_cookie(SEAT_COOKIE + code, quote(seat), max_age=COOKIE_AGE,
                                samesite="Lax")  # fmt: skip
        else:
            response.delete_cookie(SEAT_COOKIE + code)
        return response
    return render_template(
        "table/join.html", table=table, game=table_game(table), langs_all=LANGS,
        seat=_seat(code),
    )  # fmt: skip


def _seat(code: str) -> str | None:
    from urllib.parse import unquote

    raw = request.cookies.get(SEAT_COOKIE + code)
    return unquote(raw) if raw else None


# --- the table -------------------------------------------------------------------------------


#: The log lines a page shows (the newest); the export holds them all.
PAGE_LINES = 100


def table_context(table: TableRow) -> dict[str, Any]:
    game = table_game(table)
    since = max(0, table.log_length - PAGE_LINES - 1)
    entries = tables().entries(table.code, since=since)
    views = []
    current: Any = None
    for entry in entries:
        views.append(entry_view(game, entry, current))
        if entry.state is not None:
            current = entry.state
    if since:
        views = views[1:]  # the line before the first shown gave its state, not shown
    views.reverse()
    return {
        "earlier": max(0, table.log_length - len(views)),
        "table": table,
        "game": game,
        "entries": views,
        "picture": picture(game, table.state, []),
        "seat": _seat(table.code),
        "seats": seat_list(game, table.players, _seat(table.code)),
        "has_options": game.options is not None,
    }


@bp.get("/<lang>/t/<code>")
def table(code: str) -> str:
    found = tables().get(code)
    return render_template(
        "table/table.html", **table_context(found), join_url=join_url(code),
        qr=url_for("table_api.qr", code=code),
    )  # fmt: skip


#: Rendered live parts, by (table, version, log length, language, second language): every
#: phone of one language asks for the same part after each change. Keyed by the database's
#: version, so a copy is never stale; bounded.
LIVE_COPIES = 512


@bp.get("/<lang>/t/<code>/live")
def live(code: str) -> str:
    """The changing part of the table page, for the live updates (``table.js``)."""
    found = tables().get(code)
    key = (code, found.version, found.log_length, found.archived_at is None, current_lang(),
           second_lang())  # fmt: skip
    copies: OrderedDict[tuple[Any, ...], str] = current_app.extensions.setdefault(
        "adjudicator.table.live", OrderedDict()
    )
    html = copies.get(key)
    if html is None:
        html = render_template("table/live.html", **table_context(found))
        copies[key] = html
        while len(copies) > LIVE_COPIES:
            with contextlib.suppress(KeyError):
                copies.popitem(last=False)
    return html


@bp.post("/<lang>/t/<code>/undo")
def undo(code: str) -> Any:
    try:
        tables().undo(code, seen_version(), _seat(code))
    except StaleVersion:
        return redirect(url_for("table_pages.table", code=code, changed=1))
    return redirect(url_for("table_pages.table", code=code, _anchor="log"))


# --- a move ----------------------------------------------------------------------------------


@bp.route("/<lang>/t/<code>/move", methods=["GET", "POST"])
def move(code: str) -> Any:
    found = tables().get(code)
    game = table_game(found)
    notice, errors = "", []
    mv: Any = default_move(game)
    status = 200
    if request.method == "POST":
        edit = list_edit()
        try:
            mv = move_from_form(game)
            if edit:
                mv = edit_move(game, mv, edit)
            elif request.form.get("action") != "retype":
                outcome = tables().propose(code, mv, seen_version(), _seat(code))
                anchor = f"entry-{outcome.entry.seq}"
                return redirect(url_for("table_pages.table", code=code, _anchor=anchor))
        except StaleVersion as exc:
            notice = exc.message.render(current_lang())
            found, status = tables().get(code), 409
        except MalformedInput as exc:
            errors, status = error_views(exc.errors), 422
            with contextlib.suppress(MalformedInput):
                mv = permalink.decode(request.form.get("mbase", ""), "/move")
    elif request.args.get("m"):
        with contextlib.suppress(MalformedInput):
            mv = permalink.decode(request.args["m"], "/move")
    if not isinstance(mv, dict):
        mv = default_move(game)
    _tag, move_types, move_type, editor = move_editor(game, mv, found.state)
    return render_template(
        "table/move.html", table=found, game=game, editor=editor, move_types=move_types,
        move_type=move_type, mbase=permalink.encode(mv), move_json=pretty(mv), notice=notice,
        errors=errors, picture=picture(game, found.state, []),
    ), status  # fmt: skip


# --- what may I do ---------------------------------------------------------------------------


@bp.get("/<lang>/t/<code>/options")
def options(code: str) -> Any:
    found = tables().get(code)
    game = table_game(found)
    if game.options is None:
        return redirect(url_for("table_pages.move", code=code))
    lang = current_lang()
    result = game.legal_actions(game.parse_state(found.state))
    groups = [
        (move_label(kind), [
            {"description": a.description.render(lang), "json": pretty(dict(a.move)),
             "effects": [m.render(lang) for m in a.effects]}
            for a in actions
        ])
        for kind, actions in result.by_kind().items()
    ]  # fmt: skip
    return render_template(
        "table/options.html", table=found, game=game, groups=groups,
        notes=[n.render(lang) for n in result.notes], count=len(result.actions),
    )  # fmt: skip


# --- a correction against the board -------------------------------------------------------------


@bp.route("/<lang>/t/<code>/correct", methods=["GET", "POST"])
def correct(code: str) -> Any:
    found = tables().get(code)
    game = table_game(found)
    data: Any = found.state
    notice, errors, status = "", [], 200
    opened = [p for p in request.form.get("open", "").split() if p.startswith("s/")]
    if request.method == "POST":
        edit = list_edit()
        try:
            data = state_from_form()
            if edit and not edit.startswith("put:"):
                data = forms.edit_list(game.schema("state"), data, edit, "s")
                verb, _sep, where = edit.partition(":")
                if verb == "open":
                    opened.append(where)
            elif not edit:
                outcome = tables().correct(code, data, seen_version(), _seat(code))
                anchor = f"entry-{outcome.entry.seq}"
                return redirect(url_for("table_pages.table", code=code, _anchor=anchor))
        except StaleVersion as exc:
            notice, status = exc.message.render(current_lang()), 409
            found = tables().get(code)
            data = found.state
        except MalformedInput as exc:
            errors, status = error_views(exc.errors), 422
    editor = state_editor(game, data, opened)
    return render_template(
        "table/correct.html", table=found, game=game, editor=editor,
        base=permalink.encode(data), opened=" ".join(opened), state_json=pretty(data),
        notice=notice, errors=errors,
    ), status  # fmt: skip
