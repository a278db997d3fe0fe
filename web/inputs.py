"""Where a state or a move comes from: a permalink, a case, an example, the form or JSON."""

from __future__ import annotations

import contextlib
from typing import Any

from flask import request

from adjudicator.core.cases import Case
from adjudicator.core.errors import MalformedInput, load_json
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message

from . import forms, permalink
from .service import CORE, Missing, safely


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
    discriminator, variants = forms.move_variants(game.schema("move"))
    chosen = request.form.get("move_type")
    shown = base.get(discriminator) if isinstance(base, dict) else None
    if chosen in variants and chosen != shown:
        # A new kind of action: the fields on the page belong to the old kind, so they are
        # not read (an empty box of the old kind must not stop the change).
        return {discriminator: chosen}
    return forms.read_form(request.form, "m", base)


def list_edit() -> str | None:
    """The ``add:…``, ``remove:…``, ``open:…`` or ``fold:…`` button that was pressed, if any."""
    action = request.form.get("action", "")
    kinds = ("add:", "remove:", "open:", "fold:", "put:", "copy:")
    return action if action.startswith(kinds) else None


def opened_parts(data: Any, edit: str | None) -> list[str]:
    """The list items the editor shows unfolded: those the form had open, the one just
    opened, and an item just added (``add:s/players`` opens the new last player)."""
    parts = [p for p in request.form.get("open", "").split() if p.startswith(("s/", "m/"))]
    verb, _, where = (edit or "").partition(":")
    if verb == "open":
        # one item of a list open at a time: its open siblings fold (their values are in
        # the form's base), so that the page does not grow with each part entered
        parent = where.rsplit("/", 1)[0] + "/"
        parts = [p for p in parts if not p.startswith(parent) or in_part(p, where)]
        parts.append(where)
    elif verb == "fold":
        parts = [p for p in parts if p != where and not p.startswith(where + "/")]
    elif verb == "add":
        where = where.partition("=")[0]  # (a value chosen to add: "add:s/…/line=…")
        node: Any = data
        with contextlib.suppress(ValueError, IndexError, TypeError, AttributeError):
            for part in forms.split_pointer(where[1:]):
                node = node[int(part)] if isinstance(node, list) else node.get(part)
            if isinstance(node, list) and node:
                parts.append(f"{where}/{len(node) - 1}")
    return list(dict.fromkeys(parts))[:200]


def in_part(path: str, part: str) -> bool:
    """Whether the rooted pointer ``path`` is ``part`` or inside it."""
    return path == part or path.startswith(part + "/")


def fallback_state(game: Game) -> Any:
    """What to show when the submitted state cannot be read: the form's base, or an example."""
    try:
        if request.form.get("base"):
            return permalink.decode(request.form["base"])
    except MalformedInput:
        pass
    return example_state(game, None)


def default_move(game: Game) -> dict[str, Any]:
    discriminator, variants = forms.move_variants(game.schema("move"))
    return {discriminator: next(iter(variants))} if variants else {}


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
