"""Hospital geometry on the square grid: doors, connections, groups, enclosure, stations."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from .models import LooseTile, Player, Rotation, State, Tile

SIDES = ("N", "E", "S", "W")
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
Pos = tuple[int, int]


def turn(doors: Iterable[str], rotation: int) -> tuple[str, ...]:
    """The sides that carry a door once a tile printed with ``doors`` is turned clockwise,
    in the order N, E, S, W. A tuple, not a set: a set of strings iterates in an order that
    changes from one process to the next (string hashing), and the picture draws the doors
    in this order, so the same state gave a different SVG in each process."""
    steps = (rotation // 90) % 4
    turned = {SIDES[(SIDES.index(d) + steps) % 4] for d in doors}
    return tuple(side for side in SIDES if side in turned)


def neighbour(pos: Pos, side: str) -> Pos:
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


@dataclass
class Layout:
    """A hospital's tiles as a grid: what touches what."""

    tiles: dict[Pos, Tile]
    doors: dict[Pos, tuple[str, ...]]
    overlaps: list[Pos] = field(default_factory=list)
    _links: dict[Pos, list[Pos]] | None = None
    _adj: dict[Pos, list[Pos]] | None = None

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> Layout:
        grid: dict[Pos, Tile] = {}
        doors: dict[Pos, tuple[str, ...]] = {}
        overlaps = []
        for t in tiles:
            pos = (t.x, t.y)
            if pos in grid:
                overlaps.append(pos)
                continue
            grid[pos] = t
            doors[pos] = turn(t.doors, t.rotation)
        return cls(grid, doors, overlaps)

    def connected(self, a: Pos, side: str) -> bool:
        """Whether the tile at ``a`` meets a neighbour door to door on ``side``."""
        b = neighbour(a, side)
        return b in self.tiles and side in self.doors[a] and OPPOSITE[side] in self.doors[b]

    def _graph(self) -> None:
        links: dict[Pos, list[Pos]] = {}
        adj: dict[Pos, list[Pos]] = {}
        tiles, doors = self.tiles, self.doors
        for (x, y), mine in doors.items():
            here_links: list[Pos] = []
            here_adj: list[Pos] = []
            for side, (dx, dy) in STEP.items():
                other = (x + dx, y + dy)
                if other in tiles:
                    here_adj.append(other)
                    if side in mine and OPPOSITE[side] in doors[other]:
                        here_links.append(other)
            links[(x, y)] = here_links
            adj[(x, y)] = here_adj
        self._links, self._adj = links, adj

    def connections(self, a: Pos) -> list[Pos]:
        if self._links is None:
            self._graph()
        assert self._links is not None
        return self._links.get(a, [])

    def adjacent(self, a: Pos) -> list[Pos]:
        if self._adj is None:
            self._graph()
        assert self._adj is not None
        return self._adj.get(a, [])

    def lobby(self) -> Pos | None:
        return next((p for p, t in self.tiles.items() if t.kind == "lobby"), None)

    def reach(self, start: Pos, *, doors: bool) -> set[Pos]:
        seen = {start}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in self.connections(here) if doors else self.adjacent(here):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def groups(self) -> int:
        left = set(self.tiles)
        count = 0
        while left:
            count += 1
            left -= self.reach(next(iter(left)), doors=False)
        return count

    def lobby_open(self) -> bool:
        """Whether an empty square beside the lobby opens onto the outside of the hospital."""
        lobby = self.lobby()
        if lobby is None:
            return True
        xs = [p[0] for p in self.tiles]
        ys = [p[1] for p in self.tiles]
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        for side in SIDES:
            nx, ny = neighbour(lobby, side)
            if (nx, ny) not in self.tiles and (nx in (x0, x1) or ny in (y0, y1)):
                return True
        start = (x0, y0)
        outside = {start}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for side in SIDES:
                nxt = neighbour(here, side)
                if (
                    x0 <= nxt[0] <= x1
                    and y0 <= nxt[1] <= y1
                    and nxt not in self.tiles
                    and nxt not in outside
                ):
                    outside.add(nxt)
                    todo.append(nxt)
        return any(neighbour(lobby, s) in outside for s in SIDES)

    def stations(self) -> list[Pos]:
        """Complete nurse stations, each named by its south-west tile."""
        return [
            (x, y)
            for (x, y) in self.tiles
            if (x + 1, y) in self.tiles
            and (x, y + 1) in self.tiles
            and (x + 1, y + 1) in self.tiles
        ]

    @staticmethod
    def station_tiles(corner: Pos) -> list[Pos]:
        x, y = corner
        return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]

    def stations_of(self, pos: Pos) -> list[Pos]:
        x, y = pos
        return [
            c for c in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)) if c in set(self.stations())
        ]

    def quarantined(self) -> list[Pos]:
        return [p for p, t in self.tiles.items() if t.grey]

    def working(self, kind: str) -> list[Pos]:
        """Positions of tiles of ``kind`` that are not quarantined."""
        return [p for p, t in self.tiles.items() if t.kind == kind and not t.grey]

    def has(self, kind: str) -> bool:
        return any(t.kind == kind for t in self.tiles.values())


def layout(state: State, index: int) -> Layout:
    """The layout of player ``index``'s hospital, computed once per parsed state."""
    key = f"layout{index}"
    found = state._cache.get(key)
    if found is None:
        found = Layout.of(state.players[index].hospital)
        state._cache[key] = found
    assert isinstance(found, Layout)
    return found


def player_layout(player: Player) -> Layout:
    return Layout.of(player.hospital)


def works(state: State, index: int, kind: str) -> bool:
    return bool(layout(state, index).working(kind))


def supply_room_colours(lay: Layout, working: bool = True) -> set[str]:
    """Colours whose treatment rooms take an extra patient thanks to a Supply Room.

    ``working=False`` counts a quarantined Supply Room too: patients already admitted
    thanks to it stay where they are.
    """
    colours: set[str] = set()
    rooms = (
        lay.working("supply_room")
        if working
        else [p for p, t in lay.tiles.items() if t.kind == "supply_room"]
    )
    for pos in rooms:
        for other in lay.connections(pos):
            tile = lay.tiles[other]
            if tile.kind == "treatment" and tile.colour:
                colours.add(tile.colour)
    return colours


def capacity(lay: Layout, pos: Pos, working: bool = True) -> int:
    tile = lay.tiles[pos]
    if tile.kind == "emergency":
        return 1
    if tile.kind != "treatment":
        return 0
    return 2 if tile.colour in supply_room_colours(lay, working) else 1


def place_tile(player: Player, tile: LooseTile, at: Sequence[int] | None, rotation: int) -> None:
    """Put ``tile`` on the square ``at``, turned ``rotation`` degrees (``None``: beside the
    hospital)."""
    if at is None:
        player.set_aside.append(tile)
    else:
        player.hospital.append(
            Tile(
                kind=tile.kind,
                colour=tile.colour,
                extra=tile.extra,
                x=at[0],
                y=at[1],
                rotation=cast(Rotation, rotation % 360),
                doors=list(tile.doors),
            )
        )


def tile_at(player: Player, pos: Pos) -> Tile | None:
    return next((t for t in player.hospital if (t.x, t.y) == pos), None)
