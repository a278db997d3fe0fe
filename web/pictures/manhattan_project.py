"""The Manhattan Project: the central board's spaces and each player's board and tracks."""

from __future__ import annotations

import hashlib
from typing import Any

from adjudicator.core.i18n import N_
from adjudicator.games.manhattan_project.models import SPACES

from ..labels import FIELDS
from . import is_marked
from .svg import MARK, Canvas, _t, stroke

WIDTH = 1000
SPACE_W, SPACE_H, SPACE_COLUMNS = 196, 46, 5
PANEL_H = 150
NAMED = {
    "red": "#c0392b",
    "blue": "#2a5db0",
    "green": "#2e8b3a",
    "yellow": "#d4a900",
    "purple": "#7b3fa0",
    "orange": "#e07b00",
    "black": "#222222",
    "white": "#f4f4f4",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
}
TRACKS = ("money", "yellowcake", "uranium", "plutonium", "fighters", "bombers", "spies")
LABELS = {
    "money": N_("Money"),
    "yellowcake": N_("Yellowcake"),
    "uranium": N_("Enriched uranium"),
    "plutonium": N_("Plutonium"),
    "fighters": N_("Fighters"),
    "bombers": N_("Bombers"),
    "spies": N_("Espionage"),
    "points": N_("Points"),
}
LETTER = {"laborer": "L", "engineer": "E", "scientist": "S"}


def colour_of(name: str) -> str:
    if name.lower() in NAMED:
        return NAMED[name.lower()]
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()
    return f"#{digest[:6]}"


def draw_piece(canvas: Canvas, x: float, y: float, piece: Any) -> None:
    fill = colour_of(piece.colour)
    canvas.circle(x, y, 7, fill=fill, stroke="#333", stroke_width=0.8)
    text = "#000" if fill in ("#f4f4f4", "#d4a900") else "#fff"
    canvas.text(x, y + 3.5, LETTER.get(piece.kind, "?"), size=9, text_anchor="middle", fill=text)


def draw_space(canvas: Canvas, state: Any, space: str, origin: tuple[float, float],
               marked: set[str], lang: str) -> None:  # fmt: skip
    x, y = origin
    bad = is_marked(f"/board/{space}", marked)
    canvas.rect(x, y, SPACE_W - 8, SPACE_H, rx=4, fill="#f1ede3", **stroke(bad, "#aaa"))
    label = _t(lang, FIELDS[space]) if space in FIELDS else space
    canvas.text(x + 6, y + 14, label, size=10, fill="#444")
    for number, piece in enumerate(state.board.space(space)[:12]):
        draw_piece(canvas, x + 12 + number * 15, y + 32, piece)


def draw_board(canvas: Canvas, state: Any, marked: set[str], lang: str) -> float:
    canvas.text(10, 18, _t(lang, "Central board"), size=14, font_weight="bold")
    for index, space in enumerate(SPACES):
        col, row = index % SPACE_COLUMNS, index // SPACE_COLUMNS
        with canvas.link(f"/board/{space}"):
            draw_space(canvas, state, space, (10 + col * SPACE_W, 28 + row * (SPACE_H + 6)),
                       marked, lang)  # fmt: skip
    rows = (len(SPACES) + SPACE_COLUMNS - 1) // SPACE_COLUMNS
    return 28 + rows * (SPACE_H + 6) + 10


def draw_tracks(
    canvas: Canvas, player: Any, index: int, top: float, marked: set[str], lang: str
) -> None:
    values = [(name, getattr(player, name)) for name in TRACKS]
    values.append(("points", "—" if player.points is None else player.points))
    for number, (name, value) in enumerate(values):
        x = 20 + number * 118
        bad = is_marked(f"/players/{index}/{name}", marked)
        with canvas.link(f"/players/{index}/{name}"):
            canvas.text(x, top, _t(lang, LABELS[name]), size=10, fill=MARK if bad else "#555")
            canvas.text(
                x, top + 18, value, size=15, font_weight="bold", fill=MARK if bad else "#222"
            )
    for x, field, template in (
        (20, "workers", N_("Workers in supply: {laborers} L, {engineers} E, {scientists} S")),
        (520, "contractors", N_("Contractors: {laborers} L, {engineers} E, {scientists} S")),
    ):
        pieces = getattr(player, field)
        bad = is_marked(f"/players/{index}/{field}", marked)
        counts = {k: getattr(pieces, k) for k in ("laborers", "engineers", "scientists")}
        canvas.text(
            x, top + 40, _t(lang, template, **counts), size=11, fill=MARK if bad else "#333"
        )


def draw_building(canvas: Canvas, building: Any, x: float, top: float, bad: bool) -> None:
    canvas.rect(x, top, 62, 44, rx=3, fill="#fff", **stroke(bad, "#999"))
    canvas.text(x + 4, top + 12, (building.name or building.kind)[:11], size=8)
    for slot, piece in enumerate(building.occupants[:3]):
        draw_piece(canvas, x + 10 + slot * 15, top + 28, piece)
    if building.damage:
        canvas.text(x + 58, top + 42, f"✕{building.damage}", size=9, text_anchor="end", fill=MARK)


def draw_bomb(canvas: Canvas, bomb: Any, x: float, top: float, bad: bool) -> None:
    fill = "#fde2c4" if bomb.card.kind == "uranium" else "#e3d4f2"
    canvas.rect(x, top, 52, 44, rx=3, fill=fill, **stroke(bad, "#999"))
    canvas.text(x + 26, top + 18, f"☢ {bomb.card.points}", size=11, text_anchor="middle")
    canvas.text(x + 26, top + 34, "✓" if bomb.loaded else "", size=11, text_anchor="middle")


def draw_cards(canvas: Canvas, player: Any, index: int, top: float, marked: set[str]) -> None:
    x = 20.0
    for number, building in enumerate(player.buildings[:14]):
        path = f"/players/{index}/buildings/{number}"
        with canvas.link(path):
            draw_building(canvas, building, x, top, is_marked(path, marked))
        x += 66
    for number, bomb in enumerate(player.bombs[:6]):
        path = f"/players/{index}/bombs/{number}"
        with canvas.link(path):
            draw_bomb(canvas, bomb, x, top, is_marked(path, marked))
        x += 56


def draw_player(
    canvas: Canvas, player: Any, index: int, top: float, marked: set[str], lang: str
) -> None:
    bad = any(m == f"/players/{index}" for m in marked)
    canvas.rect(4, top, WIDTH - 8, PANEL_H - 8, rx=6, fill="#fbfaf7", **stroke(bad, "#bbb"))
    canvas.rect(4, top, 12, PANEL_H - 8, fill=colour_of(player.colour))
    with canvas.link(f"/players/{index}"):
        canvas.text(24, top + 20, player.colour[:30], size=14, font_weight="bold")
    draw_tracks(canvas, player, index, top + 40, marked, lang)
    draw_cards(canvas, player, index, top + 90, marked)


def draw(state: Any, marked: set[str], lang: str, links: Any = False) -> str:
    height = 28 + 4 * (SPACE_H + 6) + 10 + len(state.players) * PANEL_H + 10
    canvas = Canvas(WIDTH, int(height), "The Manhattan Project", links=links)
    top = draw_board(canvas, state, marked, lang)
    for index, player in enumerate(state.players):
        draw_player(canvas, player, index, top + index * PANEL_H, marked, lang)
    return canvas.render()
