"""Imperial on the page: the map (drawn by ``picture.py``: units, flags and factories; a
tap on a region adds a unit, a flag or a factory there), the nations and players as
tables, and the labels of the editor's fields, kinds of action and example states.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...core.i18n import N_
from ...core.present import (
    Canvas,
    Drawn,
    Places,
    Presentation,
    lines,
    links_key,
    shrink,
    translator,
    width_of,
)
from .board import NATIONS, board
from .models import RONDEL
from .moves import book
from .picture import (
    COLOURS,
    GLYPHS,
    MAP_HEIGHT,
    PLACES,
    WIDTH,
    draw_borders,
    draw_pieces,
    draw_region,
    draw_route,
    marked_regions,
    nation_table,
    player_table,
)
from .touch import TOUCH

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
    "armaments": N_("Armaments factories"),
    "armies": N_("Armies"),
    "bank": N_("Bank"),
    "battles": N_("Battles"),
    "bond": N_("Bond"),
    "bonds": N_("Bonds"),
    "bonus": N_("Bonus"),
    "called_by": N_("Called by"),
    "cash": N_("Cash"),
    "chosen": N_("Space it had chosen"),
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
    "nation": N_("Nation"),
    "nations": N_("Nations"),
    "no_investor_card": N_("No investor card"),
    "opening": N_("Opening"),
    "power_points": N_("Power points"),
    "region": N_("Region"),
    "revenue": N_("Revenue"),
    "rondel": N_("Rondel"),
    "route": N_("Route"),
    "setup": N_("Setup"),
    "shipyard": N_("Shipyards"),
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

#: The titles of this game's own example states (by file name).
EXAMPLES = {
    "mid-game-counted": N_("Mid-game (everything counted)"),
    "expert-6p": N_("Variant for experienced players, 6 players"),
    "expert-opening": N_("Variant for experienced players: the opening bond purchases"),
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


def draw(state: Any, marked: set[str], lang: str, links: Any = False, names: Any = None) -> str:
    """The map in a box that pans (and zooms, with the page's script), then the nations and
    the players as tables. The pieces, the rondel and the tables are its :func:`layers`."""
    name = names or _plain
    parts = layers(state, marked, lang, links, name)
    canvas = Canvas(WIDTH, MAP_HEIGHT, _t(lang, "Imperial"), links=links)
    canvas.rect(0, 0, WIDTH, MAP_HEIGHT, fill="#f7f3ea")
    draw_borders(canvas)
    bad = marked_regions(state, marked)
    for region in PLACES:
        with canvas.link("/units", tap=f"/regions/{region}", place=f"region:{region}",
                         name=name("region", region)):  # fmt: skip
            draw_region(canvas, region, region in bad, name)
    canvas.parts.append(parts["pieces"])
    if isinstance(links, Places):
        draw_route(canvas, links.route)
    zoom = (
        f'<div class="zoom" hidden><button type="button" class="secondary small" '
        f'data-zoom="-1">{escape(_t(lang, "Zoom out"))}</button> <button type="button" '
        f'class="secondary small" data-zoom="1">{escape(_t(lang, "Zoom in"))}</button></div>'
    )
    return (
        f'<div class="panel wide">{zoom}<div class="map-scroll" tabindex="0" role="group" '
        f'aria-label="{escape(_t(lang, "Map"))}">{canvas.render()}</div>'
        f"{map_legend(lang, name)}</div>"
        + "".join(parts[layer] for layer in ("rondel", "nations", "players"))
    )


def layers(state: Any, marked: set[str], lang: str, links: Any = False, names: Any = None
           ) -> dict[str, str]:  # fmt: skip
    """What changes with the state (see ``Presentation.layers``): the pieces on the map (its
    regions, borders and names stay), the rondel, the nations and the players; each drawn
    once for the parts of the state it shows (see ``Drawn``)."""
    name = names or _plain
    drawn = links_key(links)
    key = None if drawn is None else (lang, drawn, frozenset(marked))
    panel = '<div class="panel" data-layer="{}">{}</div>'.format
    nations = state.nations.items()

    def pieces() -> str:
        canvas = Canvas(WIDTH, MAP_HEIGHT, "", links=links)
        draw_pieces(canvas, state, lang)
        return f'<g data-layer="pieces">{"".join(canvas.parts)}</g>'

    shown = {
        "pieces": (pieces, (
            tuple((nid, tuple(n.flags), tuple((f.region, f.kind) for f in n.factories))
                  for nid, n in nations),
            tuple((u.nation, u.kind, u.region, u.count) for u in state.units))),
        "rondel": (lambda: panel("rondel", draw_rondel(state, lang, links, name)),
                   (state.turn, tuple((nid, n.rondel) for nid, n in nations))),
        "nations": (lambda: panel("nations", nation_table(state, marked, lang, links, name)),
                    tuple((nid, n.government, n.treasury, n.rondel, n.power_points, n.tax)
                          for nid, n in nations)),
        "players": (lambda: panel("players", player_table(state, marked, lang, links, name)),
                    tuple((p.name, p.cash, tuple((b.nation, b.cost) for b in p.bonds))
                          for p in state.players)),
    }  # fmt: skip
    return {
        layer: DRAWN.get(None if key is None else (layer, key, parts), draw)
        for layer, (draw, parts) in shown.items()
    }


#: The layers drawn before (see ``Drawn``).
DRAWN = Drawn()


def _plain(kind: str, entity: str) -> str:
    return str(entity).replace("_", " ")


def map_legend(lang: str, name: Any) -> str:
    """What the map's marks stand for, each drawn as the map draws it (a unit in a filled
    box, a factory in a white one), in the reader's words."""
    kinds = [("unit", "army"), ("unit", "fleet"), ("building", "armaments"),
             ("building", "shipyard")]  # fmt: skip
    items = []
    for vocab, kind in kinds:
        letter = _t(lang, GLYPHS[kind], count="")
        words = _t(lang, "{letter} = {piece}", letter=letter, piece=name(vocab, kind))
        items.append(f"<li>{_swatch(kind, letter)} {escape(words)}</li>")
    note = escape(_t(lang, "The number after a letter: how many units stand there."))
    return f'<ul class="legend map-legend">{"".join(items)}<li>{note}</li></ul>'


