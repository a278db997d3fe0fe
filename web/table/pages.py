"""The shared table's pages: open, join, the table (state, picture, log), a move, an undo,
a correction against the board, and "What may I do?". The move and state editors are the
dispute and check pages' own (``web.views`` / ``web.inputs``)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any
from urllib.parse import quote_plus

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

from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.games import get_game
from adjudicator.table import seats as seating
from adjudicator.table.codes import shown
from adjudicator.table.service import NotYourSeat, StaleVersion, TableError
from adjudicator.table.store import TableRow

from .. import forms, permalink
from ..i18n import canonical, current_lang
from ..inputs import default_move, edit_move, list_edit, move_from_form, state_from_form
from ..pictures.places import mark_words, move_picture, tapped_move
from ..views import (
    error_views,
    move_entry,
    move_label,
    pretty,
    state_editor,
)
from . import record_miss, tables
from .api import retry_headers
from .views import (
    Kept,
    entry_views,
    first_notice,
    join_url,
    kept,
    seat_list,
    seat_text,
)

bp = Blueprint("table_pages", __name__)

#: The phone's own random token (see :mod:`adjudicator.table.seats`): the seats it holds.
PHONE_COOKIE = "adj_phone"


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
    """The page's language for the pages under ``/<lang>/``; never for the join link, which
    opens in the joining phone's own language (its last choice, else its browser's)."""
    if "lang" in values or not g.get("url_lang"):
        return
    if current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
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
    return page_game_of(found.game)


def page_game_of(game_id: str) -> Game:
    """The game, made the page's game (see :func:`table_game`)."""
    game = get_game(game_id)
    g.game_id, g.adj_game = game.id, game
    return game


def seen_version() -> int:
    value = request.form.get("version", "")
    ok = value.isascii() and value.isdigit() and len(value) <= 10
    return int(value) if ok else -1


def this_phone() -> str | None:
    token = request.cookies.get(PHONE_COOKIE, "")
    return token if 8 <= len(token) <= 32 else None


def this_seat(code: str) -> str | None:
    """The seat this phone holds at the table (``None``: it watches)."""
    return tables().seat_of_phone(code, this_phone())


# --- the table -------------------------------------------------------------------------------


#: The log lines a page shows (the newest); the export holds them all.
PAGE_LINES = 100


def table_context(table: TableRow) -> dict[str, Any]:
    game = table_game(table)
    first = max(1, table.log_length - PAGE_LINES + 1)  # the line before gives its state
    entries = tables().log_tail(table, max(0, first - 2))
    views = [v for v in entry_views(game, entries, tables().entry, kept_views())
             if v["seq"] >= first]  # fmt: skip
    views.reverse()
    mine = this_seat(table.code)
    return {
        "earlier": max(0, table.log_length - len(views)),
        "table": table,
        "game": game,
        "entries": views,
        "picture": move_picture(game, table.state, {}, [], address=tap_addresses(table.code)),
        "mark_words": mark_words(),
        "seat": mine,
        "seats": seat_list(game, table.players, mine),
        "has_options": game.options is not None,
        "short_code": shown(table.short_code) if table.short_code else "",
    }


def next_move(game: Game, state: Any) -> dict[str, Any]:
    """The move the move page starts from: the kind of the first legal action (what "What
    may I do?" lists first), else the game's first kind."""
    move = default_move(game)
    if game.options is None or not move:
        return move
    with contextlib.suppress(MalformedInput):
        first = next(iter(game.legal_actions(game.parse_state(state)).actions), None)
        key = next(iter(move))
        if first is not None and key in first.move:
            return {key: first.move[key]}
    return move


def tap_address(code: str, place: str) -> str:
    """Where a tap on the table page's picture goes: the move page, with the place tapped
    (from its top: the verdict, if the tap made a whole move, then the picture)."""
    return url_for("table_pages.move", code=code, tap=place)


def tap_addresses(code: str) -> Callable[[str], str]:
    """:func:`tap_address` for each place of one picture, the page's address built once
    (a map has a hundred places) and the place added as ``url_for`` adds it."""
    page = url_for("table_pages.move", code=code)
    return lambda place: f"{page}?tap={_tap_query(place)}"


@functools.lru_cache(maxsize=1024)
def _tap_query(place: str) -> str:
    return quote_plus(place, safe=QUERY_SAFE)


#: The characters ``url_for`` leaves as they are in a query (werkzeug's, after WHATWG).
QUERY_SAFE = "!$'()*,/:;?@"


@bp.get("/<lang>/t/<code>")
def table(code: str) -> str:
    found = tables().get(code)
    return render_template(
        "table/table.html", **table_context(found), join_url=join_url(code),
        qr=url_for("table_api.qr", code=code), refused=_refused_notice(found),
    )  # fmt: skip


def _refused_notice(found: TableRow) -> str:
    """After an undo refused because the table had moved on: what got in first."""
    seen = request.args.get("changed", "")
    if not seen.isdigit():
        return ""
    return first_notice(table_game(found), tables().first_since(found.code, int(seen)))


