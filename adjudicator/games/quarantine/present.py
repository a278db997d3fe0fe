"""Quarantine on the page: each player's hospital grid, with doors, nurse stations and
quarantined tiles (a tap on a cell places, turns or removes a tile), and the labels."""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_
from ...core.present import MARK, Canvas, Presentation, is_marked, shrink, stroke, translator
from .geometry import Layout, turn
from .models import COLOURS, SPECIAL_KINDS
from .moves import book
from .picture import draw_market
from .touch import TOUCH

DOMAIN = "quarantine"
_t = translator(DOMAIN)

#: The labels of the fields particular to this game (the JSON key and its label).
FIELDS = {
    "actions_used": N_("Actions used"),
    "at": N_("At [x, y]"),
    "bag": N_("Bag"),
    "bag_holder": N_("Bag holder"),
    "bought_special": N_("Special rooms bought"),
    "bought_treatment": N_("Treatment rooms bought"),
    "box": N_("Box"),
    "cafeteria_used": N_("Cafeteria used"),
    "claimable": N_("Claimable"),
    "contracts": N_("Contracts"),
    "corner": N_("Corner"),
    "cube_points": N_("Points for cubes"),
    "cubes": N_("Cubes"),
    "doors": N_("Doors"),
    "draws": N_("Draws"),
    "E": N_("East"),
    "emergency": N_("Emergency"),
    "empty_line": N_("Empty waiting line"),
    "end": N_("End of the game"),
    "extra": N_("Extra"),
    "final_rounds_left": N_("Final rounds left"),
    "first_round": N_("First round"),
    "grey_supply": N_("Grey cubes beside the market"),
    "hospital": N_("Hospital"),
    "index": N_("Index"),
    "keep": N_("Keep"),
    "line": N_("Waiting line"),
    "marker_supply": N_("Markers beside the market"),
    "markers": N_("Extra-action markers"),
    "markers_spent": N_("Markers spent"),
    "markers_taken": N_("Markers taken"),
    "N": N_("North"),
    "nurse_stations": N_("Nurse stations"),
    "on_call": N_("On call"),
    "pathology_used": N_("Pathology used"),
    "patients": N_("Patients"),
    "pay": N_("Pay"),
    "payment_to": N_("Payment to"),
    "price": N_("Price"),
    "renovated": N_("Renovated"),
    "rooms": N_("Rooms"),
    "rotation": N_("Rotation"),
    "round": N_("Round"),
    "S": N_("South"),
    "seller": N_("Seller"),
    "set_aside": N_("Set aside"),
    "special_kinds": N_("Special rooms in play"),
    "special_rooms": N_("Special rooms"),
    "spread": N_("Spread"),
    "steps": N_("Steps"),
    "supply": N_("Supply"),
    "tiles": N_("Tiles"),
    "triggered": N_("End triggered"),
    "W": N_("West"),
    "x": N_("x"),
    "y": N_("y"),
}

#: A move's ``type`` and its label (from its kind's module).
MOVES = book.labels()

#: Fields that name a player: their choices are the players of the state.
PLAYER_FIELDS = frozenset(["active", "bag_holder", "payment_to", "player", "seller"])

#: What a tap on the grid can do besides placing a tile.
TURN, REMOVE = N_("Turn the tile a quarter turn clockwise"), N_("Remove the tile")

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


def free_cells(player: Any) -> list[tuple[int, int]]:
    """The empty cells beside the hospital's tiles, where a tap may place one."""
    taken = {(t.x, t.y) for t in player.hospital}
    found = {
        (t.x + dx, t.y + dy)
        for t in player.hospital
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
    }
    return sorted(cell for cell in found - taken if all(-100 <= c <= 100 for c in cell))


def grid_bounds(player: Any, links: Any) -> tuple[int, int, int, int]:
    """The cells the panel shows: the tiles, and with links the free cells around them."""
    x0, x1, y0, y1 = bounds(player.hospital)
    return (x0 - 1, x1 + 1, y0 - 1, y1 + 1) if links and player.hospital else (x0, x1, y0, y1)


def panel_size(player: Any, links: Any = False) -> tuple[float, float]:
    x0, x1, y0, y1 = grid_bounds(player, links)
    width = max((x1 - x0 + 1) * CELL + 2 * PAD, 300)
    return width, (y1 - y0 + 1) * CELL + HEAD + FOOT + PAD


