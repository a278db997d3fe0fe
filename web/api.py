"""The JSON API, ``/api/v1/<game>/...``: the same answers as the CLI's ``--format json``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request, url_for

from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.core.game import UnknownExample
from adjudicator.core.i18n import N_, Message
from adjudicator.search import search

from .i18n import current_lang
from .openapi import openapi_document
from .service import CORE, Missing, all_games, find_game, find_rule, rule_json, safely

bp = Blueprint("api", __name__)


def malformed(which: str, exc: MalformedInput) -> tuple[Any, int]:
    return jsonify(exc.answer(which, current_lang())), 422


def body_json() -> Any:
    """The request body as JSON; a 413 when it is too large (Werkzeug checks the length)."""
    return load_json(request.get_data(cache=False))


def field_of(body: Any, key: str) -> Any:
    if not isinstance(body, dict):
        raise MalformedInput.single("", N_("Expected an object."))
    if key not in body:
        raise MalformedInput.single(f"/{key}", N_("This field is required."))
    return body[key]


@bp.post("/api/v1/<game_id>/check")
def check(game_id: str) -> Any:
    game = find_game(game_id)
    try:
        # The body is the state itself: pydantic validates the JSON text in one step.
        report = safely(game.check_json, request.get_data(cache=False))
    except MalformedInput as exc:
        return malformed("check", exc)
    return jsonify(report.to_json(current_lang()))


@bp.post("/api/v1/<game_id>/move")
def move(game_id: str) -> Any:
    game = find_game(game_id)
    try:
        body = body_json()
        problems = []
        for key in ("state", "move"):
            try:
                field_of(body, key)
            except MalformedInput as exc:
                problems.extend(exc.errors)
        if problems:
            raise MalformedInput(problems)
        verdict = safely(game.adjudicate, body["state"], body["move"])
    except MalformedInput as exc:
        return malformed("move", exc)
    answer = verdict.to_json(current_lang())
    answer["state"] = game.stamped(answer["state"])  # the new state: the current format
    return jsonify(answer)


@bp.post("/api/v1/<game_id>/score")
def score(game_id: str) -> Any:
    game = find_game(game_id)
    try:
        report = safely(game.score, body_json())
    except MalformedInput as exc:
        return malformed("score", exc)
    return jsonify(report.to_json(current_lang()))


# --- options (issue 16; helper "options") -------------------------------------------------


@bp.post("/api/v1/<game_id>/options")
def options(game_id: str) -> Any:
    """Every legal action of the player to move; the body is the state, ``?kind=`` one kind."""
    game = find_game(game_id)
    kind = request.args.get("kind") or None
    try:
        found = safely(game.options_of, body_json(), kind)
    except MalformedInput as exc:
        return malformed("options", exc)
    return jsonify(found.to_json(current_lang()))


@bp.get("/api/v1/<game_id>/schema")
def schema(game_id: str) -> Any:
    game = find_game(game_id)
    which = request.args.get("which", "state")
    if which not in ("state", "move"):
        raise Missing(Message(CORE, N_("There is no schema called “{name}”."), {"name": which}))
    return jsonify(game.input_schema(which))


@bp.get("/api/v1/<game_id>/rules")
def rules(game_id: str) -> Any:
    game = find_game(game_id)
    query = request.args.get("q", "")[:200]
    if not query.strip():
        return jsonify([rule_json(game, rule, current_lang()) for rule in game.catalog])
    return jsonify(_search(game, query)["results"])


@bp.get("/api/v1/<game_id>/search")
def search_game(game_id: str) -> Any:
    """The rule search with why each rule came up, and suggestions when none did."""
    return jsonify(_search(find_game(game_id), request.args.get("q", "")[:200]))


def _search(game: Any, query: str) -> dict[str, Any]:
    lang = current_lang()
    found = search(
        game,
        query,
        lang,
        docs_dir=current_app.config["ADJ_DOCS_DIR"],
        cache=current_app.extensions.setdefault("adjudicator.search", {}),
    )
    return {
        "query": query,
        "lang": lang,
        "results": [
            {**rule_json(game, hit.rule, lang), "matched": list(hit.matched)} for hit in found.hits
        ],
        "suggestions": list(found.suggestions),
        "ignored": list(found.ignored),
    }


@bp.get("/api/v1/<game_id>/rules/<rule_id>")
def rule(game_id: str, rule_id: str) -> Any:
    game = find_game(game_id)
    return jsonify(rule_json(game, find_rule(game, rule_id), current_lang()))


@bp.get("/api/v1/<game_id>/examples")
def examples(game_id: str) -> Any:
    return jsonify(find_game(game_id).example_names())


@bp.get("/api/v1/<game_id>/examples/<name>")
def example(game_id: str, name: str) -> Any:
    game = find_game(game_id)
    try:
        return jsonify(game.stamped(game.example(name)))
    except UnknownExample:
        raise Missing(
            Message(CORE, N_("There is no example called “{name}”."), {"name": name})
        ) from None


@bp.get("/api/v1/games")
def games() -> Any:
    return jsonify(
        [
            {
                "id": game.id,
                "name": game.name,
                "prefix": game.prefix,
                "players": list(game.players),
                "examples": game.example_names(),
                "rules": len(game.catalog),
                "page": url_for("pages.game_home", lang=current_lang(), game_id=game.id),
            }
            for game in all_games()
        ]
    )


@bp.get("/openapi.json")
def openapi() -> Any:
    # The document depends only on the games, so each application builds it once.
    cache = current_app.extensions.setdefault("adjudicator.openapi", {})
    if "document" not in cache:
        cache["document"] = openapi_document(all_games())
    return jsonify(cache["document"])


@bp.get("/healthz")
def healthz() -> Any:
    """A trivial answer for load balancers and for the benchmark's baseline."""
    return jsonify({"ok": True})
