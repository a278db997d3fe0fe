"""The Manhattan Project on the page: the central board's spaces and each player's board
and tracks (a tap on a space or a building puts a worker there), and the page labels."""

from __future__ import annotations

import hashlib
from typing import Any

from ...core.i18n import N_, Name
from ...core.present import (
    MARK,
    Canvas,
    Presentation,
    fit,
    is_marked,
    lines,
    shrink,
    stroke,
    translator,
    width_of,
)
from .models import SPACES
from .moves import book
from .touch import TOUCH, brushes, tap

DOMAIN = "manhattan-project"
_t = translator(DOMAIN)

#: The labels of the fields particular to this game (the JSON key and its label).
FIELDS = {
    "about": N_("About"),
    "air_strikes": N_("Air strikes"),
    "aircraft": N_("Aircraft"),
    "attacks": N_("Attacks"),
    "board": N_("Board"),
    "bomb": N_("Bomb"),
    "bomb_deck": N_("Bomb deck"),
    "bomb_row": N_("Bomb cards on display"),
    "bomber": N_("Bomber"),
    "bombers": N_("Bombers"),
    "bombs": N_("Bombs"),
    "bribe": N_("Bribe"),
    "building": N_("Building"),
    "building_deck": N_("Building deck"),
    "buildings": N_("Buildings"),
    "card": N_("Card"),
    "construction": N_("Construction"),
    "contractor": N_("Contractor"),
    "contractors": N_("Contractors"),
    "costs": N_("Costs"),
    "damage": N_("Damage"),
    "design_bomb": N_("Design bomb"),
    "design_closed": N_("Bomb design closed"),
    "drawn": N_("Drawn"),
    "engineers": N_("Engineers"),
    "enrichment": N_("Enrichment"),
    "espionage": N_("Espionage"),
    "fighter": N_("Fighter"),
    "fighters": N_("Fighters"),
    "fuel": N_("Fuel"),
    "game_over": N_("Game over"),
    "hand": N_("Hand"),
    "laborers": N_("Laborers"),
    "lasts": N_("Lasts"),
    "load_cost": N_("Load cost"),
    "loaded": N_("Loaded"),
    "loads": N_("Loads"),
    "longer": N_("Longer"),
    "market_prices": N_("Market prices"),
    "money": N_("Money"),
    "occupants": N_("Workers on it"),
    "other": N_("Something else"),
    "others": N_("Others"),
    "output": N_("Output"),
    "outputs": N_("Outputs"),
    "own": N_("Own"),
    "owner": N_("Owner"),
    "partner": N_("Partner"),
    "picks": N_("Picks"),
    "place": N_("Place workers"),
    "placed": N_("Workers placed"),
    "placing": N_("Placing"),
    "plutonium": N_("Plutonium"),
    "points": N_("Points"),
    "previous": N_("Previous turn"),
    "purple": N_("Purple"),
    "reactor": N_("Reactor"),
    "repair": N_("Repair"),
    "revealed": N_("Revealed"),
    "scientists": N_("Scientists"),
    "skip": N_("Skip"),
    "slot": N_("Slot"),
    "spied": N_("Buildings spied on"),
    "spies": N_("Espionage track"),
    "starting": N_("Starting building"),
    "step": N_("Step"),
    "test": N_("Test"),
    "test_markers": N_("Test markers"),
    "tested_points": N_("Points once tested"),
    "this_round": N_("This round"),
    "turns_played": N_("Turns played"),
    "uranium": N_("Enriched uranium"),
    "value": N_("Value"),
    "worker": N_("Worker"),
    "workers": N_("Workers"),
    "yellowcake": N_("Yellowcake"),
}

#: A move's ``type`` and its label (from its kind's module).
MOVES = book.labels()

#: Fields that name a player: their choices are the players of the state.
PLAYER_FIELDS = frozenset(["active", "owner", "partner", "player", "target"])


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
#: The letter of a worker on the picture (in each language, short enough for its circle).
LETTER = {"laborer": N_("L"), "engineer": N_("E"), "scientist": N_("S")}


def colour_of(name: str) -> str:
    if name.lower() in NAMED:
        return NAMED[name.lower()]
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()
    return f"#{digest[:6]}"


#: Panels are drawn 360 units wide, about the width of a phone, so that a 13-unit text
#: reads at 13 CSS px there; on a desktop the panels sit side by side.
WIDTH = 360
SPACE_W, SPACE_H, SPACE_COLUMNS = 176, 60, 2
FONT = 13


#: How far apart the pieces stand (a piece is a circle of radius 11).
STEP = 23


def draw_piece(canvas: Canvas, x: float, y: float, piece: Any, lang: str) -> None:
    fill = colour_of(piece.colour)
    canvas.circle(x, y, 11, fill=fill, stroke="#333", stroke_width=0.8)
    text = "#000" if fill in ("#f4f4f4", "#d4a900", "#8a8a8a") else "#fff"
    letter = _t(lang, LETTER[piece.kind]) if piece.kind in LETTER else "?"
    canvas.text(x, y + 4.5, letter, size=12, text_anchor="middle", fill=text)


