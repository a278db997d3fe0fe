"""Imperial on the page: a schematic map with units, flags and factories (a tap on a
region adds a unit, a flag or a factory there), the nations and players, and the labels.

The regions sit at rough geographic positions (longitude and latitude of their cities
or seas); the lines between them are the map's borders.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape
from typing import Any

from ...core.i18n import N_
from ...core.present import Canvas, Presentation, field_id, is_marked, stroke, translator
from .board import NATIONS, board

DOMAIN = "imperial"
_t = translator(DOMAIN)

#: Texts of the picture and its table heads.
TEXTS = (
    N_("Zoom in"), N_("Zoom out"), N_("Map"), N_("Nations"), N_("Players"), N_("Nation"),
    N_("Government"), N_("Treasury"), N_("Rondel"), N_("Power points"), N_("Tax"), N_("Player"),
    N_("Cash"), N_("Bonds"), N_("flag"), N_("{nation}: {piece}"),
)  # fmt: skip

#: The labels of the fields particular to this game (the JSON key and its label).
FIELDS = {
    "against": N_("Against"),
    "amount": N_("Amount"),
    "armies": N_("Armies"),
    "bank": N_("Bank"),
    "battles": N_("Battles"),
    "bond": N_("Bond"),
    "bonds": N_("Bonds"),
    "bonus": N_("Bonus"),
    "called_by": N_("Called by"),
    "cash": N_("Cash"),
    "claim": N_("Claim"),
    "destroy": N_("Destroy"),
    "expert": N_("Expert"),
    "factories": N_("Factories"),
    "first": N_("First"),
    "flags": N_("Flags"),
    "fleets": N_("Fleets"),
    "forced_by": N_("Forced by"),
    "from": N_("From"),
    "government": N_("Government"),
    "income": N_("Income"),
    "investments": N_("Investments"),
    "investor_card": N_("Investor card"),
    "maneuver_1": N_("Maneuver (first)"),
    "maneuver_2": N_("Maneuver (second)"),
    "nation": N_("Nation"),
    "nations": N_("Nations"),
    "no_investor_card": N_("No investor card"),
    "opening": N_("Opening"),
    "power_points": N_("Power points"),
    "production_1": N_("Production (first)"),
    "production_2": N_("Production (second)"),
    "region": N_("Region"),
    "revenue": N_("Revenue"),
    "rondel": N_("Rondel"),
    "route": N_("Route"),
    "setup": N_("Setup"),
    "spare": N_("Spare"),
    "spare_factories": N_("Factories left"),
    "stack": N_("Stack"),
    "stance": N_("Stance"),
    "stances": N_("Stances"),
    "standard": N_("Standard"),
    "swiss_bank": N_("Swiss bank"),
    "tax": N_("Tax"),
    "trade_in": N_("Trade in"),
    "treasury": N_("Treasury"),
    "units": N_("Units"),
    "variant": N_("Variant"),
}

#: A move's ``type`` and its label.
MOVES = {
    "factory": N_("Factory"),
    "import": N_("Import"),
    "investor": N_("Investor"),
    "maneuver": N_("Maneuver"),
    "production": N_("Production"),
    "taxation": N_("Taxation"),
    "transfer": N_("Transfer money"),
}

#: Fields that name a player: their choices are the players of the state.
PLAYER_FIELDS = frozenset(
    ["called_by", "forced_by", "government", "investor_card", "player", "target"]
)

#: Fields whose value is a game entity of a vocabulary kind (the schema leaves it open).
ENTITY_FIELDS: dict[str, str] = {
    "region": "region",
    "flags": "region",
    "factories": "region",
    "from": "region",
    "to": "region",
    "route": "region",
    "destroy": "region",
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
WIDTH, MAP_HEIGHT = 1000, 740


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
    for edge in board().edges.values():
        if edge.a in PLACES and edge.b in PLACES:
            (x1, y1), (x2, y2) = xy(edge.a), xy(edge.b)
            dash = "4 3" if "sea" in edge.kind else None
            canvas.line(x1, y1, x2, y2, stroke="#b9b2a3", stroke_width=1, stroke_dasharray=dash)


#: Labels moved off their neighbours' (dx, dy from the default place under the circle).
LABEL_SHIFT: dict[str, tuple[float, float]] = {
    "holland": (-42, -20),
    "belgium": (34, -2),
    "cologne": (36, -26),
    "trieste": (10, 6),
    "venice": (-34, -2),
    "london": (12, 0),
    "english_channel": (-10, 0),
    "danzig": (10, -50),
    "florence": (-14, 0),
    "genoa": (-10, -50),
    "dijon": (0, -50),
    "switzerland": (-6, 6),
    "munich": (-40, -4),
    "vienna": (-30, 0),
    "budapest": (14, 0),
    "prague": (-16, 0),
    "sheffield": (36, -8),
    "liverpool": (-20, 0),
}
LABEL_SIZE = 13


def draw_region(canvas: Canvas, region: str, bad: bool, names: Any = None) -> None:
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
    label = names("region", region) if names else region.replace("_", " ")
    canvas.text(x + dx, y + 32 + dy, label, size=LABEL_SIZE, text_anchor="middle", fill="#222",
                stroke="#f7f3ea", stroke_width=3, paint_order="stroke")  # fmt: skip


def draw_pieces(canvas: Canvas, state: Any) -> None:
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
            "A" if kind == "armaments" else "S",
            size=12,
            text_anchor="middle",
            fill=COLOURS[nid],
            font_weight="bold",
        )
    draw_units(canvas, state)


def draw_units(canvas: Canvas, state: Any) -> None:
    stacks: dict[str, list[tuple[int, Any]]] = defaultdict(list)
    for number, unit in enumerate(state.units):
        stacks[unit.region].append((number, unit))
    for region, units in stacks.items():
        x, y = xy(region)
        for index, (number, unit) in enumerate(units[:4]):
            ux = x - 14 + (index % 2) * 16
            uy = y - 8 + (index // 2) * 12
            label = ("A" if unit.kind == "army" else "F") + str(unit.count)
            fill = COLOURS[unit.nation]
            with canvas.link(f"/units/{number}"):
                canvas.rect(ux - 9, uy - 3, 19, 15, rx=2 if unit.kind == "army" else 6, fill=fill)
                canvas.text(ux + 0.5, uy + 9, label, size=12, text_anchor="middle", fill="#fff")


def link(links: Any, path: str, text: object) -> str:
    """``text`` (escaped) as a link to the field of ``path``, when the picture has links."""
    if not links:
        return escape(str(text))
    return f'<a href="#{escape(field_id(links, path))}">{escape(str(text))}</a>'


def table(caption: str, heads: list[str], rows: list[tuple[bool, list[str]]]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    body = "".join(
        ('<tr class="marked">' if bad else "<tr>")
        + "".join(f"<td>{c}</td>" for c in cells)
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
        bonds = ", ".join(f"{name('nation', b.nation)} {b.cost}" for b in player.bonds)
        cells = [link(links, f"/players/{row}", player.name), str(player.cash), escape(bonds)]
        rows.append((is_marked(f"/players/{row}", marked), cells))
    return table(_t(lang, "Players"), heads, rows)


def draw(state: Any, marked: set[str], lang: str, links: Any = False, names: Any = None) -> str:
    """The map in a box that pans (and zooms, with the page's script), then the nations and
    the players as tables."""
    name = names or (lambda kind, entity: str(entity).replace("_", " "))
    canvas = Canvas(WIDTH, MAP_HEIGHT, "Imperial", links=links)
    canvas.rect(0, 0, WIDTH, MAP_HEIGHT, fill="#f7f3ea")
    draw_borders(canvas)
    bad = marked_regions(state, marked)
    for region in PLACES:
        with canvas.link("/units", tap=f"/regions/{region}"):
            draw_region(canvas, region, region in bad, name)
    draw_pieces(canvas, state)
    zoom = (
        f'<div class="zoom" hidden><button type="button" class="secondary small" '
        f'data-zoom="-1">{escape(_t(lang, "Zoom out"))}</button> <button type="button" '
        f'class="secondary small" data-zoom="1">{escape(_t(lang, "Zoom in"))}</button></div>'
    )
    return (
        f'<div class="panel wide">{zoom}<div class="map-scroll" tabindex="0" role="group" '
        f'aria-label="{escape(_t(lang, "Map"))}">{canvas.render()}</div></div>'
        f'<div class="panel">{nation_table(state, marked, lang, links, name)}</div>'
        f'<div class="panel">{player_table(state, marked, lang, links, name)}</div>'
    )


#: What a tap on a region can add, by the brush's first word.
PIECES = ("army", "fleet", "flag", "armaments", "shipyard")


def brushes(data: Any, name: Any, lang: str) -> list[tuple[str, str]]:
    """What a tap on a region adds: a nation's army or fleet, its flag, or its factory."""
    nations = data.get("nations")
    found = []
    for nid in [n for n in NATIONS if isinstance(nations, dict) and n in nations]:
        for piece in PIECES:
            words = (
                _t(lang, "flag")
                if piece == "flag"
                else name("unit" if piece in ("army", "fleet") else "building", piece)
            )
            text = _t(lang, "{nation}: {piece}", nation=name("nation", nid), piece=words)
            found.append((f"{piece} {nid}", text))
    return found


def tap(data: Any, where: str, brush: str) -> str:
    """Add the piece of ``brush`` ("army AH", "flag GB", "shipyard IT") in the region of
    ``where`` (``/regions/<id>``); the pointer of what changed ("" when nothing did)."""
    piece, _, nid = brush.partition(" ")
    parts = where.strip("/").split("/")
    nations = data.get("nations")
    if len(parts) != 2 or parts[0] != "regions" or parts[1] not in PLACES:
        return ""
    if not isinstance(nations, dict) or not isinstance(nations.get(nid), dict):
        return ""
    region, nation = parts[1], nations[nid]
    if piece in ("army", "fleet"):
        return add_unit(data, nid, piece, region)
    if piece == "flag":
        for other in nations.values():
            if isinstance(other, dict) and isinstance(other.get("flags"), list):
                other["flags"] = [r for r in other["flags"] if r != region]
        flags = nation.setdefault("flags", [])
        flags.append(region)
        return f"/nations/{nid}/flags/{len(flags) - 1}"
    if piece in ("armaments", "shipyard"):
        factories = nation.setdefault("factories", [])
        factories.append({"region": region, "kind": piece})
        return f"/nations/{nid}/factories/{len(factories) - 1}"
    return ""


def add_unit(data: Any, nid: str, kind: str, region: str) -> str:
    """One more army or fleet of ``nid`` in ``region``: on its stack there, or a new one."""
    units = data.setdefault("units", [])
    if not isinstance(units, list):
        return ""
    for index, unit in enumerate(units):
        where = (
            [unit.get(k) for k in ("nation", "kind", "region")] if isinstance(unit, dict) else []
        )
        if where == [nid, kind, region]:
            unit["count"] = int(unit.get("count", 1)) + 1
            return f"/units/{index}/count"
    units.append({"nation": nid, "kind": kind, "region": region, "count": 1})
    return f"/units/{len(units) - 1}"


PRESENT = Presentation(
    draw=draw, brushes=brushes, tap=tap, fields=FIELDS, moves=MOVES,
    player_fields=PLAYER_FIELDS, entity_fields=ENTITY_FIELDS,
)  # fmt: skip
