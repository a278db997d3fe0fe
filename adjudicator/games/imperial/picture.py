"""Imperial's map as the page draws it: each region at a rough geographic place (the
longitude and latitude of its city or sea), the borders between them, and the units,
flags and factories on it (see ``present.py``, which puts it on the page).
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict
from html import escape
from typing import Any

from ...core.i18n import N_, join_items
from ...core.present import Canvas, field_id, is_marked, stroke, translator
from .board import NATIONS, board

_t = translator("imperial")

#: The letters the map prints on a factory and a unit (the unit's count follows).
GLYPHS = {
    # TRANSLATORS: one letter on the map: an armaments factory
    "armaments": N_("A"),
    # TRANSLATORS: one letter on the map: a shipyard
    "shipyard": N_("S"),
    # TRANSLATORS: a letter and a count on the map: a stack of armies
    "army": N_("A{count}"),
    # TRANSLATORS: a letter and a count on the map: a stack of fleets
    "fleet": N_("F{count}"),
}

#: Rough (longitude, latitude) of each region.
PLACES: dict[str, tuple[float, float]] = {
    "vienna": (16.4, 48.2),
    "budapest": (19.5, 47.3),
    "prague": (14.4, 50.3),
    "lemberg": (24.0, 49.6),
    "trieste": (15.8, 45.2),
    "rome": (12.5, 41.9),
    "naples": (15.6, 40.6),
    "florence": (11.0, 43.6),
    "genoa": (8.4, 44.6),
    "venice": (12.2, 45.9),
    "paris": (2.3, 48.9),
    "bordeaux": (-0.6, 44.8),
    "brest": (-4.0, 48.2),
    "dijon": (5.0, 47.3),
    "marseille": (5.4, 43.3),
    "london": (0.0, 51.5),
    "liverpool": (-3.2, 53.4),
    "sheffield": (-0.8, 54.2),
    "edinburgh": (-3.2, 56.4),
    "dublin": (-7.8, 53.3),
    "berlin": (13.4, 52.5),
    "hamburg": (10.0, 53.8),
    "munich": (11.6, 48.1),
    "cologne": (7.0, 50.9),
    "danzig": (18.6, 54.4),
    "moscow": (37.6, 55.8),
    "st_petersburg": (30.3, 59.9),
    "warsaw": (21.0, 52.2),
    "kiev": (30.5, 50.5),
    "odessa": (30.7, 46.5),
    "norway": (9.0, 61.0),
    "sweden": (16.0, 61.0),
    "denmark": (9.5, 56.2),
    "holland": (5.3, 52.5),
    "belgium": (4.0, 50.5),
    "portugal": (-8.5, 39.8),
    "spain": (-3.7, 40.4),
    "morocco": (-6.0, 33.5),
    "algeria": (3.0, 35.0),
    "tunis": (10.0, 35.0),
    "west_balkan": (19.0, 43.0),
    "greece": (22.0, 39.5),
    "bulgaria": (25.0, 42.6),
    "romania": (25.5, 45.6),
    "turkey": (31.0, 40.0),
    "north_atlantic": (-14.0, 50.0),
    "north_sea": (3.0, 56.5),
    "english_channel": (-3.5, 50.0),
    "bay_of_biscay": (-6.5, 45.5),
    "baltic_sea": (19.5, 57.5),
    "western_mediterranean": (3.5, 39.0),
    "ionian_sea": (17.5, 37.0),
    "eastern_mediterranean": (27.0, 34.0),
    "black_sea": (34.0, 43.5),
    "switzerland": (8.0, 46.8),
}
COLOURS = {
    "AH": "#c9a100",
    "IT": "#2e8b3a",
    "FR": "#2a5db0",
    "GB": "#c0392b",
    "GE": "#333333",
    "RU": "#7b3fa0",
}
TINTS = {
    "AH": "#f6ecbf",
    "IT": "#d5ecd8",
    "FR": "#d6e2f5",
    "GB": "#f5d8d4",
    "GE": "#dddddd",
    "RU": "#e6d8ee",
}
WIDTH, MAP_HEIGHT = 1000, 760


def xy(region: str) -> tuple[float, float]:
    lon, lat = PLACES.get(region, (40.0, 33.0))
    return (lon + 16) * 18, (62.5 - lat) * 24


def marked_regions(state: Any, marked: set[str]) -> set[str]:
    """The regions that a violation's path points into."""
    found = set()
    for index, unit in enumerate(state.units):
        if is_marked(f"/units/{index}", marked):
            found.add(unit.region)
    for nid, nation in state.nations.items():
        for index, region in enumerate(nation.flags):
            if is_marked(f"/nations/{nid}/flags/{index}", marked):
                found.add(region)
        for index, factory in enumerate(nation.factories):
            if is_marked(f"/nations/{nid}/factories/{index}", marked):
                found.add(factory.region)
    return found


