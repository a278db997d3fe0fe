"""The Imperial board: regions, adjacencies and their confidence, loaded from ``map.json``.

The map ships as package data (``map.json`` beside this module, in the structure of the
project's shared ``imperial-map.json``). Nobody here could check every border against a
printed board, so every adjacency keeps its confidence (``high``, ``medium``, ``low``).

Correcting the map without touching code
----------------------------------------
Set the environment variable ``ADJUDICATOR_IMPERIAL_MAP`` to a JSON file. It is either

* a whole replacement map, in the same structure as ``map.json`` (it has a ``regions``
  key), or
* an overrides file with any of these keys::

      {"add_edges":    [{"a": "sweden", "b": "north_sea", "kind": "land_sea",
                         "confidence": "high", "sources": ["my board"]}],
       "remove_edges": [{"a": "london", "b": "north_atlantic"}],
       "anchor_seas":  {"brest": "bay_of_biscay"}}

The file is read again whenever the variable's value changes, so tests and long-running
servers pick a corrected map up. Where the map and the Greek rulebook (seed 002)
disagree, the rulebook wins: :data:`RULEBOOK_EDGES` and :data:`RULEBOOK_NON_EDGES` are
applied last, after any correction.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

MAP_ENV = "ADJUDICATOR_IMPERIAL_MAP"
MAP_FILE = Path(__file__).with_name("map.json")

NATIONS: tuple[str, ...] = ("AH", "IT", "FR", "GB", "GE", "RU")
NATION_NAMES = {
    "AH": "Austria-Hungary",
    "IT": "Italy",
    "FR": "France",
    "GB": "Great Britain",
    "GE": "Germany",
    "RU": "Russia",
}

#: Borders the Greek rulebook states itself (FAQ and worked examples): always adjacent.
RULEBOOK_EDGES: tuple[tuple[str, str, str], ...] = (
    ("bulgaria", "turkey", "land_land"),
    ("vienna", "venice", "land_land"),
    ("english_channel", "north_atlantic", "sea_sea"),
    ("english_channel", "bay_of_biscay", "sea_sea"),
    ("english_channel", "north_sea", "sea_sea"),
)
#: Pairs the Greek rulebook says an army cannot cross without a convoy.
RULEBOOK_NON_EDGES: tuple[tuple[str, str], ...] = (("sweden", "denmark"), ("spain", "morocco"))


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    kind: str
    confidence: str
    sources: tuple[str, ...] = ()
    note: str = ""


@dataclass
class Board:
    """The regions and borders of the map, with quick lookups."""

    home: dict[str, str] = field(default_factory=dict)  # province -> nation
    city: dict[str, str] = field(default_factory=dict)  # province -> armaments | shipyard
    anchor: dict[str, str] = field(default_factory=dict)  # port province -> anchor sea
    neutral: frozenset[str] = frozenset()
    seas: frozenset[str] = frozenset()
    impassable: frozenset[str] = frozenset()
    edges: dict[frozenset[str], Edge] = field(default_factory=dict)
    land_adj: dict[str, frozenset[str]] = field(default_factory=dict)
    sea_adj: dict[str, frozenset[str]] = field(default_factory=dict)  # sea -> seas
    coast: dict[str, frozenset[str]] = field(default_factory=dict)  # land <-> seas
    homes_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    starting_factories: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    supply: dict[str, dict[str, int]] = field(default_factory=dict)
    flag_cards: dict[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    source: str = "map.json"

    @cached_property
    def regions(self) -> frozenset[str]:
        """Every region of the map (computed once: a board is not changed once built, and
        every region of a parsed state is looked up here)."""
        return frozenset(self.home) | self.neutral | self.seas | self.impassable

    @cached_property
    def land(self) -> frozenset[str]:
        return frozenset(self.home) | self.neutral

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.edges

    def confidence(self, a: str, b: str) -> str | None:
        edge = self.edges.get(frozenset((a, b)))
        return edge.confidence if edge else None

    def is_port(self, region: str) -> bool:
        return self.city.get(region) == "shipyard"


def _edge(entry: dict[str, Any]) -> Edge:
    return Edge(
        a=str(entry["a"]),
        b=str(entry["b"]),
        kind=str(entry.get("kind", "")),
        confidence=str(entry.get("confidence", "high")),
        sources=tuple(entry.get("sources", ())),
        note=str(entry.get("note", "")),
    )


def build_board(data: dict[str, Any], overrides: dict[str, Any] | None = None) -> Board:
    """A :class:`Board` from map data (and optional overrides)."""
    board = Board()
    for rid, reg in data["regions"].items():
        kind = reg.get("kind")
        if kind == "home_province":
            board.home[rid] = reg["nation"]
            board.city[rid] = reg["city"]
            if isinstance(reg.get("anchor_sea"), dict):
                board.anchor[rid] = reg["anchor_sea"]["sea"]
        elif kind == "sea_region":
            board.seas |= {rid}
        elif kind == "impassable":
            board.impassable |= {rid}
        else:
            board.neutral |= {rid}
    edges = [_edge(e) for e in data["adjacency"]["edges"]]
    overrides = overrides or {}
    removed = {frozenset((e["a"], e["b"])) for e in overrides.get("remove_edges", ())}
    edges = [e for e in edges if frozenset((e.a, e.b)) not in removed]
    edges += [_edge(e) for e in overrides.get("add_edges", ())]
    for port, sea in (overrides.get("anchor_seas") or {}).items():
        board.anchor[port] = sea
    for a, b, kind in RULEBOOK_EDGES:
        edges.append(Edge(a, b, kind, "high", ("002",), "stated by the rulebook"))
    non_edges = {frozenset(p) for p in RULEBOOK_NON_EDGES}
    kept: dict[frozenset[str], Edge] = {}
    for e in edges:
        key = frozenset((e.a, e.b))
        if key in non_edges or board.impassable & key or len(key) != 2:
            continue
        if key not in kept or e.confidence == "high":
            kept[key] = e
    board.edges = kept
    land, seas = board.land, board.seas
    land_adj: dict[str, set[str]] = {r: set() for r in land}
    sea_adj: dict[str, set[str]] = {r: set() for r in seas}
    coast: dict[str, set[str]] = {r: set() for r in land | seas}
    for key in kept:
        a, b = sorted(key)
        if a in land and b in land:
            land_adj[a].add(b)
            land_adj[b].add(a)
        elif a in seas and b in seas:
            sea_adj[a].add(b)
            sea_adj[b].add(a)
        elif (a in land and b in seas) or (a in seas and b in land):
            coast[a].add(b)
            coast[b].add(a)
    board.land_adj = {k: frozenset(v) for k, v in land_adj.items()}
    board.sea_adj = {k: frozenset(v) for k, v in sea_adj.items()}
    board.coast = {k: frozenset(v) for k, v in coast.items()}
    for nation in data["nations"]:
        nid = nation["id"]
        board.homes_of[nid] = tuple(nation["home_provinces"])
        board.starting_factories[nid] = tuple(
            (f["province"], f["type"]) for f in nation["starting_factories"]
        )
        board.supply[nid] = dict(nation["unit_supply"])
    for nid, cards in data["flag_card_starting_bonds"]["cards"].items():
        board.flag_cards[nid] = tuple((c["nation"], int(c["cost"])) for c in cards)
    return board


@lru_cache(maxsize=4)
def _load(path: str) -> Board:
    base = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    if not path:
        return build_board(base)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    board = build_board(data) if "regions" in data else build_board(base, data)
    board.source = path
    return board


@dataclass(frozen=True)
class Components:
    """What the box holds (rulebook p. 4, as ``components_3rd_edition`` of the map data)."""

    bonds: int
    flags_per_nation: int
    factories: dict[str, int]  # armaments | shipyard -> pieces
    bank_notes: dict[int, int]  # face value -> notes

    @property
    def money(self) -> int:
        return sum(value * notes for value, notes in self.bank_notes.items())


@lru_cache(maxsize=1)
def components() -> Components:
    data = json.loads(MAP_FILE.read_text(encoding="utf-8"))["components_3rd_edition"]
    return Components(
        bonds=int(data["bonds"]),
        flags_per_nation=int(data["flags_per_nation"]),
        factories={
            "armaments": int(data["factories"]["armaments_brown"]),
            "shipyard": int(data["factories"]["shipyards_light_blue"]),
        },
        bank_notes={int(k): int(v) for k, v in data["bank_notes"].items()},
    )


def board() -> Board:
    """The board in use: ``map.json``, or the file named by ``ADJUDICATOR_IMPERIAL_MAP``."""
    return _load(os.environ.get(MAP_ENV, ""))


def doubtful_edges() -> list[Edge]:
    """The adjacencies whose confidence is not ``high``, for the reference."""
    return sorted(
        (e for e in board().edges.values() if e.confidence != "high"), key=lambda e: (e.a, e.b)
    )
