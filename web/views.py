"""What the pages show: rules, verdicts, editors and pictures, in the page's language."""

from __future__ import annotations

import json
from typing import Any

from babel.lists import format_list
from flask import g, request, url_for
from markupsafe import Markup

from adjudicator.core.errors import FieldError, MalformedInput
from adjudicator.core.fields import example_title as titled_example
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS, babel_locale, join_items

from . import copies, forms, labels, permalink, places
from .i18n import _, canonical, current_lang
from .inputs import cases_of
from .labels import entities, entity_kind, entity_name
from .pictures import brushes, draw
from .pictures.places import mark_words, move_picture
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


def entity_text(game: Game, value: str) -> str:
    return choice_text(game, entity_kind(game, [value]), value)


def place_words(game: Game, data: Any, path: str) -> str:
    """Where ``path`` (a JSON pointer) is, in the page's language (:mod:`web.places`)."""
    return places.place_words(game, data, path, current_lang())


def violation_views(
    game: Game, violations: Any, data: Any = None, resolve: Any = None
) -> list[dict[str, Any]]:
    """The violations as the page shows them: rule, message, and the place in words with
    the id of its field (``resolve``, see :func:`link_resolver`)."""
    lang, lang2 = current_lang(), second_lang()
    views = []
    for v in violations:
        view = {**rule_view(game, v.rule, lang, lang2), "message": v.message.render(lang)}
        view["path"] = v.path
        if v.path and data is not None:
            view["place"] = place_words(game, data, v.path)
            view["field"] = resolve(v.path) if resolve else ""
        views.append(view)
    return views


def error_views(errors: list[FieldError], data: Any = None) -> list[dict[str, str]]:
    """A malformed input's problems: ``path`` and ``message`` as the API gives them, and
    ``words``, the problem as the page says it, its place in words (``data``: the input
    as far as it was read)."""
    lang, game = current_lang(), page_game()
    return [{**e.to_json(lang), "words": places.problem_words(game, data, e, lang)} for e in errors]


def link_resolver(editor: forms.Group, root: str = "s") -> Any:
    """A state pointer's field id in ``editor``, or its nearest part on the page (a folded
    item), so that a tap on the picture always lands on something. With ``root`` ``m``,
    pointers into the move (``/move/...``) resolve into the move editor."""
    ids = {g.anchor for g in forms.groups_of(editor) if g.anchor}
    ids |= {leaf.anchor for leaf in forms.leaves_of(editor)}

    def resolve(path: str) -> str:
        if root == "m":
            if not path.startswith("/move"):
                return ""
            path = path[len("/move") :]
        parts = (root + path).split("/")
        for n in range(len(parts), 0, -1):
            candidate = "-".join(parts[:n])
            if candidate in ids:
                return candidate
        return "state-form" if root == "s" else "move-form"

    return resolve


def picture(game: Game, data: Any, paths: list[str], links: Any = False) -> Markup | None:
    try:
        state = game.parse_state(data)
    except MalformedInput:
        return None
    return draw(game, state, paths, current_lang(), links=links)


def page_game() -> Game | None:
    """The game of the page being made (set by ``pages.game_for``)."""
    game: Game | None = g.get("adj_game")
    return game


def field_label(key: str, default: str | None = None) -> str:
    """A field's label in the page's language (its own name when there is none)."""
    return labels.field_label(page_game(), key, current_lang(), default)


def join_words(words: list[str]) -> str:
    """Words joined as the page's language joins a list."""
    return join_items([str(w) for w in words], current_lang())


def game_name(game: Game) -> str:
    """The game's name in the page's language (its title msgid, in the game's domain)."""
    return game._(current_lang(), game.name)


def example_title(game: Game, name: str) -> str:
    """An example state's title in the page's language."""
    return titled_example(game, name, current_lang())


def move_label(tag: str) -> str:
    """A kind of action in the page's language."""
    return labels.move_label(page_game(), tag, current_lang())