def draw_borders(canvas: Canvas) -> None:
    canvas.parts.append(_borders())


@functools.cache
def _borders() -> str:
    """The borders' lines (the same on every map: drawn once)."""
    lines = Canvas(WIDTH, MAP_HEIGHT, "")
    for edge in board().edges.values():
        if edge.a in PLACES and edge.b in PLACES:
            (x1, y1), (x2, y2) = xy(edge.a), xy(edge.b)
            dash = "4 3" if "sea" in edge.kind else None
            lines.line(x1, y1, x2, y2, stroke="#b9b2a3", stroke_width=1, stroke_dasharray=dash)
    return "".join(lines.parts)


#: Labels moved off their neighbours' (dx, dy from the default place under the circle).
LABEL_SHIFT: dict[str, tuple[float, float]] = {
    "holland": (-56, -14),
    "belgium": (34, -2),
    "cologne": (36, -26),
    "trieste": (-4, 4),
    "venice": (-34, -2),
    "london": (-6, 0),
    "english_channel": (-10, 0),
    "danzig": (10, -50),
    "denmark": (40, -22),
    "florence": (-38, -6),
    "genoa": (-48, -26),
    "dijon": (0, -50),
    "switzerland": (-6, 6),
    "munich": (44, -20),
    "vienna": (-30, 0),
    "budapest": (14, 0),
    "prague": (-16, 0),
    "sheffield": (36, -8),
    "liverpool": (-20, 0),
}
LABEL_SIZE = 13


def draw_region(canvas: Canvas, region: str, bad: bool, names: Any = None) -> None:
    label = names("region", region) if names else region.replace("_", " ")
    canvas.parts.append(_region(region, bad, label))


@functools.lru_cache(maxsize=1024)
def _region(region: str, bad: bool, label: str) -> str:
    """A region's circle and name (the same on every map of that language: drawn once)."""
    canvas = Canvas(WIDTH, MAP_HEIGHT, "")
    x, y = xy(region)
    info = board()
    if region in info.seas:
        canvas.circle(x, y, 22, fill="#cfe3f3", **stroke(bad, "#7fa7c9"))
    elif region in info.impassable:
        canvas.circle(x, y, 12, fill="#bbbbbb", **stroke(bad))
    else:
        nation = info.home.get(region)
        canvas.circle(x, y, 16, fill=TINTS.get(nation or "", "#efe6cf"), **stroke(bad))
    dx, dy = LABEL_SHIFT.get(region, (0, 0))
    canvas.text(x + dx, y + 32 + dy, label, size=LABEL_SIZE, text_anchor="middle", fill="#222",
                stroke="#f7f3ea", stroke_width=3, paint_order="stroke")  # fmt: skip
    return "".join(canvas.parts)


def draw_pieces(canvas: Canvas, state: Any, lang: str = "en") -> None:
    flags: dict[str, str] = {}
    factories: dict[str, tuple[str, str]] = {}
    for nid, nation in state.nations.items():
        for region in nation.flags:
            flags[region] = nid
        for factory in nation.factories:
            factories[factory.region] = (nid, factory.kind)
    for region, nid in flags.items():
        x, y = xy(region)
        canvas.line(x + 8, y - 6, x + 8, y - 24, stroke="#333", stroke_width=1.5)
        canvas.polygon([(x + 8, y - 24), (x + 22, y - 20), (x + 8, y - 15)], fill=COLOURS[nid])
    for region, (nid, kind) in factories.items():
        x, y = xy(region)
        canvas.rect(x - 28, y - 28, 16, 16, fill="#fff", stroke=COLOURS[nid], stroke_width=2)
        canvas.text(
            x - 20,
            y - 15,
            _t(lang, GLYPHS[kind]),
            size=12,
            text_anchor="middle",
            fill=COLOURS[nid],
            font_weight="bold",
        )
    draw_units(canvas, state, lang)


