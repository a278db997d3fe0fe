"""The pages: home, and per game check, dispute, score and rules, in the URL's language."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)

from adjudicator.core.aliases import also_called_text
from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.i18n import CORE, HTML_LANG, LANGS, N_, Message
from adjudicator.search import search

from . import copies, forms, permalink, pictures
from .i18n import COOKIE_AGE, GAME_COOKIE, LANG_COOKIE, canonical, current_lang
from .inputs import (
    default_move,
    edit_move,
    example_state,
    fallback_state,
    kept_input,
    list_edit,
    move_from_form,
    opened_parts,
    state_from_form,
    state_from_query,
)
from .pictures.places import tapped_move
from .service import Missing, all_games, find_game, find_rule
from .views import (
    check_context,
    contains_marked,
    error_views,
    example_title,
    game_name,
    join_words,
    marked_paths,
    move_context,
    move_label,
    pretty,
    rule_view,
    score_context,
    second_lang,
    setup_examples,
    switch_url,
)

bp = Blueprint("pages", __name__)

#: How many drawn player aids each process keeps (a game, a language, a player count).
AIDS_KEPT = 64


# --- the language in the URL ------------------------------------------------------------------


@bp.url_value_preprocessor
def pull_lang(endpoint: str | None, values: dict[str, Any] | None) -> None:
    if not values or "lang" not in values:
        return
    raw = values.pop("lang")
    lang = canonical(raw)
    if lang is None:
        abort(404)
    if lang != raw:
        args = {**(request.view_args or {}), "lang": lang, **request.args}
        code = 301 if request.method in ("GET", "HEAD") else 308
        abort(redirect(url_for(request.endpoint or "pages.home", **args), code))
    g.url_lang = lang


@bp.url_defaults
def add_lang(endpoint: str, values: dict[str, Any]) -> None:
    if "lang" not in values and g.get("url_lang"):
        values["lang"] = g.url_lang


@bp.after_request
def remember(response: Response) -> Response:
    if g.get("url_lang") and response.status_code < 300:
        response.set_cookie(LANG_COOKIE, g.url_lang, max_age=COOKIE_AGE, samesite="Lax")
    if g.get("game_id") and response.status_code < 300:
        response.set_cookie(GAME_COOKIE, g.game_id, max_age=COOKIE_AGE, samesite="Lax")
    return response


@bp.app_context_processor
def page_helpers() -> dict[str, Any]:
    return {
        "switch_url": switch_url,
        "html_langs": HTML_LANG,
        "contains_marked": contains_marked,
        "marked_paths": marked_paths,
        "move_label": move_label,
        "setup_examples": setup_examples,
        "game_name": game_name,
        "example_title": example_title,
        "join_words": join_words,
    }


def game_for(game_id: str) -> Game:
    game = find_game(game_id)
    g.game_id, g.adj_game = game.id, game
    return game


# --- home -------------------------------------------------------------------------------------


@bp.get("/")
def root() -> Any:
    return redirect(url_for("pages.home", lang=current_lang()))


@bp.get("/<lang>/")
def home() -> str:
    return render_template("home.html", games=all_games(), chosen=request.cookies.get(GAME_COOKIE))


@bp.get("/choose")
def choose() -> Any:
    lang = canonical(request.args.get("lang")) or current_lang()
    game_id = request.args.get("game", "")
    if not any(game.id == game_id for game in all_games()):
        return redirect(url_for("pages.home", lang=lang))
    return redirect(url_for("pages.game_home", lang=lang, game_id=game_id))


@bp.get("/<lang>/<game_id>/")
def game_home(game_id: str) -> str:
    game = game_for(game_id)
    return render_template("game.html", game=game)


# --- rendering helpers -------------------------------------------------------------------------


def state_address(endpoint: str, game: Game, base: str, **args: Any) -> str:
    """The address that shows the page's state again: swap.js puts it in the address bar
    after a partial update (a permalink, so the back button and a shared link work)."""
    kept = {k: v for k, v in args.items() if v}
    return url_for(endpoint, game_id=game.id, s=base, lang2=second_lang(), **kept)


# --- check a state -------------------------------------------------------------------------------


def edited_state(game: Game) -> tuple[Any, str | None, str]:
    """The state of the page: from the form (with the pressed button applied) or the URL;
    and after a tap on the picture, the pointer of what it changed."""
    edit = list_edit()
    if request.method != "POST":
        return state_from_query(game)[0], None, ""
    data = state_from_form()
    if edit and edit.startswith("copy:"):
        data, added = copies.add_copy(data, edit[len("copy:") :], game.schema("state"))
        return data, edit, added
    if edit and edit.startswith("put:"):
        where = edit[len("put:") :]
        return data, edit, pictures.tap(game, data, where, request.form.get("brush", ""))
    if edit:
        data = forms.edit_list(game.schema("state"), data, edit, "s")
    return data, edit, ""


@bp.route("/<lang>/<game_id>/check", methods=["GET", "POST"])
def check(game_id: str) -> Any:
    game = game_for(game_id)
    try:
        data, edit, tapped = edited_state(game)
    except MalformedInput as exc:
        context = check_context(game, fallback_state(game), False)
        context["errors"] = error_views(exc.errors)
        return render_template("check.html", **context), 422
    run = not edit and (
        request.method == "POST" or bool(request.args.get("s") or request.args.get("case"))
    )
    context = check_context(game, data, run, opened_parts(data, edit), tapped)
    context["address"] = state_address("pages.check", game, context["base"])
    return render_template("check.html", **context)


# --- settle a dispute ----------------------------------------------------------------------------


@bp.route("/<lang>/<game_id>/move", methods=["GET", "POST"])
def move(game_id: str) -> Any:
    game = game_for(game_id)
    edit = list_edit()
    retype = request.form.get("action") == "retype"
    try:
        if request.method == "POST":
            data, mv = state_from_form(), move_from_form(game)
            if edit:
                mv = edit_move(game, mv, edit)
        else:
            data, mv = state_from_query(game)
    except MalformedInput as exc:
        data, mv = kept_input(game)
        context = move_context(game, data, mv, False)
        context["errors"] = error_views(exc.errors)
        return render_template("move.html", **context), 422
    action = request.form.get("action", "")
    listing = action == "options"
    tapped = request.method == "POST" and action.startswith("place:")
    run = (request.method == "POST" and not retype and not edit and not listing) or bool(
        (request.args.get("m") and not request.args.get("fill")) or request.args.get("case")
    )
    if mv is None:
        mv, run = default_move(game), False
    if tapped:  # a place of the picture: it goes into the move (see core/touch.py)
        mv, run = tapped_move(game, data, mv, action[len("place:") :])
    options = listing or request.values.get("options") == "1"
    context = move_context(game, data, mv, run, options)
    context["address"] = state_address(
        "pages.move", game, context["base"], m=context["mbase"], fill=None if run else "1",
        options="1" if options else None,
    )  # fmt: skip
    return render_template("move.html", **context)


# --- score ---------------------------------------------------------------------------------------


@bp.route("/<lang>/<game_id>/score", methods=["GET", "POST"])
def score(game_id: str) -> Any:
    game = game_for(game_id)
    try:
        data, edit, _tapped = edited_state(game)
    except MalformedInput as exc:
        context = score_context(game, example_state(game, None), False)
        context["errors"] = error_views(exc.errors)
        return render_template("score.html", **context), 422
    run = not edit and (
        request.method == "POST" or bool(request.args.get("s") or request.args.get("case"))
    )
    context = score_context(game, data, run, opened_parts(data, edit))
    context["address"] = state_address("pages.score", game, context["base"])
    return render_template("score.html", **context)


# --- the table as JSON ---------------------------------------------------------------------------


@bp.get("/<lang>/<game_id>/table.json")
def table_json(game_id: str) -> Any:
    """The state of a permalink (``?s=``) as indented JSON: the "paste JSON" box of the
    check and score pages is filled from here on demand (it is not sent with the page)."""
    game_for(game_id)
    try:
        data = permalink.decode(request.args.get("s", ""))
    except MalformedInput as exc:
        return {"errors": [e.to_json(current_lang()) for e in exc.errors]}, 422
    return Response(pretty(data) + "\n", mimetype="application/json")


# --- rules ---------------------------------------------------------------------------------------


@bp.get("/<lang>/<game_id>/rules")
def rules(game_id: str) -> str:
    game = game_for(game_id)
    query = request.args.get("q", "").strip()[:200]
    lang, lang2 = current_lang(), second_lang()
    suggestions: tuple[str, ...] = ()
    if query:
        results = search(
            game,
            query,
            lang,
            docs_dir=current_app.config["ADJ_DOCS_DIR"],
            cache=current_app.extensions.setdefault("adjudicator.search", {}),
        )
        found = [
            {**rule_view(game, hit.rule.id, lang, lang2), "matched": hit.matched}
            for hit in results.hits
        ]
        groups, suggestions = [("", found)], results.suggestions
    else:
        groups = [
            (game._(lang, section.title),
             [rule_view(game, r.id, lang, lang2) for r in game.catalog.in_section(section.id)])
            for section in game.catalog.sections
        ]  # fmt: skip
    return render_template(
        "rules.html",
        game=game,
        query=query,
        groups=[(title, views) for title, views in groups if views],
        count=sum(len(views) for _title, views in groups),
        searched=bool(query),
        suggestions=suggestions,
    )


@bp.get("/<lang>/<game_id>/rules/<rule_id>")
def rule(game_id: str, rule_id: str) -> str:
    game = game_for(game_id)
    found = find_rule(game, rule_id)
    lang, lang2 = current_lang(), second_lang()
    view = rule_view(game, found.id, lang, lang2)
    checks = [game._(lang, c.title) for c in game.checks.for_rule(found.id)]
    return render_template(
        "rule.html",
        game=game,
        rule=view,
        also_called=also_called_text(game.also_called(found.id, lang), lang),
        sources=[source.render(lang) for source in found.sources],
        checks=checks,
        lang2=lang2,
        other_langs=[x for x in LANGS if x != lang],
    )


# --- the printed player aid --------------------------------------------------------------------


@bp.get("/<lang>/<game_id>/aid.pdf")
def aid(game_id: str) -> Response:
    """The game's player aid in the URL's language (``?players=N``: its figures for N), as
    PDF; its link and QR code lead to this server's reference, or to ``ADJ_BASE_URL``'s."""
    from adjudicator.aid import aid_pdf

    game = game_for(game_id)
    if game.aid is None:
        abort(404)
    lang, players = current_lang(), request.args.get("players", type=int)
    low, high = game.players
    if players is not None and not low <= players <= high:
        said = N_("{game} is played by {low} to {high} players, not {players}.")
        name = game._(lang, game.name)
        raise Missing(
            Message(CORE, said, {"game": name, "low": low, "high": high, "players": players})
        )
    base = current_app.config.get("ADJ_BASE_URL") or request.host_url
    key = (game.id, lang, players, base)
    drawn = current_app.extensions.setdefault("adjudicator.aids", {})
    if key not in drawn:
        if len(drawn) >= AIDS_KEPT:  # the oldest goes: a Host header cannot fill the memory
            drawn.pop(next(iter(drawn)))
        drawn[key] = aid_pdf(game, lang, players, base)
    name = f"{game.id}-aid-{lang}{f'-{players}' if players else ''}.pdf"
    return Response(
        drawn[key],
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@bp.get("/favicon.ico")
def favicon() -> Response:
    return send_from_directory(
        bp.root_path + "/static", "favicon.svg", mimetype="image/svg+xml", max_age=86400
    )