def draw_space(canvas: Canvas, state: Any, space: str, origin: tuple[float, float],
               marked: set[str], lang: str) -> None:  # fmt: skip
    x, y = origin
    bad = is_marked(f"/board/{space}", marked)
    canvas.rect(x, y, SPACE_W - 6, SPACE_H, rx=4, fill="#f1ede3", **stroke(bad, "#aaa"))
    label = Name(DOMAIN, "space", space).render(lang)  # the name the verdicts use
    for number, line in enumerate(lines(label, 24, 2)):
        canvas.text(x + 5, y + 14 + number * 14, line, size=12, fill="#333")
    pieces = state.board.space(space)
    for number, piece in enumerate(pieces[:6]):
        draw_piece(canvas, x + 16 + number * STEP, y + 44, piece, lang)
    if len(pieces) > 6:
        canvas.text(x + SPACE_W - 10, y + 50, f"+{len(pieces) - 6}", size=12, text_anchor="end")


def draw_board(state: Any, marked: set[str], lang: str, links: Any) -> str:
    rows = (len(SPACES) + SPACE_COLUMNS - 1) // SPACE_COLUMNS
    canvas = Canvas(WIDTH, 34 + rows * (SPACE_H + 6), _t(lang, "Central board"), links=links)
    canvas.text(6, 20, _t(lang, "Central board"), size=16, font_weight="bold")
    for index, space in enumerate(SPACES):
        col, row = index % SPACE_COLUMNS, index // SPACE_COLUMNS
        label = _t(lang, FIELDS[space]) if space in FIELDS else space
        with canvas.link(f"/board/{space}", tap=f"/board/{space}", place=f"space:{space}",
                         name=label):  # fmt: skip
            draw_space(canvas, state, space, (4 + col * SPACE_W, 30 + row * (SPACE_H + 6)),
                       marked, lang)  # fmt: skip
    return canvas.render()