def draw_units(canvas: Canvas, state: Any, lang: str = "en") -> None:
    stacks: dict[str, list[tuple[int, Any]]] = defaultdict(list)
    for number, unit in enumerate(state.units):
        stacks[unit.region].append((number, unit))
    for region, units in stacks.items():
        x, y = xy(region)
        for index, (number, unit) in enumerate(units[:4]):
            ux = x - 16 + (index % 2) * 22
            uy = y - 8 + (index // 2) * 16
            label = _t(lang, GLYPHS[unit.kind], count=unit.count)
            fill = COLOURS[unit.nation]
            with canvas.link(f"/units/{number}", place=f"region:{region}", focus=False):
                rounded = 2 if unit.kind == "army" else 6
                canvas.rect(ux - 10.5, uy - 3, 22, 15, rx=rounded, fill=fill)
                canvas.text(ux + 0.5, uy + 9, label, size=12, text_anchor="middle", fill="#fff")


def draw_route(canvas: Canvas, route: list[str]) -> None:
    """The route of the unit being moved (its places, ``region:…``): a line from region
    to region, dashed where it crosses a sea (a convoy), with an arrowhead at its end."""
    regions = [p.partition(":")[2] for p in route if p.startswith("region:")]
    regions = [r for r in regions if r in PLACES]
    for a, b in itertools.pairwise(regions):
        (x1, y1), (x2, y2) = xy(a), xy(b)
        sea = a in board().seas or b in board().seas
        canvas.line(x1, y1, x2, y2, stroke="#1d4f91", stroke_width=5, stroke_linecap="round",
                    stroke_dasharray="10 6" if sea else None, opacity=0.85)  # fmt: skip
    if len(regions) > 1:
        x, y = xy(regions[-1])
        canvas.circle(x, y, 7, fill="#1d4f91")


# --- the nations and the players, as tables ----------------------------------------------


def link(links: Any, path: str, text: object) -> str:
    """``text`` (escaped) as a link to the field of ``path``, when the picture has links."""
    if not links:
        return escape(str(text))
    return f'<a href="#{escape(field_id(links, path))}">{escape(str(text))}</a>'


def table(caption: str, heads: list[str], rows: list[tuple[bool, list[str]]]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    body = "".join(
        ('<tr class="marked">' if bad else "<tr>")
        + "".join(
            f'<td data-label="{escape(h)}">{c}</td>' for h, c in zip(heads, cells, strict=True)
        )
        + "</tr>"
        for bad, cells in rows
    )
    return (
        f'<div class="table-wrap" tabindex="0" role="region" aria-label="{escape(caption)}">'
        f'<table class="picture-table"><caption>{escape(caption)}'
        f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def nation_table(state: Any, marked: set[str], lang: str, links: Any, name: Any) -> str:
    heads = [
        _t(lang, k) for k in ("Nation", "Government", "Treasury", "Rondel", "Power points", "Tax")
    ]
    rows = []
    for nid in NATIONS:
        nation = state.nations.get(nid)
        if nation is None:
            continue
        swatch = f'<span class="swatch nation-{nid}"></span>'
        cells = [
            swatch + link(links, f"/nations/{nid}", name("nation", nid)),
            escape(nation.government or "—"),
            str(nation.treasury),
            escape(name("rondel", nation.rondel) if nation.rondel else "—"),
            str(nation.power_points),
            str(nation.tax),
        ]
        rows.append((is_marked(f"/nations/{nid}", marked), cells))
    return table(_t(lang, "Nations"), heads, rows)


def player_table(state: Any, marked: set[str], lang: str, links: Any, name: Any) -> str:
    heads = [_t(lang, "Player"), _t(lang, "Cash"), _t(lang, "Bonds")]
    rows = []
    for row, player in enumerate(state.players):
        bonds = join_items([f"{name('nation', b.nation)} {b.cost}" for b in player.bonds], lang)
        cells = [link(links, f"/players/{row}", player.name), str(player.cash), escape(bonds)]
        rows.append((is_marked(f"/players/{row}", marked), cells))
    return table(_t(lang, "Players"), heads, rows)
