"""Opening a table and joining one: the start page (a code typed, a new table, a log
brought), and the join link, where each phone chooses its language and its seat."""

from __future__ import annotations

from typing import Any

from flask import g, redirect, render_template, request, url_for

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS, N_
from adjudicator.games import available_games
from adjudicator.table import seats as seating
from adjudicator.table.log import example_log, example_names
from adjudicator.table.service import TableError, TooMany, rename_players

from ..clients import client_address
from ..i18n import COOKIE_AGE, LANG_COOKIE, canonical, current_lang
from ..views import error_views
from . import misses, tables
from .pages import PHONE_COOKIE, bp, table_game, this_phone, this_seat
from .views import seat_count, side_choices, start_choices

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
        start_from = request.form.get("start", "")
        try:
            state = None
            if start_from == "json":
                state = load_json(request.form.get("json", ""))
            elif start_from.startswith("log:"):
                state, players = _log_start(start_from[4:], players)
            first = str(players[0]["name"]) if players else None
            example = start_from if start_from in game.example_names() else None
            table = tables().open(
                game.id, players, state=state, example=example,
                variant=request.form.get("variant") or None, author=first,
                opened_by=client_address(),
            )  # fmt: skip
        except MalformedInput as exc:
            errors = error_views(exc.errors)
        except TooMany:
            raise  # 429, with Retry-After (see pages.refused)
        except TableError as exc:
            errors = [{"path": "", "message": exc.message.render(current_lang())}]
        else:
            response = redirect(url_for("table_pages.table", code=table.code))
            phone = this_phone() or seating.new_phone()
            if first:
                tables().take_seat(table.code, first, phone)
            return _with_phone(response, phone)
    return _open_page(game, form, errors), (422 if errors else 200)


def _log_start(name: str, players: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
    """The first state of an example log, with its players unless others were typed (who
    then take its players' places, in seat order)."""
    if name not in example_names():
        raise TableError(N_("The game has no example called {name}."), name=name[:64])
    log = example_log(name)
    if not players:
        return log["initial_state"], list(log.get("players") or [])
    return rename_players(log["initial_state"], [p["name"] for p in players]), players


def _open_page(game: Game, form: dict[str, Any], errors: list[Any], **more: Any) -> str:
    return render_template(
        "table/open.html", games=available_games(), chosen=game, form=form, errors=errors,
        starts=start_choices(game), sides=side_choices(game, current_lang()),
        seats=seat_count(game),
        typed=request.args.get("code", ""), **more,
    )  # fmt: skip


@bp.get("/<lang>/table/join")
def join_by_code() -> Any:
    """The short code typed on the start page: on to the table's join page. Wrong codes
    count against the address as wrong join links do (see :mod:`web.table.fairuse`)."""
    typed = request.args.get("code", "")
    wait = misses().wait(client_address())
    if wait:
        raise TooMany(wait)
    try:
        found = tables().by_short_code(typed)
    except TableError as exc:
        misses().record(client_address())
        form = {"players": [""] * 4, "sides": [""] * 4}
        message = exc.message.render(current_lang())
        return _open_page(available_games()[0], form, [], code_error=message), exc.status
    return redirect(url_for("table_pages.join", code=found.code))


def _with_phone(response: Any, phone: str) -> Any:
    response.set_cookie(PHONE_COOKIE, phone, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


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
        phone = this_phone() or seating.new_phone()
        tables().take_seat(code, seat if seat in names else None, phone)
        return _with_phone(response, phone)
    return render_template(
        "table/join.html", table=table, game=table_game(table), langs_all=LANGS,
        seat=this_seat(code), held=tables().holders(code),
    )  # fmt: skip
