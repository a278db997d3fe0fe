"""A table as a reader sees it: the log lines and verdicts in the reader's language."""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from typing import Any

from flask import current_app, url_for
from markupsafe import Markup, escape

from adjudicator.core.game import Game
from adjudicator.core.i18n import N_, Message, N_plural, Plural, join_items
from adjudicator.table import codec
from adjudicator.table.log import example_log, example_names
from adjudicator.table.store import EntryRow, TableRow, aware

from ..i18n import DOMAIN, current_lang
from ..links import link_base
from ..views import example_title, move_label, place_words, rule_view, second_lang, setup_examples


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


#: The example logs a table may start from, by name: their titles in every language.
LOG_TITLES = {
    "imperial-quickintro": N_("The official quick-intro game (4 players), from its start"),
    "imperial-expert-opening": N_("The expert opening (4 players), from its start"),
}


#: The open form's seats for a game whose examples name no setup.
MAX_SEATS = 6


def seat_count(game: Game) -> int:
    """How many seats the open form offers: the most players of the game's own setups."""
    return max((n for _name, n in setup_examples(game.example_names())), default=MAX_SEATS)


def start_choices(game: Game) -> list[tuple[str, str]]:
    """What a table may start from, besides the setup for the players typed: the game's
    setups and examples by their titles, and the starts of its example logs."""
    names = game.example_names()
    setups = setup_examples(names)
    choices = [(n, _(N_plural("{count} player", "{count} players"), count=c)) for n, c in setups]
    taken = {n for n, _c in setups}
    choices += [(n, example_title(game, n)) for n in names if n not in taken]
    for name in example_names():
        if name in LOG_TITLES and example_log(name).get("game") == game.id:
            choices.append((f"log:{name}", _(LOG_TITLES[name])))
    return choices


def who_entered(entry: EntryRow) -> str:
    """Who a line is by: the seat, and the phone's seat when another phone entered it."""
    by = entry.author or _("a phone without a seat")
    if entry.seat and entry.seat != entry.author:
        return _("{phone} for {seat}", phone=by, seat=entry.seat)
    return entry.seat or by


def line_kind(game: Game, kind: str, move: dict[str, Any] | None) -> str:
    """What a line is, as a reader says it: the kind of move, an undo or a correction."""
    if kind == "move":
        return move_name(game, str((move or {}).get("type", "")))
    if kind == "correct":
        return _("Corrected to match the board")
    return _("Undo")


def line_title(game: Game, entry: EntryRow) -> str:
    """A line named as a reader says it: "9. Anna · Maneuver"."""
    what = line_kind(game, entry.kind, entry.move)
    return _("{number}. {who} · {what}", number=entry.seq, who=who_entered(entry), what=what)


def first_notice(game: Game, first: EntryRow | None, *, again: bool = False) -> str:
    """Why a change was refused: which one got in first, and by whom."""
    if first is None:
        text = _("The state changed: here is the new state.")
    else:
        text = _("Another change got in first: {line}.", line=line_title(game, first))
    if again:
        text += " " + _("Your move is kept below: enter it again against the new state.")
    return text


def flagged_line(game: Game, flag: Any, before: Any) -> dict[str, Any]:
    """The first line of a log that does not follow, for the page: its number, what it
    is, its note, and the reasons (with their rules), in the reader's language."""
    entry = flag.entry
    what = line_kind(game, entry.kind, entry.move)
    both = {**before, "move": entry.move} if isinstance(before, dict) and entry.move else before
    rendered = codec.render_verdict(flag.verdict, current_lang())
    return {
        "number": flag.index + 1,
        "title": what,
        "author": entry.author or "",
        "note": entry.note or "",
        "violations": _violations(game, flag.verdict.get("violations", []), both),
        "alternatives": [a["description"] for a in rendered.get("alternatives", [])],
    }


class Kept(OrderedDict[tuple[Any, ...], Any]):
    """What this process drew or read once and keeps, by a key that says what it was made
    from (a log line and its language; a table's version): the oldest forgotten past
    ``size``."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: tuple[Any, ...], value: Any) -> Any:
        self[key] = value
        while len(self) > self.size:
            with contextlib.suppress(KeyError):  # (another thread took it first)
                self.popitem(last=False)
        return value


def kept(name: str, size: int) -> Kept:
    """This process's store called ``name`` (bounded to ``size``), in the application."""
    found: Kept = current_app.extensions.setdefault(f"adjudicator.table.{name}", Kept(size))
    return found


def entry_views(
    game: Game, entries: list[EntryRow], lookup: Any, kept: Kept | None = None
) -> list[dict[str, Any]]:
    """The log lines for the page, oldest first: each undo names the line it took back
    (``lookup(seq)`` finds one not among ``entries``), and that line is marked undone.
    With ``kept``, a line drawn before in this language is not drawn again (but an illegal
    move, whose reasons name places in the state before it, which depends on the lines
    read with it)."""
    by_seq = {e.seq: e for e in entries}
    undone = {e.undoes: e.seq for e in entries if e.kind == "undo" and e.undoes}
    views, current = [], None
    langs = (current_lang(), second_lang())
    for entry in entries:
        fixed = kept is not None and (entry.kind != "move" or (entry.verdict or {}).get("legal"))
        key = (game.id, entry.table_id, entry.seq, *langs)
        view = kept.get(key) if kept is not None and fixed else None
        if view is None:
            view = entry_view(game, entry, current)
            if kept is not None and fixed:
                kept.keep(key, view)
        view = dict(view)
        if entry.seq in undone:
            view["undone_by"] = undone[entry.seq]
        if entry.kind == "undo" and entry.undoes:
            target = by_seq.get(entry.undoes) or lookup(entry.undoes)
            view["undoes"] = line_title(game, target) if target else str(entry.undoes)
        views.append(view)
        if entry.state is not None:
            current = entry.state
    return views


def entry_view(game: Game, entry: EntryRow, state_before: Any) -> dict[str, Any]:
    """A log line for the page, every text in the reader's language."""
    lang = current_lang()
    view: dict[str, Any] = {
        "seq": entry.seq,
        "kind": entry.kind,
        "author": who_entered(entry),
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