def draw_tracks(
    canvas: Canvas, player: Any, index: int, top: float, marked: set[str], lang: str
) -> float:
    values = [(name, getattr(player, name)) for name in TRACKS]
    values.append(("points", "—" if player.points is None else player.points))
    for number, (name, value) in enumerate(values):
        x, y = 10 + (number % 3) * 116, top + (number // 3) * 44
        bad = is_marked(f"/players/{index}/{name}", marked)
        aircraft = f"aircraft:{player.colour}:{name}" if name in ("fighters", "bombers") else ""
        with canvas.link(f"/players/{index}/{name}", place=aircraft, name=_t(lang, LABELS[name])):
            if aircraft:  # the part a mark outlines (a text's outline would blur it)
                canvas.rect(x - 5, y - 15, 110, 42, rx=4, fill="#fbfaf7", stroke="none")
            label = _t(lang, LABELS[name])
            canvas.text(x, y, label, size=shrink(label, 17, 12),
                        fill=MARK if bad else "#555")  # fmt: skip
            canvas.text(x, y + 20, value, size=17, font_weight="bold",
                        fill=MARK if bad else "#222")  # fmt: skip
    y = top + 140
    for field, template in (
        ("workers", N_("Workers in supply: {laborers} L, {engineers} E, {scientists} S")),
        ("contractors", N_("Contractors: {laborers} L, {engineers} E, {scientists} S")),
    ):
        pieces = getattr(player, field)
        bad = is_marked(f"/players/{index}/{field}", marked)
        counts = {k: getattr(pieces, k) for k in ("laborers", "engineers", "scientists")}
        with canvas.link(f"/players/{index}/{field}"):
            for line in lines(_t(lang, template, **counts), 50, 2):
                canvas.text(10, y, line, size=FONT, fill=MARK if bad else "#333")
                y += 17
        y += 4
    return y


CARD_W, CARD_H = 82, 58


def draw_building(
    canvas: Canvas, building: Any, x: float, top: float, bad: bool, name: str, lang: str
) -> None:
    canvas.rect(x, top, CARD_W - 4, CARD_H, rx=3, fill="#fff", **stroke(bad, "#999"))
    for number, line in enumerate(lines(name, 14, 2) if width_of(name) > 11 else [name]):
        canvas.text(x + 4, top + 14 + number * 12, line, size=shrink(line, 10, 12))
    for slot, piece in enumerate(getattr(building, "occupants", [])[:3]):
        draw_piece(canvas, x + 14 + slot * STEP, top + 40, piece, lang)
    if getattr(building, "damage", 0):
        canvas.text(x + CARD_W - 8, top + CARD_H - 5, f"✕{building.damage}", size=12,
                    text_anchor="end", fill=MARK)  # fmt: skip


def draw_bomb(canvas: Canvas, bomb: Any, x: float, top: float, bad: bool) -> None:
    fill = "#fde2c4" if bomb.card.kind == "uranium" else "#e3d4f2"
    canvas.rect(x, top, CARD_W - 4, CARD_H, rx=3, fill=fill, **stroke(bad, "#999"))
    canvas.text(x + 39, top + 24, f"☢ {bomb.card.points}", size=14, text_anchor="middle")
    canvas.text(x + 39, top + 46, "✓" if bomb.loaded else "", size=14, text_anchor="middle")


def card_name(card: Any, names: Any) -> str:
    kind = "enrichment-plant" if card.kind == "enrichment" else card.kind
    return str(names("building", kind)) if names else str(card.kind)


def draw_market(state: Any, marked: set[str], lang: str, links: Any, names: Any) -> str:
    """The building market: a card per slot with its price (a tap builds it, on the
    dispute page; on the check page it links to the slot's fields)."""
    slots = list(state.market)
    rows = max(1, (len(slots) + 3) // 4)
    title = _t(lang, "Building market")
    canvas = Canvas(WIDTH, 34 + rows * (CARD_H + 22), title, links=links)
    canvas.text(6, 20, title, size=16, font_weight="bold")
    prices = list(state.market_prices)
    for slot, card in enumerate(slots):
        x, y = 10 + (slot % 4) * CARD_W, 30 + (slot // 4) * (CARD_H + 22)
        price = f"${prices[slot]}" if slot < len(prices) else ""
        name = card_name(card, names) if card is not None else "—"
        path = f"/market/{slot}"
        with canvas.link(path, tap=path, place=f"market:{slot}", name=f"{price} {name}".strip()):
            if card is None:
                canvas.rect(x, y, CARD_W - 4, CARD_H, rx=3, fill="#f1ede3",
                            **stroke(is_marked(path, marked), "#bbb"))  # fmt: skip
            else:
                draw_building(canvas, card, x, y, is_marked(path, marked), name, lang)
            canvas.text(x + 2, y + CARD_H + 15, price, size=12, fill="#555")
    return canvas.render()


def card_rows(player: Any) -> int:
    cards = len(player.buildings[:16]) + len(player.bombs[:8])
    return max(1, (cards + 3) // 4)


def draw_cards(canvas: Canvas, player: Any, index: int, top: float, marked: set[str],
               names: Any, lang: str) -> None:  # fmt: skip
    places = [("buildings", n, b) for n, b in enumerate(player.buildings[:16])]
    places += [("bombs", n, b) for n, b in enumerate(player.bombs[:8])]
    for slot, (kind, number, card) in enumerate(places):
        x, y = 10 + (slot % 4) * CARD_W, top + (slot // 4) * (CARD_H + 6)
        path = f"/players/{index}/{kind}/{number}"
        building = kind == "buildings"
        name = card_name(card, names) if building else ""
        place = f"building:{player.colour}:{number}" if building else ""
        with canvas.link(path, tap=path if building else "", place=place, name=name):
            if building:
                draw_building(canvas, card, x, y, is_marked(path, marked), name, lang)
            else:
                draw_bomb(canvas, card, x, y, is_marked(path, marked))


def draw_player(player: Any, index: int, marked: set[str], lang: str, links: Any,
                name: str, names: Any = None) -> str:  # fmt: skip
    height = 52 + 140 + 42 + card_rows(player) * (CARD_H + 6) + 6
    canvas = Canvas(WIDTH, height, name, links=links)
    bad = any(m == f"/players/{index}" for m in marked)
    canvas.rect(1, 1, WIDTH - 2, height - 2, rx=6, fill="#fbfaf7", **stroke(bad, "#bbb"))
    canvas.rect(1, 1, 10, height - 2, fill=colour_of(player.colour))
    with canvas.link(f"/players/{index}"):
        canvas.text(18, 24, fit(name, 36), size=17, font_weight="bold")
    y = draw_tracks(canvas, player, index, 52, marked, lang)
    draw_cards(canvas, player, index, y - 4, marked, names, lang)
    return canvas.render()


def draw(state: Any, marked: set[str], lang: str, links: Any = False, names: Any = None) -> str:
    """The central board and one panel per player, the active player first."""
    name = names or (lambda kind, entity: entity)
    panels = [draw_board(state, marked, lang, links)]
    panels.append(draw_market(state, marked, lang, links, names))
    order = sorted(
        range(len(state.players)), key=lambda i: state.players[i].colour != state.turn.active
    )
    for index in order:
        player = state.players[index]
        title = _t(lang, "Player {number} ({name})", number=index + 1,
                   name=name("colour", player.colour))  # fmt: skip
        panels.append(draw_player(player, index, marked, lang, links, title, names))
    return "".join(f'<div class="panel">{panel}</div>' for panel in panels)


#: The titles of this game's own example states (by file name).
EXAMPLES = {"mid-turn": N_("Mid-turn (placing workers)")}

PRESENT = Presentation(
    draw=draw, brushes=brushes, tap=tap, fields=FIELDS, moves=MOVES,
    player_fields=PLAYER_FIELDS, examples=EXAMPLES, touch=TOUCH,
)  # fmt: skip
