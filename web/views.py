"""What the pages show: rules, verdicts, editors and pictures, in the page's language."""

from __future__ import annotations

import json
from typing import Any

from flask import request, url_for
from markupsafe import Markup

from adjudicator.core.errors import FieldError, MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS

from . import forms, permalink
from .i18n import _, canonical, current_lang
from .inputs import cases_of
from .labels import FIELDS, MOVES
from .pictures import draw
from .service import docs_href, safely


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


def picture(game: Game, data: Any, paths: list[str], links: bool = False) -> Markup | None:
    try:
        state = game.parse_state(data)
    except MalformedInput:
        return None
    return draw(game, state, paths, current_lang(), links=links)


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
    """``data`` as indented JSON; compact when it is too deep to indent (never an error)."""
    try:
        return json.dumps(data, ensure_ascii=False, indent=2)
    except (RecursionError, ValueError):
        try:
            return json.dumps(data, ensure_ascii=False)
        except (RecursionError, ValueError):
            return ""


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


def check_context(game: Game, data: Any, run: bool) -> dict[str, Any]:
    context = common(game, data, "state")
    context["editor"] = state_editor(game, data)
    if not run:
        context["picture"] = picture(game, data, [], links=True)
        return context
    try:
        report = safely(game.check, data)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors)
        return context
    paths = [v.path for v in report.violations]
    context.update(
        verdict={"valid": report.valid, "violations": violation_views(game, report.violations)},
        picture=picture(game, data, paths, links=True),
        permalink=permalink.shareable(
            url_for("pages.check", game_id=game.id, s=permalink.encode(data), lang2=second_lang())
        ),
    )
    return context


def move_link(game: Game, data: Any, move: Any, **extra: Any) -> str:
    """The dispute page with ``data`` and ``move`` in the URL."""
    s, m = permalink.encode(data), permalink.encode(move)
    return url_for("pages.move", game_id=game.id, s=s, m=m, **extra)


def verdict_context(game: Game, data: Any, move: Any, verdict: Any) -> dict[str, Any]:
    """The verdict on a move: reasons, alternatives, the resulting state and a permalink."""
    result = verdict.to_json(current_lang())
    context: dict[str, Any] = {
        "verdict": result,
        "violations": violation_views(game, verdict.violations),
        "alternatives": [
            {**alt, "href": move_link(game, data, alt["move"])} for alt in result["alternatives"]
        ],
        "permalink": permalink.shareable(move_link(game, data, move, lang2=second_lang())),
    }
    if verdict.state is None:
        context["picture"] = picture(game, data, [v.path for v in verdict.violations])
        return context
    after = result["state"]
    context.update(
        after_json=pretty(after),
        after_href=url_for("pages.check", game_id=game.id, s=permalink.encode(after)),
        after_picture=picture(game, after, []),
    )
    return context


def move_context(game: Game, data: Any, move: Any, run: bool) -> dict[str, Any]:
    context = common(game, data, "move")
    context.update(move_json=pretty(move), mbase=permalink.encode(move))
    discriminator, move_types, move_type, editor = move_editor(game, move)
    context.update(
        discriminator=discriminator, move_types=move_types, move_type=move_type, editor=editor
    )
    context["picture"] = picture(game, data, [])
    if not run:
        return context
    try:
        verdict = safely(game.adjudicate, data, move)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors)
        return context
    context.update(verdict_context(game, data, move, verdict))
    return context


def detail_columns(details: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """The keys of the scoring's breakdown, in first-seen order, with their labels."""
    keys = dict.fromkeys(key for row in details.values() for key in row)
    return [(key, field_label(key)) for key in keys]


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
        detail_columns=detail_columns(result["details"]),
        violations=violation_views(game, report.violations),
        permalink=permalink.shareable(
            url_for("pages.score", game_id=game.id, s=permalink.encode(data))
        ),
    )
    return context