def player_ids(data: Any) -> list[str]:
    """How the state names its players: by colour where they have one, else by name."""
    players = data.get("players") if isinstance(data, dict) else None
    found: list[str] = []
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict):
            who = player.get("colour", player.get("name"))
            if isinstance(who, str) and who:
                found.append(who)
    return found


def active_index(data: Any) -> int | None:
    """The seat of the player whose turn it is (``turn.active``, ``round.active``, or the
    government of the nation in ``turn``), if the state says."""
    if not isinstance(data, dict):
        return None
    who: Any = None
    for key in ("turn", "round"):
        part = data.get(key)
        if isinstance(part, dict) and isinstance(part.get("active"), str):
            who = part["active"]
    nations = data.get("nations")
    if who is None and isinstance(data.get("turn"), str) and isinstance(nations, dict):
        nation = nations.get(data["turn"])
        who = nation.get("government") if isinstance(nation, dict) else None
    ids = player_ids(data)
    return ids.index(who) if who in ids else None


def choice_text(game: Game, kind: str | None, value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if not isinstance(value, str):
        return str(value)
    fallback = field_label(value, "") or move_label(value)
    return entity_name(game, kind, value, current_lang(), fallback)


def editor_hooks(game: Game, data: Any) -> dict[str, Any]:
    """How the editor names closed choices (the game's vocabulary) and which free-text
    fields are choices after all (a player, a region)."""
    players, named, kinds = player_ids(data), labels.player_fields(game), labels.entity_fields(game)

    def choices(key: str, values: list[Any]) -> list[tuple[str, str]]:
        words = [v for v in values if isinstance(v, str)]
        kind = entity_kind(game, words) if len(words) == len(values) else None
        return [(json.dumps(v, ensure_ascii=False), choice_text(game, kind, v)) for v in values]

    def open_choices(key: str) -> list[str] | None:
        if key in named:
            return players or None
        kind = kinds.get(key)
        return (entities(game, kind) or None) if kind else None

    def phrase(item: Any, items: list[Any]) -> str | None:
        return labels.item_phrase(game, item, items, current_lang())

    def join(items: list[str]) -> str:
        return join_items(items, current_lang())

    first = active_index(data)
    return {"choices": choices, "open_choices": open_choices, "entity_keys": kinds,
            "first": first or 0, "phrase": phrase, "join": join}  # fmt: skip


def unfolded(opened: list[str] | None, marked: set[str]) -> list[str]:
    """The list items to show unfolded: the opened ones and every one a violation is in."""
    found = list(opened or [])
    for path in marked:
        parts = path.split("/")
        found += ["s" + "/".join(parts[:n]) for n in range(2, len(parts) + 1)]
    return found


def state_editor(
    game: Game, data: Any, opened: list[str] | None = None, marked: set[str] | None = None
) -> forms.Group:
    return forms.build_editor(
        game.schema("state"), data, "s", _("The table"), label=field_label,
        opened=unfolded(opened, marked or set()), **editor_hooks(game, data),
    )  # fmt: skip


def move_editor(game: Game, move: Any, data: Any = None) -> tuple[str, list[str], str, forms.Group]:
    discriminator, variants = forms.move_variants(game.schema("move"))
    move = move if isinstance(move, dict) else {}
    chosen = str(move.get(discriminator, next(iter(variants), "")))
    schema = variants.get(chosen, game.schema("move"))
    hooks = editor_hooks(game, data)
    hooks.pop("first")
    editor = forms.build_editor(schema, move, "m", _("The action"), label=field_label, **hooks)
    editor.children = [c for c in editor.children if c.path != f"/{discriminator}"]
    return discriminator, list(variants), chosen, editor


def setup_examples(names: list[str]) -> list[tuple[str, int]]:
    """The game's own setups among its examples (``setup-3p``), with their player counts."""
    found = [(name, name[len("setup-") : -1]) for name in names]
    return [(name, int(n)) for name, n in found if name.startswith("setup-") and n.isdigit()]


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
        # what was pasted into the "paste JSON" box, shown again there (kept as typed)
        "pasted": request.form.get("json", "") if request.form.get("source") == "json" else "",
        "base": permalink.encode(data),
        "lang2": second_lang(),
        "other_langs": [lang for lang in LANGS if lang != current_lang()],
        "copies": copies.for_editor(game, data, current_lang()) if kind != "move" else {},
    }


