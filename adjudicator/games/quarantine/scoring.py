# ruff: noqa: E501
"""Final scoring of Quarantine, with the tie-breaks."""

from __future__ import annotations

from ...core.i18n import N_, Listed, Message, N_plural
from ...core.verdicts import Scoring
from .geometry import layout
from .models import SPECIAL_KINDS, State
from .vocab import say


def details(state: State, index: int) -> dict[str, int]:
    p = state.players[index]
    lay = layout(state, index)
    special = sum(t.kind in SPECIAL_KINDS for t in lay.tiles.values())
    stations = len(lay.stations())
    cubes = p.supply.coloured() + (p.supply.grey // 2 if lay.working("lab") else 0)
    empty = 0 if p.line else 1
    return {
        "special_rooms": special,
        "nurse_stations": stations,
        "cubes": cubes,
        "cube_points": cubes // 2,
        "empty_line": empty,
        "tiles": len(lay.tiles),
        "total": special + stations + cubes // 2 + empty,
    }


def player_list(names: list[str]) -> Listed:
    """Players' names joined as the reader's language joins a list ("Anna and Ben")."""
    return Listed(tuple(names))


def rank_key(row: dict[str, int]) -> tuple[int, int, int]:
    """Most points, then fewest tiles, then fewest nurse stations (QU-801, QU-802)."""
    return (-row["total"], row["tiles"], row["nurse_stations"])


def _cubes(count: int) -> Message:
    """The cubes a player scores for, as a count with its noun ("no cube" for none)."""
    if count == 0:
        return say(N_("no cube in the supply"))
    return say(N_plural("{count} cube", "{count} cubes"), count=count)


def score(state: State) -> Scoring:
    table = {p.name: details(state, i) for i, p in enumerate(state.players)}
    order = sorted(table, key=lambda n: rank_key(table[n]))
    winners = [n for n in order if rank_key(table[n]) == rank_key(table[order[0]])]
    steps = [
        say(
            N_plural(
                "{player}: {special} for special rooms, {stations} for complete nurse stations, {cube_points} for {cubes}, {empty} for an empty waiting line: {count} point.",
                "{player}: {special} for special rooms, {stations} for complete nurse stations, {cube_points} for {cubes}, {empty} for an empty waiting line: {count} points.",
            ),
            player=n,
            special=d["special_rooms"],
            stations=d["nurse_stations"],
            cubes=_cubes(d["cubes"]),
            cube_points=d["cube_points"],
            empty=d["empty_line"],
            count=d["total"],
        )
        for n, d in table.items()
    ]
    tiebreaks: list[Message] = []
    top = [n for n in order if table[n]["total"] == table[order[0]]["total"]]
    if len(top) > 1:
        tiebreaks.append(
            say(
                (
                    N_(
                        "{players} tie with no point: fewer tiles, then fewer nurse stations, decide."
                    )
                    if table[order[0]]["total"] == 0
                    else N_plural(
                        "{players} tie on {count} point: fewer tiles, then fewer nurse stations, decide.",
                        "{players} tie on {count} points: fewer tiles, then fewer nurse stations, decide.",
                    )
                ),
                players=player_list(top),
                count=table[order[0]]["total"],
            )
        )
    if len(winners) > 1:
        tiebreaks.append(
            say(
                N_("{players} are still tied after both tie-breaks and share the victory."),
                players=player_list(winners),
            )
        )
    return Scoring(
        scores={n: d["total"] for n, d in table.items()},
        ranking=order,
        final=state.end.over,
        steps=steps,
        tiebreaks=tiebreaks,
        details=table,
        winners=winners,
    )
