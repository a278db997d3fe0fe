"""A player aid: one or two printed pages per game and language, every line tied to a rule.

A game says what its aid holds in its ``aid.py`` (:class:`AidParts`): the rule IDs of the
turn and of the end of the game, and rows built from the same data its checks use (the
costs and yields of its actions, the figures that depend on the number of players, its
small tables). This module turns those parts into a :class:`Sheet` of texts in one
language, from the catalogs only: rule titles and statements, the glossary, the disputes
and the game's messages. :mod:`adjudicator.aid` lays a sheet out as a PDF.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from .exceptions import AdjudicatorError
from .i18n import CORE, HTML_LANG, LANG_NAMES, N_, Localized, Message, N_plural

if TYPE_CHECKING:
    from .game import Game

#: A cell of the aid: a text in every language, or a number.
Text = Localized | str | int


class AidError(AdjudicatorError, ValueError):
    """A game's aid names a rule its catalog does not hold, or a bad number of players."""


@dataclass(frozen=True)
class Action:
    """An action or a space: what it costs and what it gives (``None``: the statement of
    its rule says it). Without a name, the title of its rule names it."""

    rule: str
    name: Text | None = None
    cost: Text | None = None
    gives: Text | None = None


@dataclass(frozen=True)
class Figure:
    """A figure that depends on the number of players, by that number; its label is the
    title of its rule."""

    rule: str
    values: Mapping[int, Text]


@dataclass(frozen=True)
class Table:
    """A small table of a rule (its title heads it): a header row, then the rows."""

    rule: str
    head: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]
    by_seat: bool = False
    """Its columns after the first are the seats 1, 2...: for N players, only N are shown."""

    def cells(self, row: tuple[Text, ...], players: int | None) -> tuple[Text, ...]:
        return row[: players + 1] if self.by_seat and players else row