def check_context(
    game: Game, data: Any, run: bool, opened: list[str] | None = None, tapped: str = ""
) -> dict[str, Any]:
    """The check page; ``tapped``: the pointer a tap on the picture just changed, whose
    field is unfolded and focused."""
    context = common(game, data, "state")
    opened = [*(opened or []), *unfolded([], {tapped} if tapped else set())]
    context["editor"] = state_editor(game, data, opened)
    context["opened"] = " ".join(dict.fromkeys(opened))
    context["focus"] = link_resolver(context["editor"])(tapped) if tapped else ""
    context["brushes"] = brushes(game, data, current_lang())
    context["brush"] = request.form.get("brush", "")
    if not run:
        context["picture"] = picture(game, data, [], links=link_resolver(context["editor"]))
        return context
    try:
        report = safely(game.check, data)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors, data)
        return context
    paths = [v.path for v in report.violations]
    context["editor"] = state_editor(game, data, opened, set(paths))
    context["format_notices"] = format_notices(report.notices)
    context.update(
        verdict={
            "valid": report.valid,
            "violations": violation_views(
                game, report.violations, data, link_resolver(context["editor"])
            ),
        },
        picture=picture(game, data, paths, links=link_resolver(context["editor"])),
        permalink=permalink.shareable(
            url_for("pages.check", game_id=game.id, s=permalink.encode(data), lang2=second_lang())
        ),
    )
    return context


def format_notices(notices: Any) -> list[dict[str, str]]:
    """How an input of an earlier format was read (the notices no rule raised)."""
    lang = current_lang()
    return [{"path": n.path, "message": n.message.render(lang)} for n in notices if not n.rule]


def move_link(game: Game, data: Any, move: Any, **extra: Any) -> str:
    """The dispute page with ``data`` and ``move`` in the URL."""
    s, m = permalink.encode(data), permalink.encode(move)
    return url_for("pages.move", game_id=game.id, s=s, m=m, **extra)


def verdict_context(
    game: Game, data: Any, move: Any, verdict: Any, editor: forms.Group
) -> dict[str, Any]:
    """The verdict on a move: reasons, alternatives, the resulting state and a permalink."""
    result = verdict.to_json(current_lang())
    both = {**data, "move": move} if isinstance(data, dict) else {"move": move}
    context: dict[str, Any] = {
        "format_notices": format_notices(verdict.notices),
        "verdict": result,
        "violations": violation_views(game, verdict.violations, both, link_resolver(editor, "m")),
        "alternatives": [
            {**alt, "href": move_link(game, data, alt["move"])} for alt in result["alternatives"]
        ],
        "permalink": permalink.shareable(move_link(game, data, move, lang2=second_lang())),
        "allowed": [
            rule_view(game, rule_id, current_lang(), second_lang())
            for rule_id in verdict.allowed_by
        ],
    }
    if verdict.state is None:
        return context
    after = result["state"]
    saved = game.stamped(after)  # what the reader copies or links: with its format version
    context.update(
        after_json=pretty(saved),
        after_href=url_for("pages.check", game_id=game.id, s=permalink.encode(saved)),
        after_picture=picture(game, after, []),
    )
    return context


#: A kind with more options than this is folded to its title and count.
FOLD_OVER = 6


def option_groups(options: Any, lang: str, chosen: str) -> list[dict[str, Any]]:
    """The legal actions by kind, each with its words and its move (encoded as in a
    permalink); a long group is folded, never cut."""
    groups = []
    for kind, actions in options.by_kind().items():
        items = []
        for action in actions:
            words = action.description.render(lang)
            effects = [e.render(lang) for e in action.effects]
            move = permalink.encode(dict(action.move))
            items.append(
                {"words": words, "effects": [e for e in effects if e != words], "move": move,
                 "chosen": move == chosen}
            )  # fmt: skip
        groups.append(
            {"kind": kind, "label": move_label(kind), "actions": items,
             "open": len(items) <= FOLD_OVER or any(i["chosen"] for i in items)}
        )  # fmt: skip
    return groups


