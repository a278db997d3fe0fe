"""A table as a reader sees it: the log lines and verdicts in the reader's language."""

from __future__ import annotations

from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message, N_plural, Plural, join_items
from adjudicator.table import codec
from adjudicator.table.store import EntryRow, TableRow, aware

from ..i18n import DOMAIN, current_lang
from ..links import link_base
from ..views import move_label, place_words, rule_view, second_lang


def _(template: str | Plural, **params: Any) -> str:
    return Message(DOMAIN, template, params).render(current_lang())


def join_url(code: str) -> str:
    """The join link to share, absolute (it is drawn as a QR code): from the configured or
    announced address (see :mod:`web.links`), never from the request's ``Host``."""
    return link_base() + url_for("table_pages.join", code=code)


def table_json(table: TableRow, lang: str) -> dict[str, Any]:
    return {
        "code": table.code,
        "game": table.game,
        "variant": table.variant,
        "players": table.players,
        "version": table.version,
        "log_length": table.log_length,
        "archived": table.archived_at is not None,
        "state": table.state,
        "links": {
            "join": url_for("table_pages.join", code=table.code),
            "page": url_for("table_pages.table", code=table.code, lang=lang),
            "log": url_for("table_api.log", code=table.code),
            "export": url_for("table_api.export", code=table.code),
            "events": url_for("table_api.events", code=table.code),
            "qr": url_for("table_api.qr", code=table.code),
        },
    }


def entry_json(entry: EntryRow, lang: str) -> dict[str, Any]:
    """A log line for the API: the verdict rendered in ``lang``."""
    verdict = codec.render_verdict(entry.verdict, lang) if entry.verdict else None
    if entry.kind == "correct" and entry.verdict:
        verdict = {
            "differences": entry.verdict["differences"],
            "report": codec.render_verdict(entry.verdict["report"], lang),
        }
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "author": entry.author,
        "based_on": entry.based_on,
        "version": entry.version,
        "applied": entry.version is not None,
        "move": entry.move,
        "undoes": entry.undoes,
        "verdict": verdict,
        "at": aware(entry.created_at).isoformat(),
    }


def _violations(game: Game, items: list[dict[str, Any]], data: Any) -> list[dict[str, Any]]:
    lang, lang2 = current_lang(), second_lang()
    views = []
    for item in items:
        view: dict[str, Any] = {"message": codec.render(item["message"], lang), "path": ""}
        if item.get("rule") and game.rule(item["rule"]):
            view.update(rule_view(game, item["rule"], lang, lang2))
            view["message"] = codec.render(item["message"], lang)
        if item.get("path") and data is not None:
            view["place"] = place_words(game, data, item["path"])
        views.append(view)
    return views


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, list):
        return _(N_plural("{count} item", "{count} items"), count=len(value))
    return _("a group of values")


#: The vocabulary kinds a seat's side names where the game keys its players by name (an
#: Imperial player may sit as a nation); otherwise the game's own ``player_kind``.
SIDE_KINDS = ("nation", "colour")


def side_name(game: Game, side: str, lang: str) -> str:
    """A seat's side (a colour or nation id) by its name in ``lang``; else as typed."""
    for kind in (game.player_kind,) if game.player_kind else SIDE_KINDS:
        if game.vocab.has(kind, side):
            return game.vocab.name(kind, side, lang)
    return side


def side_choices(game: Game, lang: str) -> list[tuple[str, str]]:
    """The sides a player may take, for the open page: the game's player keys that its state
    accepts for a player (the Manhattan Project's five colours, not the contractors' grey)."""
    if not game.player_kind:
        return []
    allowed = player_keys(game)
    choices = game.vocab.choices(game.player_kind, lang)
    return [(key, text) for key, text in choices if not allowed or key in allowed]


def player_keys(game: Game) -> set[str]:
    """The values a player's ``player_kind`` field takes in the state schema (empty if open)."""
    schema = game.schema("state")
    item = schema.get("properties", {}).get("players", {}).get("items", {})
    ref = item.get("$ref", "")
    if ref.startswith("#/$defs/"):
        item = schema.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {})
    enum = item.get("properties", {}).get(game.player_kind, {}).get("enum", [])
    return {str(x) for x in enum}


def seat_text(game: Game, player: dict[str, Any], lang: str) -> str:
    """A seat as the reader says it: "Anna (Austria-Hungary)", zh_TW "Anna（奧匈帝國）"."""
    name, side = str(player.get("name", "")), player.get("side")
    if not side:
        return name
    text = Message(
        DOMAIN, N_("{name} ({side})"), {"name": name, "side": side_name(game, side, lang)}
    )
    return text.render(lang)


def seat_list(game: Game, players: list[dict[str, Any]], mine: str | None) -> Markup:
    """The table's seats joined as the reader's language joins a list, each in a span (the
    reader's own seat marked): the language's list pattern sees the plain names."""
    lang = current_lang()
    texts = [seat_text(game, p, lang) for p in players]
    joined, cursor, html = join_items(texts, lang), 0, []
    for player, text in zip(players, texts, strict=True):
        start = joined.find(text, cursor)
        me = " me" if player.get("name") == mine else ""
        html.append(f'{escape(joined[cursor:start])}<span class="player{me}">{escape(text)}</span>')
        cursor = start + len(text)
    return Markup("".join(html) + str(escape(joined[cursor:])))


def move_name(game: Game, move_type: str) -> str:
    """The kind of a move as the reader says it (the game's vocabulary, else the page's)."""
    if game.vocab.has("move", move_type):
        return game.vocab.name("move", move_type, current_lang())
    return move_label(move_type)


def entry_view(game: Game, entry: EntryRow, state_before: Any) -> dict[str, Any]:
    """A log line for the page, every text in the reader's language."""
    lang = current_lang()
    view: dict[str, Any] = {
        "seq": entry.seq,
        "kind": entry.kind,
        "author": entry.author or _("someone"),
        "applied": entry.version is not None,
        "version": entry.version,
        "at": entry.created_at.strftime("%H:%M"),
    }
    verdict = entry.verdict or {}
    if entry.kind == "move":
        move = entry.move or {}
        view["title"] = move_name(game, str(move.get("type", "")))
        rendered = codec.render_verdict(verdict, lang)
        view["legal"] = bool(verdict.get("legal"))
        view["effects"] = rendered.get("effects", [])
        both = {**state_before, "move": move} if isinstance(state_before, dict) else None
        view["violations"] = _violations(game, verdict.get("violations", []), both)
        view["alternatives"] = [a["description"] for a in rendered.get("alternatives", [])]
    elif entry.kind == "correct":
        data = entry.state
        view["differences"] = [
            {
                "place": place_words(game, data, d["path"]) or d["path"],
                "before": _value(d["before"]),
                "after": _value(d["after"]),
            }
            for d in verdict.get("differences", [])
        ]
        view["violations"] = _violations(
            game, verdict.get("report", {}).get("violations", []), data
        )
    elif entry.kind == "open":
        view["violations"] = _violations(game, verdict.get("violations", []), entry.state)
    return view
