"""The pages: home, and per game check, dispute, score and rules, in the URL's language."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    g,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from markupsafe import Markup

from adjudicator.core.cases import Case
from adjudicator.core.errors import FieldError, MalformedInput, load_json
from adjudicator.core.game import Game
from adjudicator.core.i18n import HTML_LANG, LANGS, N_, Message
from adjudicator.search import search_rules

from . import forms, permalink
from .i18n import COOKIE_AGE, GAME_COOKIE, LANG_COOKIE, _, canonical, current_lang
from .labels import FIELDS, MOVES
from .pictures import draw
from .service import CORE, Missing, all_games, docs_href, find_game, find_rule, safely

bp = Blueprint("pages", __name__)


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
        abort(redirect(url_for(request.endpoint or "pages.home", **args), 301))
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
    }


def switch_url(lang: str) -> str:
    """This page in another language (a page's query string is kept; a POST becomes a GET)."""
    endpoint = request.endpoint or ""
    if endpoint.startswith("pages.") and request.url_rule and "lang" in request.url_rule.arguments:
        return url_for(endpoint, **{**request.args, **(request.view_args or {}), "lang": lang})
    return url_for("pages.home", lang=lang)


def contains_marked(path: str, marked: set[str]) -> bool:
    return any(m.startswith(path + "/") or m == path for m in marked)


def marked_paths(verdict: dict[str, Any] | None) -> set[str]:
    if not verdict:
        return set()
    return {v["path"] for v in verdict.get("violations", []) if v.get("path")}


def game_for(game_id: str) -> Game:
    game = find_game(game_id)
    g.game_id = game.id
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


# --- where a state or a move comes from ----------------------------------------------------------


def cases_of(game: Game, kind: str) -> list[Case]:
    return [case for case in game.cases if case.kind == kind]


def example_state(game: Game, name: str | None) -> Any:
    names = game.example_names()
    if name is None:
        if not names:
            return {}
        name = game.default_example if game.default_example in names else names[0]
    if name not in names:
        raise Missing(Message(CORE, N_("There is no example called “{name}”."), {"name": name}))
    return game.example(name)


def case_by_id(game: Game, case_id: str) -> Case:
    for case in game.cases:
        if case.id == case_id:
            return case
    raise Missing(Message(CORE, N_("There is no case called “{name}”."), {"name": case_id}))


def state_from_query(game: Game) -> tuple[Any, Any]:
    """The state (and move) named in the query: a permalink, a case or an example."""
    args = request.args
    if args.get("s"):
        move = permalink.decode(args["m"], "/move") if args.get("m") else None
        return permalink.decode(args["s"]), move
    if args.get("case"):
        case = case_by_id(game, args["case"])
        return safely(case.build_state, game), dict(case.move) if case.move else None
    return example_state(game, args.get("example") or None), None


def json_source(field: str) -> Any:
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        raw = upload.read()
        try:
            return load_json(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise MalformedInput.single("", N_("Not valid JSON: {error}."), error="UTF-8") from None
    return load_json(request.form.get(field, ""))


def state_from_form() -> Any:
    if request.form.get("source") == "json":
        return json_source("json")
    base = permalink.decode(request.form["base"]) if request.form.get("base") else {}
    return forms.read_form(request.form, "s", base)


def move_from_form(game: Game) -> Any:
    if request.form.get("move_source") == "json":
        return load_json(request.form.get("move_json", ""), "/move")
    base = permalink.decode(request.form["mbase"], "/move") if request.form.get("mbase") else {}
    move = forms.read_form(request.form, "m", base)
    discriminator, variants = forms.move_variants(game.schema("move"))
    chosen = request.form.get("move_type")
    if chosen in variants and isinstance(move, dict) and move.get(discriminator) != chosen:
        move = {discriminator: chosen}
    return move


# --- rendering helpers -------------------------------------------------------------------------


def second_lang() -> str | None:
    lang2 = canonical(request.values.get("lang2"))
    return lang2 if lang2 and lang2 != current_lang() else None


def rule_view(game: Game, rule_id: str, lang: str, lang2: str | None) -> dict[str, Any]:
    rule = game.rule(rule_id)
    view: dict[str, Any] = {"id": rule_id, "href": docs_href(game, rule_id, lang)}
    if rule is not None:
        view.update(title=game._(lang, rule.title), text=game._(lang, rule.text))
        if lang2:
            view.update(
                title2=game._(lang2, rule.title), text2=game._(lang2, rule.text), lang2=lang2
            )
    return view


def violation_views(game: Game, violations: Any) -> list[dict[str, Any]]:
    lang, lang2 = current_lang(), second_lang()
    return [
        {**rule_view(game, v.rule, lang, lang2), "message": v.message.render(lang), "path": v.path}
        for v in violations
    ]


def error_views(errors: list[FieldError]) -> list[dict[str, str]]:
    return [e.to_json(current_lang()) for e in errors]


def picture(game: Game, data: Any, paths: list[str]) -> Markup | None:
    try:
        state = game.parse_state(data)
    except MalformedInput:
        return None
    return draw(game, state, paths, current_lang())


def field_label(key: str) -> str:
    """A field's label in the page's language (its own name when there is none)."""
    return _(FIELDS[key]) if key in FIELDS else key.replace("_", " ")


def move_label(tag: str) -> str:
    return _(MOVES[tag]) if tag in MOVES else tag.replace("_", " ")


def state_editor(game: Game, data: Any) -> forms.Group:
    return forms.build_editor(game.schema("state"), data, "s", _("The table"), label=field_label)


def move_editor(game: Game, move: Any) -> tuple[str, list[str], str, forms.Group]:
    discriminator, variants = forms.move_variants(game.schema("move"))
    move = move if isinstance(move, dict) else {}
    chosen = str(move.get(discriminator, next(iter(variants), "")))
    schema = variants.get(chosen, game.schema("move"))
    editor = forms.build_editor(schema, move, "m", _("The action"), label=field_label)
    editor.children = [c for c in editor.children if c.path != f"/{discriminator}"]
    return discriminator, list(variants), chosen, editor


def pretty(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def common(game: Game, data: Any, kind: str) -> dict[str, Any]:
    return {
        "game": game,
        "examples": game.example_names(),
        "cases": cases_of(game, kind),
        "state_json": pretty(data),
        "base": permalink.encode(data),
        "lang2": second_lang(),
        "other_langs": [lang for lang in LANGS if lang != current_lang()],
    }


# --- check a state -------------------------------------------------------------------------------


def check_context(game: Game, data: Any, run: bool) -> dict[str, Any]:
    context = common(game, data, "state")
    context["editor"] = state_editor(game, data)
    if not run:
        context["picture"] = picture(game, data, [])
        return context
    try:
        report = safely(game.check, data)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors)
        return context
    paths = [v.path for v in report.violations]
    context.update(
        verdict={"valid": report.valid, "violations": violation_views(game, report.violations)},
        picture=picture(game, data, paths),
        permalink=url_for(
            "pages.check",
            game_id=game.id,
            s=permalink.encode(data),
            lang2=second_lang(),
            _external=True,
        ),
    )
    return context


def list_edit() -> str | None:
    """The ``add:…`` or ``remove:…`` button that was pressed, if any."""
    action = request.form.get("action", "")
    return action if action.startswith(("add:", "remove:")) else None


def fallback_state(game: Game) -> Any:
    """What to show when the submitted state cannot be read: the form's base, or an example."""
    try:
        if request.form.get("base"):
            return permalink.decode(request.form["base"])
    except MalformedInput:
        pass
    return example_state(game, None)


@bp.route("/<lang>/<game_id>/check", methods=["GET", "POST"])
def check(game_id: str) -> Any:
    game = game_for(game_id)
    edit = list_edit()
    try:
        if request.method == "POST":
            data = state_from_form()
            if edit:
                data = forms.edit_list(game.schema("state"), data, edit, "s")
        else:
            data = state_from_query(game)[0]
    except MalformedInput as exc:
        context = check_context(game, fallback_state(game), False)
        context["errors"] = error_views(exc.errors)
        return render_template("check.html", **context), 422
    run = not edit and (
        request.method == "POST" or bool(request.args.get("s") or request.args.get("case"))
    )
    return render_template("check.html", **check_context(game, data, run))


# --- settle a dispute ----------------------------------------------------------------------------


def default_move(game: Game) -> dict[str, Any]:
    discriminator, variants = forms.move_variants(game.schema("move"))
    return {discriminator: next(iter(variants))} if variants else {}


def move_context(game: Game, data: Any, move: Any, run: bool) -> dict[str, Any]:
    context = common(game, data, "move")
    context.update(move_json=pretty(move), mbase=permalink.encode(move))
    (context["discriminator"], context["move_types"], context["move_type"], context["editor"]) = (
        move_editor(game, move)
    )
    context["picture"] = picture(game, data, [])
    if not run:
        return context
    try:
        verdict = safely(game.adjudicate, data, move)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors)
        return context
    result = verdict.to_json(current_lang())
    context.update(
        verdict=result,
        violations=violation_views(game, verdict.violations),
        alternatives=[
            {
                **alt,
                "href": url_for(
                    "pages.move",
                    game_id=game.id,
                    s=permalink.encode(data),
                    m=permalink.encode(alt["move"]),
                ),
            }
            for alt in result["alternatives"]
        ],
        permalink=url_for(
            "pages.move",
            game_id=game.id,
            s=permalink.encode(data),
            m=permalink.encode(move),
            lang2=second_lang(),
            _external=True,
        ),
    )
    if verdict.state is not None:
        context["after_json"] = pretty(result["state"])
        context["after_href"] = url_for(
            "pages.check", game_id=game.id, s=permalink.encode(result["state"])
        )
        context["after_picture"] = picture(game, result["state"], [])
    else:
        context["picture"] = picture(game, data, [v.path for v in verdict.violations])
    return context


def kept_input(game: Game) -> tuple[Any, Any]:
    """The state and move to show again when the submitted ones cannot be read."""
    data, move = None, None
    if request.method == "POST":
        with contextlib.suppress(MalformedInput):
            data = state_from_form()
        with contextlib.suppress(MalformedInput):
            move = permalink.decode(request.form.get("mbase", ""), "/move")
    if data is None:
        data = fallback_state(game)
    return data, move if isinstance(move, dict) else default_move(game)


def edit_move(game: Game, move: Any, edit: str) -> Any:
    discriminator, variants = forms.move_variants(game.schema("move"))
    tag = move.get(discriminator) if isinstance(move, dict) else None
    schema = variants.get(str(tag)) if tag is not None else None
    return forms.edit_list(schema, move, edit, "m") if schema else move


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
    run = (request.method == "POST" and not retype and not edit) or bool(
        request.args.get("m") or request.args.get("case")
    )
    if mv is None:
        mv, run = default_move(game), False
    return render_template("move.html", **move_context(game, data, mv, run))


# --- score ---------------------------------------------------------------------------------------


def score_context(game: Game, data: Any, run: bool) -> dict[str, Any]:
    context = common(game, data, "score")
    context["picture"] = picture(game, data, [])
    if not run:
        return context
    try:
        report = safely(game.score, data)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors)
        return context
    result = report.to_json(current_lang())
    context.update(
        score=result,
        violations=violation_views(game, report.violations),
        permalink=url_for("pages.score", game_id=game.id, s=permalink.encode(data), _external=True),
    )
    return context