def _swatch(kind: str, letter: str) -> str:
    if kind in ("army", "fleet"):
        corner = 2 if kind == "army" else 6
        box = f'<rect x="1" y="1" width="24" height="16" rx="{corner}" fill="#555"/>'
        ink = 'fill="#fff"'
    else:
        box = (
            '<rect x="4" y="1" width="18" height="16" fill="#fff" stroke="#555" stroke-width="2"/>'
        )
        ink = 'fill="#555" font-weight="bold"'
    return (
        f'<svg width="26" height="18" viewBox="0 0 26 18" aria-hidden="true">{box}'
        f'<text x="13" y="13.5" font-size="12" text-anchor="middle" {ink}>'
        f"{escape(letter)}</text></svg>"
    )


def draw_rondel(state: Any, lang: str, links: Any, name: Any) -> str:
    """The rondel's eight spaces, each with the nations whose marker stands there (on the
    dispute page a tap on a space chooses that action for the nation to move)."""
    title = _t(lang, "Rondel")
    canvas = Canvas(360, 34 + 2 * 66, title, links=links)
    canvas.text(6, 20, title, size=16, font_weight="bold")
    for number, space in enumerate(RONDEL):
        x, y = 4 + (number % 4) * 89, 30 + (number // 4) * 66
        label = name("rondel", space)
        with canvas.link(f"/nations/{state.turn}" if state.turn else "/nations",
                         place=f"rondel:{space}", name=label):  # fmt: skip
            canvas.rect(x, y, 85, 60, rx=4, fill="#f1ede3", stroke="#aaa")
            for line_number, line in enumerate(rondel_lines(label)):
                canvas.text(x + 5, y + 15 + line_number * 14, line, size=shrink(line, 10, 12),
                            fill="#333")  # fmt: skip
            here = [
                nid for nid in NATIONS if getattr(state.nations.get(nid), "rondel", None) == space
            ]
            for slot, nid in enumerate(here):
                canvas.rect(x + 6 + slot * 13, y + 40, 11, 11, fill=COLOURS[nid])
    return canvas.render()


def rondel_lines(label: str) -> list[str]:
    """A rondel space's name in two lines of about 14 letters, a bracket on a line of its
    own ("Maneuver" / "(first space)"); the caller makes a line over 10 smaller (Greek
    letters are wide)."""
    head, bracket, tail = label.partition(" (")
    if bracket and width_of(label) > 14:
        return [head, f"({tail}"]
    return lines(label, 14, 2)


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
        found.append((f"remove {nid}", _t(lang, REMOVE, nation=name("nation", nid))))
    return found


#: A brush: one unit of a nation fewer in the region tapped.
REMOVE = N_("{nation}: one unit fewer in the region tapped")


def remove_unit(data: Any, nid: str, region: str) -> str:
    """One army or fleet of ``nid`` fewer in ``region`` (an army first); the pointer of
    the units changed ("" when it has none there)."""
    units = data.get("units")
    if not isinstance(units, list):
        return ""
    mine = [
        (i, u) for i, u in enumerate(units)
        if isinstance(u, dict) and (u.get("nation"), u.get("region")) == (nid, region)
    ]  # fmt: skip
    if not mine:
        return ""
    index, unit = sorted(mine, key=lambda pair: pair[1].get("kind") != "army")[0]
    if int(unit.get("count", 1)) > 1:
        unit["count"] = int(unit["count"]) - 1
        return f"/units/{index}/count"
    del units[index]
    return "/units"


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
    if piece == "remove":
        return remove_unit(data, nid, region)
    if piece in ("army", "fleet"):
        return add_unit(data, nid, piece, region)
    if piece == "flag":
        return put_flag(nations, nid, region)
    if piece in ("armaments", "shipyard"):
        factories = nation.setdefault("factories", [])
        factories.append({"region": region, "kind": piece})
        return f"/nations/{nid}/factories/{len(factories) - 1}"
    return ""


def put_flag(nations: dict[str, Any], nid: str, region: str) -> str:
    """The flag of ``nid`` on ``region`` (another nation's there taken off)."""
    for other in nations.values():
        if isinstance(other, dict) and isinstance(other.get("flags"), list):
            other["flags"] = [r for r in other["flags"] if r != region]
    flags = nations[nid].setdefault("flags", [])
    flags.append(region)
    return f"/nations/{nid}/flags/{len(flags) - 1}"


def flag_follows(data: Any, nid: str, region: str) -> None:
    """A unit alone in a region outside the home provinces flags it, as at the end of a
    maneuver (IM-615, IM-616): its nation's flag goes there with the unit's tap."""
    nations, units = data.get("nations"), data.get("units")
    if region in board().home or not isinstance(nations, dict) or not isinstance(units, list):
        return
    here = {u.get("nation") for u in units if isinstance(u, dict) and u.get("region") == region}
    flags = nations[nid].get("flags")
    if here == {nid} and not (isinstance(flags, list) and region in flags):
        put_flag(nations, nid, region)


def add_unit(data: Any, nid: str, kind: str, region: str) -> str:
    """One more army or fleet of ``nid`` in ``region``: on its stack there, or a new one;
    alone there, outside a home province, with its nation's flag."""
    units = data.setdefault("units", [])
    if not isinstance(units, list):
        return ""
    for index, unit in enumerate(units):
        where = (
            [unit.get(k) for k in ("nation", "kind", "region")] if isinstance(unit, dict) else []
        )
        if where == [nid, kind, region]:
            unit["count"] = int(unit.get("count", 1)) + 1
            flag_follows(data, nid, region)
            return f"/units/{index}/count"
    units.append({"nation": nid, "kind": kind, "region": region, "count": 1})
    flag_follows(data, nid, region)
    return f"/units/{len(units) - 1}"


PRESENT = Presentation(
    draw=draw, brushes=brushes, tap=tap, fields=FIELDS, moves=book.labels(),
    player_fields=PLAYER_FIELDS, entity_fields=ENTITY_FIELDS, examples=EXAMPLES, touch=TOUCH,
    layers=layers,
)  # fmt: skip
