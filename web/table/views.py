"""A table as a reader sees it: the log lines and verdicts in the reader's language."""

from __future__ import annotations

from typing import Any

from flask import request, url_for

from adjudicator.core.game import Game
from adjudicator.core.i18n import Message, N_plural, Plural
from adjudicator.table import codec
from adjudicator.table.store import EntryRow, TableRow, aware

from .. import permalink
from ..i18n import DOMAIN, current_lang
from ..views import move_label, place_words, rule_view, second_lang


def _(template: str | Plural, **params: Any) -> str:
    return Message(DOMAIN, template, params).render(current_lang())


def join_url(code: str) -> str:
    """The join link to share, absolute (it is drawn as a QR code): under ``ADJ_BASE_URL``
    when it is set, else on the address this phone reached the server by."""
    path = permalink.shareable(url_for("table_pages.join", code=code))
    return path if "://" in path else request.host_url.rstrip("/") + path


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