@dataclass(frozen=True)
class TermName(Localized):
    """The name of a glossary term in the reader's language (a table's head cell)."""

    names: Mapping[str, str]

    def render(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names["en"]


@dataclass(frozen=True)
class InUnit(Localized):
    """A label and the unit its figures are counted in: "bond (M)", «ομόλογο (εκατ.)»."""

    label: Localized
    unit: Localized

    def render(self, lang: str = "en") -> str:
        label, unit = self.label.render(lang), self.unit.render(lang)
        if lang != "zh_TW":
            return f"{label} ({unit})"
        return f"{label}／{unit}" if "（" in unit else f"{label}（{unit}）"


def term_name(game: Game, term_id: str) -> TermName:
    """The name of the glossary term ``term_id`` of ``game``."""
    for term in game.glossary:
        if term.id == term_id:
            return TermName(dict(term.names))
    raise AidError(f"{game.id}: the aid names the term {term_id!r}, which is not in its glossary")


class AidParts(Protocol):
    """What a game's ``aid.py`` module provides."""

    TURN: tuple[str, ...]
    """The rules of the turn or round, in the order they are played."""
    END: tuple[str, ...]
    """The rules of the end of the game and of the scoring, tie-breaks included."""

    def actions(self, game: Game) -> Sequence[Action]: ...

    def figures(self, game: Game) -> Sequence[Figure]: ...

    def tables(self, game: Game) -> Sequence[Table]: ...


# --- the sheet: every text in one language ------------------------------------------------


@dataclass
class Sheet:
    """The texts of one aid in one language, in the order they are printed."""

    game: str
    lang: str
    html_lang: str
    title: str
    players: int | None
    counts: tuple[int, ...]
    headings: dict[str, str]
    turn: list[dict[str, str]] = field(default_factory=list)
    actions: list[dict[str, str]] = field(default_factory=list)
    """Actions whose yield comes from the data: a table."""
    stated: list[dict[str, str]] = field(default_factory=list)
    """Actions whose rule's statement says what they do: a list."""
    tables: list[dict[str, object]] = field(default_factory=list)
    figures: list[dict[str, object]] = field(default_factory=list)
    end: list[dict[str, str]] = field(default_factory=list)
    readings: list[dict[str, str]] = field(default_factory=list)
    link: str = ""

    def rule_ids(self) -> list[str]:
        """Every rule ID the sheet prints, in print order (readings give their rules)."""
        found: list[str] = [r["id"] for r in self.turn]
        found += [r["id"] for r in self.actions]
        found += [r["id"] for r in self.stated]
        found += [str(f["id"]) for f in self.figures]
        found += [str(t["id"]) for t in self.tables]
        found += [r["id"] for r in self.end]
        for reading in self.readings:
            found += re.split(", |、", reading["rules"])
        return found


#: The headings of the sheet (msgids of the core domain), by the part they head.
HEADINGS = {
    "aid": N_("Player aid"),
    "turn": N_("Game flow, step by step"),
    "actions": N_("Actions and their costs"),
    "action": N_("Action or space"),
    "cost": N_("Cost"),
    "gives": N_("What it gives"),
    "figures": N_("Figures by number of players"),
    "players": N_("Players"),
    "end": N_("End of the game and scoring"),
    "readings": N_("Readings followed where the rulebooks disagree"),
    "reference": N_("The full reference, in this language:"),
    "footer": N_("Every line names its rule: look a rule up by its ID."),
}


#: A stated action's cost, as a label and its value (Chinese wants a full-width colon).
PRICE = N_("Cost: {cost}")

#: The head cell of a row of costs in a game's table.
COST = Message(CORE, HEADINGS["cost"])


def _text(value: Text | None, lang: str) -> str:
    if value is None:
        return ""
    return value.render(lang) if isinstance(value, Localized) else str(value)


def _rule_line(game: Game, rule_id: str, lang: str) -> dict[str, str]:
    rule = game.rule(rule_id)
    if rule is None:
        raise AidError(f"{game.id}: the aid names {rule_id}, which is not a rule")
    title = game._(lang, rule.title)
    return {"id": rule.id, "title": title, "text": _without_title(title, game._(lang, rule.text))}


def _without_title(title: str, text: str) -> str:
    """A rule text that opens with its own title ("Triage: when moving…") without it: the
    aid prints the title just before, and "Triage Triage: when…" reads as a slip."""
    for colon in (": ", "："):
        head = title + colon
        if text.startswith(head) and len(text) > len(head):
            rest = text[len(head) :]
            return rest[0].upper() + rest[1:]
    return text


def player_counts(game: Game, players: int | None) -> tuple[int, ...]:
    """The numbers of players the figures are given for: ``players`` alone, or every one
    the game allows. Raises :class:`AidError` for a number the game does not allow."""
    low, high = game.players
    if players is None:
        return tuple(range(low, high + 1))
    if not low <= players <= high:
        raise AidError(f"{game.id} is played by {low} to {high} players, not {players}")
    return (players,)


def build_sheet(game: Game, parts: AidParts, lang: str, players: int | None = None) -> Sheet:
    """The aid of ``game`` in ``lang``, its figures for ``players`` (or for every count)."""
    counts = player_counts(game, players)
    sheet = Sheet(
        game=game.id,
        lang=lang,
        html_lang=HTML_LANG[lang],
        title=game._(lang, game.name),
        players=players,
        counts=counts,
        headings={k: Message(CORE, v).render(lang) for k, v in HEADINGS.items()},
    )
    sheet.headings["language"] = LANG_NAMES[lang]
    if players is not None:
        count = N_plural("{count} player", "{count} players")
        sheet.headings["count"] = Message(CORE, count, {"count": players}).render(lang)
    sheet.turn = [_rule_line(game, r, lang) for r in parts.TURN]
    for action in parts.actions(game):
        line = _rule_line(game, action.rule, lang)
        gives = _text(action.gives, lang)
        row = {
            "id": line["id"],
            "name": _text(action.name, lang) or line["title"],
            "cost": _text(action.cost, lang) or "—",
            "gives": gives or line["text"],
        }
        row["price"] = Message(CORE, PRICE, {"cost": row["cost"]}).render(lang)
        (sheet.actions if gives else sheet.stated).append(row)
    for table in parts.tables(game):
        line = _rule_line(game, table.rule, lang)
        sheet.tables.append(
            {
                "id": line["id"],
                "title": line["title"],
                "head": [_text(c, lang) for c in table.cells(table.head, players)],
                "rows": [[_text(c, lang) for c in table.cells(r, players)] for r in table.rows],
            }
        )
    for figure in parts.figures(game):
        line = _rule_line(game, figure.rule, lang)
        values = [_text(figure.values.get(n), lang) or "—" for n in counts]
        sheet.figures.append({"id": line["id"], "title": line["title"], "values": values})
    sheet.end = [_rule_line(game, r, lang) for r in parts.END]
    sheet.readings = [
        {
            "id": d.id,
            "rules": ("、" if lang == "zh_TW" else ", ").join(d.rules),
            "title": game._(lang, d.title),
            "ruling": game._(lang, d.ruling),
        }
        for d in game.disputes
    ]
    return sheet
