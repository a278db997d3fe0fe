"""Quarantine: each player's hospital grid, with doors, nurse stations and quarantined tiles."""

from __future__ import annotations

from typing import Any

from adjudicator.games.quarantine.geometry import Layout, turn

from . import is_marked
from .svg import MARK, Canvas, _t, stroke

CELL = 72
PAD = 10
HEAD = 34
FOOT = 44
FONT = 12
CUBE = {"blue": "#2a6fdb", "red": "#d0342c", "green": "#2e9e48", "yellow": "#e0b400"}
TINT = {"blue": "#dbe7fb", "red": "#f8dad8", "green": "#d9f0de", "yellow": "#faf0c8"}
DOOR = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


def bounds(tiles: list[Any]) -> tuple[int, int, int, int]:
    if not tiles:
        return 0, 0, 0, 0
    xs = [t.x for t in tiles]
    ys = [t.y for t in tiles]
    return min(xs), max(xs), min(ys), max(ys)


def panel_size(player: Any) -> tuple[float, float]:
    x0, x1, y0, y1 = bounds(player.hospital)
    width = max((x1 - x0 + 1) * CELL + 2 * PAD, 300)
    return width, (y1 - y0 + 1) * CELL + HEAD + FOOT + PAD


def draw_tile(canvas: Canvas, tile: Any, left: float, top: float, bad: bool, names: Any) -> None:
    fill = TINT.get(tile.colour or "", "#fff8df") if tile.kind != "lobby" else "#ffffff"
    canvas.rect(left, top, CELL, CELL, fill=fill, **stroke(bad, "#777"))
    label = names("colour", tile.colour) if tile.kind == "treatment" else names("room", tile.kind)
    for number, line in enumerate(wrap(str(label), 10)[:2]):
        canvas.text(left + CELL / 2, top + 15 + number * 14, line, size=FONT,
                    text_anchor="middle", fill="#333")  # fmt: skip
    for side in turn(tile.doors, tile.rotation):
        dx, dy = DOOR[side]
        cx, cy = left + dx * CELL, top + dy * CELL
        horizontal = side in ("N", "S")
        canvas.rect(
            cx - (9 if horizontal else 3),
            cy - (3 if horizontal else 9),
            18 if horizontal else 6,
            6 if horizontal else 18,
            fill="#8a5a2b",
        )
    for index, colour in enumerate(tile.patients[:8]):
        canvas.circle(
            left + 12 + (index % 4) * 16,
            top + 46 + (index // 4) * 13,
            6,
            fill=CUBE.get(colour, "#999"),
        )
    if tile.grey:
        canvas.rect(left + 4, top + 4, CELL - 8, CELL - 8, fill="#7a7a7a", fill_opacity=0.55)
        canvas.line(left + 4, top + 4, left + CELL - 4, top + CELL - 4, stroke="#444")
        canvas.line(left + CELL - 4, top + 4, left + 4, top + CELL - 4, stroke="#444")


def wrap(text: str, limit: int) -> list[str]:
    """``text`` in lines of about ``limit`` characters (CJK counts double), broken at
    spaces; a longer word is broken with a hyphen (CJK without one)."""
    lines = [""]
    for word in text.split():
        joined = f"{lines[-1]} {word}".strip()
        if width(joined) <= limit or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(word)
    out: list[str] = []
    for line in lines:
        while width(line) > limit + 1:
            wide = any(ord(c) > 0x2E80 for c in line)
            cut = limit // 2 if wide else limit - 1
            out.append(line[:cut] + ("" if wide else "-"))
            line = line[cut:]
        out.append(line)
    return out


def width(text: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def draw_player(
    canvas: Canvas,
    player: Any,
    index: int,
    origin: tuple[float, float],
    marked: set[str],
    lang: str,
    names: Any,
) -> None:
    ox, oy = origin
    width, height = panel_size(player)
    bad = any(m == f"/players/{index}" for m in marked)
    canvas.rect(ox, oy, width, height, fill="#fbfaf7", rx=6, **stroke(bad, "#aaa"))
    with canvas.link(f"/players/{index}"):
        title = _t(lang, "Player {number} ({name})", number=index + 1, name=player.name[:30])
        canvas.text(ox + PAD, oy + 22, title, size=16, font_weight="bold")
    x0, _x1, _y0, y1 = bounds(player.hospital)
    grid = Layout.of(player.hospital)

    def corner(x: float, y: float) -> tuple[float, float]:
        return ox + PAD + (x - x0) * CELL, oy + HEAD + (y1 + 1 - y) * CELL

    for number, tile in enumerate(player.hospital):
        left, top = corner(tile.x, tile.y + 1)
        path = f"/players/{index}/hospital/{number}"
        with canvas.link(path):
            draw_tile(canvas, tile, left, top, is_marked(path, marked), names)
    for sx, sy in grid.stations():
        cx, cy = corner(sx + 1, sy + 1)
        canvas.circle(cx, cy, 6, fill="#ffffff", stroke="#1f3a5f", stroke_width=2)
    line_bad = is_marked(f"/players/{index}/line", marked)
    base = oy + height - FOOT + 14
    canvas.text(
        ox + PAD, base, _t(lang, "Waiting line"), size=13, fill=MARK if line_bad else "#333"
    )
    for number, colour in enumerate(player.line[:24]):
        canvas.rect(ox + PAD + number * 12, base + 8, 10, 10, fill=CUBE.get(colour, "#999"))


def draw(state: Any, marked: set[str], lang: str, links: Any = False, names: Any = None) -> str:
    """One panel per player's hospital, the active player first."""
    name = names or (lambda kind, entity: str(entity).replace("_", " "))
    order = sorted(range(len(state.players)),
                   key=lambda i: state.players[i].name != state.round.active)  # fmt: skip
    panels = []
    for index in order:
        player = state.players[index]
        width, height = panel_size(player)
        canvas = Canvas(int(width), int(height), player.name, links=links)
        draw_player(canvas, player, index, (0.0, 0.0), marked, lang, name)
        panels.append(f'<div class="panel">{canvas.render()}</div>')
    return "".join(panels)
