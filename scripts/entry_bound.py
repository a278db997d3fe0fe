#!/usr/bin/env python3
"""A lower bound on the taps any editor needs to enter a game's `mid-game` example.

    .venv/bin/python scripts/entry_bound.py                  # a table
    .venv/bin/python scripts/entry_bound.py --format json    # by game and by kind of fact

It counts the independent facts by which the `mid-game` example differs from the setup
for its players, as a player would enter them: one piece (a worker, a unit, a cube) on
a place is one fact; an amount (money, a count, a track) is one fact; a card or tile
already on the table that moved is one fact (which one), and one whose printed contents
the sources do not give is its printed fields (a copy of one already entered is one
fact). Whatever the rules fix from the rest is not counted: a deck or bag whose total
the checks conserve (MP-209, MP-210, QU-201, QU-202, QU-207), a flag under one of its
nation's units (IM-615: a unit that ends alone in a region flags it; put first, before
another nation's unit comes, it brings its flag), a worker count that only
changed because the worker was placed. Each fact needs at least one tap in any editor,
so an example whose bound is above a target cannot be entered within that target.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.games import available_games, load_game

TARGETS = {"manhattan-project": 30, "imperial": 25, "quarantine": 25}
Facts = Counter[str]


def differs(have: dict[str, Any], want: dict[str, Any], keys: list[str]) -> int:
    return sum(1 for k in keys if have.get(k) != want.get(k))


def key(card: dict[str, Any], drop: tuple[str, ...] = ()) -> str:
    return json.dumps({k: v for k, v in card.items() if k not in drop}, sort_keys=True)


class Cards:
    """Cards of one deck: those the setup shows cost nothing where they stay and one fact
    where they moved; a card the setup does not show costs its printed fields, once (a
    copy of one already entered is one fact)."""

    def __init__(self, shown: list[dict[str, Any]], drop: tuple[str, ...]) -> None:
        self.pool = Counter(key(c, drop) for c in shown)
        self.seen = set(self.pool)
        self.drop = drop

    def stays(self, card: dict[str, Any]) -> bool:
        k = key(card, self.drop)
        if self.pool[k]:
            self.pool[k] -= 1
            return True
        return False

    def cost(self, card: dict[str, Any]) -> int:
        k = key(card, self.drop)
        if self.pool[k]:
            self.pool[k] -= 1
            return 1
        if k in self.seen:
            return 1
        self.seen.add(k)
        return printed_fields(card, self.drop)


def printed_fields(card: dict[str, Any], drop: tuple[str, ...] = ()) -> int:
    """The fields printed on a card: each value, each amount of a cost or an output."""
    return sum(printed(value) for name, value in card.items() if name not in drop)


def printed(value: Any) -> int:
    if isinstance(value, dict):
        return sum(printed(v) for v in value.values())
    if isinstance(value, list):
        return sum(printed(v) or isinstance(v, str) for v in value)
    return 0 if value in (None, False, 0, "") else 1


def amounts(have: dict[str, int], want: dict[str, int]) -> int:
    """How many of the amounts differ (one left out is 0)."""
    return sum(1 for k in set(have) | set(want) if have.get(k, 0) != want.get(k, 0))


# --- The Manhattan Project ---------------------------------------------------------------
MP_AMOUNTS = ["money", "yellowcake", "fighters", "bombers", "plutonium", "uranium", "spies"]
MP_BUILDING_STATE = ("damage", "occupants")


def manhattan_project(setup: dict[str, Any], game: dict[str, Any]) -> Facts:
    facts: Facts = Counter()
    buildings = Cards(setup["market"], MP_BUILDING_STATE)
    bombs = Cards(setup["bomb_row"], ())
    for card in game["market"]:
        if not buildings.stays(card):
            facts["market card (printed fields)"] += buildings.cost(card)
    for card in game["bomb_row"]:
        if not bombs.stays(card):
            facts["bomb card in the row (printed fields)"] += bombs.cost(card)
    placed: Counter[tuple[str, str]] = Counter()
    for pieces in game["board"].values():
        facts["worker on a board space"] += len(pieces)
        placed.update((p["colour"], p["kind"]) for p in pieces)
    for before, after in zip(setup["players"], game["players"], strict=True):
        facts["player amount"] += differs(before, after, MP_AMOUNTS)
        facts["contractor count"] += differs(before["contractors"], after["contractors"],
                                             list(after["contractors"]))  # fmt: skip
        for card in after["buildings"]:
            facts["player building (moved, copied or printed fields)"] += buildings.cost(card)
            facts["building damage"] += card.get("damage", 0) > 0
            facts["worker on a building"] += len(card.get("occupants", []))
            placed.update((p["colour"], p["kind"]) for p in card.get("occupants", []))
        for card in after["hand"]:
            facts["bomb card in a hand"] += bombs.cost(card)
        for bomb in after["bombs"]:
            facts["bomb built (its card)"] += bombs.cost(bomb["card"])
            facts["bomb loaded"] += bool(bomb["loaded"])
            facts["worker on a bomb"] += len(bomb["occupants"])
            placed.update((p["colour"], p["kind"]) for p in bomb["occupants"])
        if after["test"]:
            facts["bomb tested (its value)"] += 1
            facts["worker on a bomb"] += len(after["test"]["occupants"])
        for kind in after["workers"]:
            had = before["workers"][kind]  # a worker placed is not a count to set again
            now = after["workers"][kind] + placed[(after["colour"], kind.removesuffix("s"))]
            facts["worker count (hired)"] += now != had
    for name in ("bribe", "turns_played", "design_closed"):
        facts["turn and track"] += setup[name] != game[name]
    facts["turn and track"] += differs(setup["turn"], game["turn"], list(game["turn"]))
    return facts


# --- Imperial ----------------------------------------------------------------------------
IM_NATION = ["treasury", "rondel", "power_points", "tax", "government"]


def imperial(setup: dict[str, Any], game: dict[str, Any]) -> Facts:
    facts: Facts = Counter()
    for before, after in zip(setup["players"], game["players"], strict=True):
        facts["cash"] += before["cash"] != after["cash"]
        new = Counter(key(b) for b in after["bonds"]) - Counter(key(b) for b in before["bonds"])
        gone = Counter(key(b) for b in before["bonds"]) - Counter(key(b) for b in after["bonds"])
        facts["bond (which)"] += new.total() + gone.total()
        facts["swiss bank"] += before["swiss_bank"] != after["swiss_bank"]
    holders: dict[str, set[str]] = {}  # (a flag where its nation has a unit may come with it)
    for unit in game["units"]:
        holders.setdefault(unit["region"], set()).add(unit["nation"])
    was = Counter((u["nation"], u["kind"], u["region"]) for u in setup["units"])
    for unit in game["units"]:
        here = was.pop((unit["nation"], unit["kind"], unit["region"]), 0)
        facts["unit in a region"] += abs(unit["count"] - here)
        facts["unit stance"] += unit.get("stance") is not None
    facts["unit in a region"] += sum(was.values())
    for nation, after in game["nations"].items():
        before = setup["nations"][nation]
        facts["nation track or amount"] += differs(before, after, IM_NATION)
        old = {key(f) for f in before["factories"]}
        facts["factory"] += len({key(f) for f in after["factories"]} ^ old)
        for region in set(after["flags"]) ^ set(before["flags"]):
            implied = region in after["flags"] and nation in holders.get(region, set())
            facts["flag (where its nation has no unit)"] += not implied
    for name in ("investor_card", "turn"):
        facts["turn"] += setup[name] != game[name]
    return facts


# --- Quarantine --------------------------------------------------------------------------
QU_TILE_STATE = ("patients", "grey", "extra")


def quarantine(setup: dict[str, Any], game: dict[str, Any]) -> Facts:
    facts: Facts = Counter()
    for before, after in zip(setup["players"], game["players"], strict=True):
        old = {(t["x"], t["y"]): t for t in before["hospital"]}
        for tile in after["hospital"]:
            was = old.pop((tile["x"], tile["y"]), None) or {}
            facts["tile placed or changed (which)"] += (
                (was.get("kind"), was.get("colour")) != (tile["kind"], tile.get("colour"))
            )  # fmt: skip
            # (a tile put on a free cell of the picture may come with its doors facing its
            # neighbours: only a tile already there has doors to change)
            facts["tile doors (one pattern)"] += bool(was) and was["doors"] != tile["doors"]
            facts["tile rotation"] += was.get("rotation", 0) != tile["rotation"]
            facts["cube on a tile"] += len(tile.get("patients", [])) + bool(tile.get("grey"))
            facts["tile state (extra)"] += bool(tile.get("extra"))
        facts["tile placed or changed (which)"] += len(old)
        facts["cube in a waiting line"] += len(after["line"])
        facts["supply count"] += amounts(before["supply"], after["supply"])
        facts["markers"] += before["markers"] != after["markers"]
        for tile in after["set_aside"]:
            facts["tile set aside (which, doors)"] += 1 + bool(tile.get("doors"))
        for contract in after["contracts"]:
            facts["contract (printed fields)"] += printed_fields(contract)
    for slot in game["market"]:
        facts["market price"] += printed(slot["price"])  # the counts follow from QU-203 to QU-205
    facts["box count"] += amounts(setup["box"], game["box"])
    facts["grey supply"] += setup["grey_supply"] != game["grey_supply"]
    facts["round"] += differs(setup["round"], game["round"], list(game["round"]))
    facts["round"] += differs(setup["end"], game["end"], list(game["end"]))
    return facts


BOUNDS = {"manhattan-project": manhattan_project, "imperial": imperial, "quarantine": quarantine}


def bound(game_id: str) -> dict[str, Any]:
    """The facts by which the game's `mid-game` example differs from its setup."""
    game = load_game(game_id)
    dump = game.state_model.model_validate
    target = dump(game.example("mid-game")).model_dump(mode="json")
    setup = dump(game.example(f"setup-{len(target['players'])}p")).model_dump(mode="json")
    facts = BOUNDS[game_id](setup, target)
    total = facts.total()
    return {
        "facts": total,
        "target": TARGETS[game_id],
        "reachable": total <= TARGETS[game_id],
        "by_kind": dict(facts.most_common()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    found = {g.id: bound(g.id) for g in available_games() if g.id in BOUNDS}
    if args.format == "json":
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return
    for game_id, row in found.items():
        verdict = "within" if row["reachable"] else "ABOVE"
        print(f"{game_id}: at least {row['facts']} taps ({verdict} the target {row['target']})")
        for kind, n in row["by_kind"].items():
            print(f"    {n:>4}  {kind}")


if __name__ == "__main__":
    main()