def draw_tile(canvas: Canvas, tile: Any, left: float, top: float, bad: bool, names: Any) -> None:
    fill = TINT.get(tile.colour or "", "#fff8df") if tile.kind != "lobby" else "#ffffff"
    canvas.rect(left, top, CELL, CELL, fill=fill, **stroke(bad, "#777"))
    label = names("colour", tile.colour) if tile.kind == "treatment" else names("room", tile.kind)
    for number, line in enumerate(wrap(str(label), 10)[:2]):
        canvas.text(left + CELL / 2, top + 15 + number * 14, line, size=shrink(line, 9, FONT),
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


def tile_name(tile: Any, names: Any) -> str:
    """A tile as a screen reader names it: its room (a treatment room: its colour)."""
    room = names("colour", tile.colour) if tile.kind == "treatment" else names("room", tile.kind)
    return str(room)


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
        if width(line) > limit + 1 and all(ord(c) > 0x2E80 for c in line):
            pieces = -(-width(line) // limit)  # CJK in even pieces: 直升機／停機坪
            cut = -(-len(line) // pieces)
            out += [line[i : i + cut] for i in range(0, len(line), cut)]
            continue
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
    width, height = panel_size(player, canvas.links)
    bad = any(m == f"/players/{index}" for m in marked)
    canvas.rect(ox, oy, width, height, fill="#fbfaf7", rx=6, **stroke(bad, "#aaa"))
    with canvas.link(f"/players/{index}"):
        title = _t(lang, "Player {number} ({name})", number=index + 1, name=player.name[:30])
        canvas.text(ox + PAD, oy + 22, title, size=16, font_weight="bold")
    x0, _x1, _y0, y1 = grid_bounds(player, canvas.links)
    grid = Layout.of(player.hospital)

    def corner(x: float, y: float) -> tuple[float, float]:
        return ox + PAD + (x - x0) * CELL, oy + HEAD + (y1 + 1 - y) * CELL

    for number, tile in enumerate(player.hospital):
        left, top = corner(tile.x, tile.y + 1)
        path = f"/players/{index}/hospital/{number}"
        place = f"tile:{player.name}:{tile.x}:{tile.y}"
        with canvas.link(path, tap=path, place=place, name=tile_name(tile, names)):
            draw_tile(canvas, tile, left, top, is_marked(path, marked), names)
    for x, y in free_cells(player) if canvas.links else ():
        left, top = corner(x, y + 1)
        with canvas.link(f"/players/{index}/hospital", tap=f"/players/{index}/hospital/at/{x}/{y}"):
            canvas.rect(left + 3, top + 3, CELL - 6, CELL - 6, fill="#ffffff", fill_opacity=0.6,
                        stroke="#b9b2a3", stroke_dasharray="4 3")  # fmt: skip
            canvas.text(left + CELL / 2, top + CELL / 2 + 7, "+", size=20, text_anchor="middle",
                        fill="#8a8478")  # fmt: skip
    for sx, sy in grid.stations():
        cx, cy = corner(sx + 1, sy + 1)
        canvas.circle(cx, cy, 6, fill="#ffffff", stroke="#1f3a5f", stroke_width=2)
    line_bad = is_marked(f"/players/{index}/line", marked)
    base = oy + height - FOOT + 14
    with canvas.link(f"/players/{index}/line", place=f"line:{player.name}",
                     name=f"{_t(lang, 'Waiting line')} ({player.name})"):  # fmt: skip
        canvas.rect(ox + 2, base - 14, width - 4, FOOT - 4, rx=4, fill="#fbfaf7", stroke="none")
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
        width, height = panel_size(player, links)
        canvas = Canvas(int(width), int(height), player.name, links=links)
        draw_player(canvas, player, index, (0.0, 0.0), marked, lang, name)
        if links:  # with the free cells around it, the grid keeps its size and scrolls
            panels.append(f'<div class="panel"><div class="panel-scroll">{canvas.render(True)}'
                          "</div></div>")  # fmt: skip
        else:
            panels.append(f'<div class="panel">{canvas.render()}</div>')
    panels.append(draw_market(state, marked, lang, links, name))
    return "".join(panels)


def brushes(data: Any, name: Any, lang: str) -> list[tuple[str, str]]:
    """What a tap on a hospital cell does: place a tile of a kind, turn it or remove it."""
    room = name("room", "treatment")
    found = [
        (f"place treatment {c}", _t(lang, "Place: {room} ({colour})", room=room,
                                    colour=name("colour", c)))
        for c in COLOURS
    ]  # fmt: skip
    for kind in SPECIAL_KINDS:
        found.append((f"place {kind}", _t(lang, "Place: {room}", room=name("room", kind))))
    found += [(f"patient {c}", _t(lang, PATIENT, colour=name("colour", c))) for c in CUBE]
    found.append(("unpatient", _t(lang, NO_PATIENT)))
    return [*found, ("turn", _t(lang, TURN)), ("remove", _t(lang, REMOVE))]


#: Brushes for the cubes on a tile: a patient more (of a colour) or the last one off.
PATIENT = N_("Add a patient to the tile tapped: {colour}")
NO_PATIENT = N_("Take the last patient off the tile tapped")


#: The side of a tile that faces its neighbour at (dx, dy); y grows northwards.
FACING = {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}


def tap(data: Any, where: str, brush: str) -> str:
    """Apply ``brush`` at ``where``: a tile (``/players/0/hospital/3``) is replaced, turned or
    removed; a free cell (``/players/0/hospital/at/x/y``) gets a new tile, with doors
    towards its neighbours. The pointer of the part to show after ("" when nothing)."""
    parts = where.strip("/").split("/")
    try:
        index = int(parts[1])
        hospital = data["players"][index]["hospital"]
    except (IndexError, KeyError, TypeError, ValueError):
        return ""
    if parts[:1] != ["players"] or len(parts) < 4 or parts[2] != "hospital":
        return ""
    if not isinstance(hospital, list):
        return ""
    base = f"/players/{index}/hospital"
    if parts[3] == "at" and len(parts) == 6:
        placed = place(hospital, parts[4], parts[5], brush, base)
        if placed:
            from_market(data, hospital, hospital[-1])
        return placed
    try:
        tile = hospital[int(parts[3])]
    except (IndexError, ValueError):
        return ""
    if not isinstance(tile, dict):
        return ""
    return change(hospital, int(parts[3]), tile, brush, base)


def new_tile(brush: str) -> dict[str, Any] | None:
    """The kind (and colour) of tile a "place …" brush puts, or ``None``."""
    words = brush.split(" ")
    if words[:2] == ["place", "treatment"] and len(words) == 3 and words[2] in COLOURS:
        return {"kind": "treatment", "colour": words[2]}
    if words[0] == "place" and len(words) == 2 and words[1] in SPECIAL_KINDS:
        return {"kind": words[1]}
    return None


def place(hospital: list[Any], x: str, y: str, brush: str, base: str) -> str:
    tile = new_tile(brush)
    try:
        cx, cy = int(x), int(y)
    except ValueError:
        return ""
    taken = {(t.get("x"), t.get("y")) for t in hospital if isinstance(t, dict)}
    if tile is None or (cx, cy) in taken:
        return ""
    doors = [side for (dx, dy), side in FACING.items() if (cx + dx, cy + dy) in taken]
    hospital.append({**tile, "x": cx, "y": cy, "rotation": 0, "doors": doors})
    return f"{base}/{len(hospital) - 1}"


def from_market(data: Any, hospital: list[Any], tile: dict[str, Any]) -> None:
    """A room put on a free cell mid-game comes from its market stack (one fewer there): a
    special room always, a treatment room once the four starting ones are in the hospital
    (it is then an extra room, QU-205)."""
    if tile.get("kind") == "treatment":
        starting = {t.get("colour") for t in hospital[:-1] if isinstance(t, dict)
                    and t.get("kind") == "treatment" and not t.get("extra")}  # fmt: skip
        if not set(COLOURS) <= starting:
            return
        tile["extra"] = True
    market = data.get("market")
    for stack in market if isinstance(market, list) else []:
        same = isinstance(stack, dict) and stack.get("kind") == tile.get("kind")
        if same and stack.get("colour") == tile.get("colour") and stack.get("count", 0) > 0:
            stack["count"] -= 1
            return


def change(hospital: list[Any], number: int, tile: dict[str, Any], brush: str, base: str) -> str:
    if brush.startswith("patient ") and brush[len("patient ") :] in CUBE:
        tile.setdefault("patients", []).append(brush[len("patient ") :])
        return f"{base}/{number}/patients"
    if brush == "unpatient":
        patients = tile.get("patients")
        if not isinstance(patients, list) or not patients:
            return ""
        patients.pop()
        return f"{base}/{number}/patients"
    if brush == "remove":
        del hospital[number]
        return base
    if brush == "turn":
        tile["rotation"] = (int(tile.get("rotation", 0) or 0) + 90) % 360
        return f"{base}/{number}/rotation"
    kind = new_tile(brush)
    if kind is None:
        return ""
    tile.pop("colour", None)
    tile.update(kind)
    return f"{base}/{number}"


PRESENT = Presentation(
    draw=draw, brushes=brushes, tap=tap, fields=FIELDS, moves=MOVES, player_fields=PLAYER_FIELDS,
    touch=TOUCH,
)  # fmt: skip