#: Log lines drawn for the page, kept (see :func:`web.table.views.entry_views`): a live
#: table draws its last hundred lines after every move, in each reader's language.
KEPT_VIEWS = 4096


def kept_views() -> Kept:
    """This process's log lines drawn for the page (bounded)."""
    return kept("views", KEPT_VIEWS)


@bp.post("/<lang>/t/<code>/undo")
def undo(code: str) -> Any:
    try:
        tables().undo(code, seen_version(), this_seat(code))
    except StaleVersion:
        return redirect(url_for("table_pages.table", code=code, changed=seen_version()))
    return redirect(url_for("table_pages.table", code=code, _anchor="log"))


# --- a move ----------------------------------------------------------------------------------


@bp.route("/<lang>/t/<code>/move", methods=["GET", "POST"])
def move(code: str) -> Any:
    """Enter the next move: by its fields or by tapping the picture (its legal places
    marked, as on the dispute page). A tap that completes the move, and "See the verdict
    first", show the verdict before anything is entered; "Enter the move" enters it."""
    found = tables().get(code)
    game = table_game(found)
    notice, errors = "", []
    mv: Any = None
    status, judge = 200, request.method == "GET" and request.args.get("check") == "1"
    if request.method == "POST":
        action, edit = request.form.get("action", ""), list_edit()
        try:
            mv = move_from_form(game)
            if edit:
                mv = edit_move(game, mv, edit)
            elif action.startswith("place:"):
                mv, judge = tapped_move(game, found.state, mv, action[len("place:") :])
            elif action == "check":
                judge = True
            elif action != "retype":
                outcome = tables().propose(code, mv, seen_version(), phone=this_phone() or "")
                anchor = f"entry-{outcome.entry.seq}"
                return redirect(url_for("table_pages.table", code=code, _anchor=anchor))
        except StaleVersion:
            first = tables().first_since(code, seen_version())
            notice = first_notice(game, first, again=True)
            found, status = tables().get(code), 409
        except NotYourSeat as exc:
            notice, status = exc.message.render(current_lang()), 403
        except MalformedInput as exc:
            errors, status = error_views(exc.errors), 422
            with contextlib.suppress(MalformedInput):
                mv = permalink.decode(request.form.get("mbase", ""), "/move")
    elif request.args.get("tap"):  # a tap on the table page's picture: the move it starts
        place = request.args["tap"][:100]
        mv, judge = tapped_move(game, found.state, {}, place)
        if not mv:  # (the tap says no kind of move by itself: the first kind listed's)
            mv, judge = tapped_move(game, found.state, next_move(game, found.state), place)
    else:
        mv = next_move(game, found.state)
        with contextlib.suppress(MalformedInput):
            mv = permalink.decode(request.args["m"], "/move") if request.args.get("m") else mv
    if not isinstance(mv, dict):
        mv = default_move(game)
    context = move_page(found, game, mv, judge and not errors)
    context["notice"] = notice
    context["errors"] = errors or context.get("errors", [])
    return render_template("table/move.html", **context), status


def move_page(found: TableRow, game: Game, mv: dict[str, Any], judge: bool) -> dict[str, Any]:
    """The move page's parts: the dispute page's move entry against the table's state (its
    alternatives fill this page's move in), and the address that shows it again."""
    context = move_entry(game, found.state, mv, judge)
    mbase = permalink.encode(mv)
    for alt in context.get("alternatives", []):
        alt["href"] = url_for("table_pages.move", code=found.code, m=permalink.encode(alt["move"]),
                              check="1")  # fmt: skip
    address = url_for("table_pages.move", code=found.code, m=mbase, check="1" if judge else None)
    return {**context, "table": found, "game": game, "mbase": mbase, "move_json": pretty(mv),
            "address": address}  # fmt: skip


# --- what may I do ---------------------------------------------------------------------------


@bp.get("/<lang>/t/<code>/options")
def options(code: str) -> Any:
    """What this phone may do: the legal actions of the seat whose move it is, when that
    seat is this phone's or no phone holds it; else whose move it is."""
    found = tables().get(code)
    game = table_game(found)
    if game.options is None:
        return redirect(url_for("table_pages.move", code=code))
    lang = current_lang()
    whose, held, mine = seating.to_move(game, found), tables().holders(code), this_seat(code)
    elsewhere = whose is not None and held.get(whose) not in (None, this_phone())
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    notes: list[str] = []
    count = 0
    if not elsewhere:
        result = game.legal_actions(game.parse_state(found.state))
        groups = [
            (move_label(kind), [
                {"description": a.description.render(lang), "json": pretty(dict(a.move)),
                 "effects": [m.render(lang) for m in a.effects]}
                for a in actions
            ])
            for kind, actions in result.by_kind().items()
        ]  # fmt: skip
        notes, count = [n.render(lang) for n in result.notes], len(result.actions)
    return render_template(
        "table/options.html", table=found, game=game, groups=groups, notes=notes,
        count=count, whose=whose, mine=mine, elsewhere=elsewhere,
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
                outcome = tables().correct(code, data, seen_version(), this_seat(code))
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


from . import bring, joining, updates  # noqa: E402,F401  (their routes are this blueprint's)