def options_context(game: Game, data: Any, move: Any) -> dict[str, Any]:
    """The answer to "What may I do?" (issue 16): every legal action of the player to
    move, grouped by kind, each a button that fills the move editor with its move."""
    try:
        found = safely(game.options_of, data)
    except MalformedInput as exc:
        return {"errors": error_views(exc.errors, data)}
    lang = current_lang()
    groups = option_groups(found, lang, permalink.encode(move))
    empty = [g["label"] for g in groups if not g["actions"]]
    return {
        "count": len(found.actions),
        "groups": [g for g in groups if g["actions"]],
        "empty": format_list(empty, locale=babel_locale(lang)) if empty else "",
        "notes": [note.render(lang) for note in found.notes],
        "state": permalink.encode(data),
        "format_notices": format_notices(found.notices),
    }


def move_context(
    game: Game, data: Any, move: Any, run: bool, options: bool = False
) -> dict[str, Any]:
    context = common(game, data, "move")
    context.update(move_json=pretty(move), mbase=permalink.encode(move))
    context["options_offered"] = game.options is not None
    if options and game.options is not None:
        context["options"] = options_context(game, data, move)
    context.update(move_entry(game, data, move, run))
    if not context.get("format_notices"):  # only listed: how the state was read, once
        context["format_notices"] = context.get("options", {}).get("format_notices", [])
    return context


def move_entry(game: Game, data: Any, move: Any, run: bool) -> dict[str, Any]:
    """A move being entered against ``data``: its editor, the picture to tap (its places
    marked, see :mod:`web.pictures.places`) and, with ``run``, the verdict on it, drawn on
    the picture too. The dispute page and the shared table's move page both show it."""
    discriminator, move_types, move_type, editor = move_editor(game, move, data)
    context: dict[str, Any] = {
        "discriminator": discriminator, "move_types": move_types, "move_type": move_type,
        "editor": editor, "picture": move_picture(game, data, move, []),
        "legend": game.present is not None and game.present.touch is not None,
        "mark_words": mark_words(),
    }  # fmt: skip
    if not run:
        return context
    try:
        verdict = safely(game.adjudicate, data, move)
    except MalformedInput as exc:
        both = {**data, "move": move} if isinstance(data, dict) else None
        context["errors"] = error_views(exc.errors, both)
        return context
    context.update(verdict_context(game, data, move, verdict, editor))
    alternatives = [alt["move"] for alt in context["alternatives"]]
    context["picture"] = move_picture(
        game, data, move, [v.path for v in verdict.violations], alternatives, not verdict.legal
    )
    return context


def detail_columns(details: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """The keys of the scoring's breakdown, in first-seen order, with their labels."""
    keys = dict.fromkeys(key for row in details.values() for key in row)
    game = page_game()
    return [
        (key, field_label(key, "") or (entity_text(game, key) if game else key)) for key in keys
    ]


def score_context(
    game: Game, data: Any, run: bool, opened: list[str] | None = None
) -> dict[str, Any]:
    context = common(game, data, "score")
    context["editor"] = state_editor(game, data, opened)
    context["opened"] = " ".join(opened or [])
    context["picture"] = picture(game, data, [])
    if not run:
        return context
    try:
        report = safely(game.score, data)
    except MalformedInput as exc:
        context["errors"] = error_views(exc.errors, data)
        return context
    result = report.to_json(current_lang())
    context.update(
        score=result,
        format_notices=format_notices(report.notices),
        detail_columns=detail_columns(result["details"]),
        violations=violation_views(game, report.violations, data, link_resolver(context["editor"])),
        permalink=permalink.shareable(
            url_for("pages.score", game_id=game.id, s=permalink.encode(data))
        ),
    )
    return context