@bp.route("/<lang>/<game_id>/score", methods=["GET", "POST"])
def score(game_id: str) -> Any:
    game = game_for(game_id)
    run = request.method == "POST" or bool(request.args.get("s") or request.args.get("case"))
    try:
        data = state_from_form() if request.method == "POST" else state_from_query(game)[0]
    except MalformedInput as exc:
        context = score_context(game, example_state(game, None), False)
        context["errors"] = error_views(exc.errors)
        return render_template("score.html", **context), 422
    return render_template("score.html", **score_context(game, data, run))


# --- rules ---------------------------------------------------------------------------------------


@bp.get("/<lang>/<game_id>/rules")
def rules(game_id: str) -> str:
    game = game_for(game_id)
    query = request.args.get("q", "").strip()[:200]
    lang, lang2 = current_lang(), second_lang()
    found = search_rules(game, query, lang) if query else list(game.catalog)
    views = [rule_view(game, rule.id, lang, lang2) for rule in found]
    return render_template(
        "rules.html",
        game=game,
        query=query,
        rules=views,
        lang2=lang2,
        searched=bool(query),
        other_langs=[x for x in LANGS if x != lang],
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
        sources=found.sources,
        checks=checks,
        lang2=lang2,
        other_langs=[x for x in LANGS if x != lang],
    )


@bp.get("/favicon.ico")
def favicon() -> Response:
    return send_from_directory(
        bp.root_path + "/static", "favicon.svg", mimetype="image/svg+xml", max_age=86400
    )
