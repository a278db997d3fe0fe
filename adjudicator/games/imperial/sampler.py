"""Random legal moves, for playouts and soak tests.

``sample_moves(state, rng)`` lists a few legal moves of the nation to move, covering every
move type (the six rondel actions with their details, and gifts to a treasury);
``setup(rng)`` deals a standard game for 2 to 6 players; ``playout(seed, n)`` plays ``n``
moves from such setups and checks every state reached.
"""

from __future__ import annotations

import random
from typing import Any

from .board import NATIONS, board
from .data import BANK_MONEY, EXPERT_MONEY, FACTORY_PIECES, FLAGS_PER_NATION
from .logic import (
    action_of,
)
from .models import BOND_COSTS, State
from .moves import book, factory, opening, transfer

NAMES = ("Anna", "Ben", "Chloe", "Dimitris", "Eleni", "Feng")
DEAL = {
    6: [["AH"], ["IT"], ["FR"], ["GB"], ["GE"], ["RU"]],
    5: [["AH"], ["IT"], ["FR"], ["GB"], ["GE"]],
    4: [["AH"], ["IT"], ["FR"], ["GB"]],
    3: [["AH", "GB"], ["IT", "RU"], ["FR", "GE"]],
    2: [["AH", "FR", "GE"], ["IT", "RU", "GB"]],
}


def standard_setup(count: int, variant: str = "standard") -> dict[str, Any]:
    """The standard bond distribution for ``count`` players (flag cards dealt in order)."""
    b = board()
    players: list[dict[str, Any]] = []
    for name, cards in zip(NAMES, DEAL[count], strict=False):
        bonds = [{"nation": n, "cost": c} for nid in cards for n, c in b.flag_cards[nid]]
        players.append({"name": name, "cash": 2, "bonds": bonds, "swiss_bank": False})
    nations: dict[str, Any] = {}
    for nid in NATIONS:
        held = [
            (p["name"], bd["cost"]) for p in players for bd in p["bonds"] if bd["nation"] == nid
        ]
        gov = next((n for n, c in held if c == 9), None) or next((n for n, c in held), None)
        nations[nid] = {
            "government": gov,
            "treasury": sum(c for _, c in held),
            "rondel": None,
            "power_points": 0,
            "tax": 5,
            "factories": [{"region": r, "kind": k} for r, k in b.starting_factories[nid]],
            "flags": [],
        }
    ruling = {n["government"] for n in nations.values()}
    for p in players:
        p["swiss_bank"] = p["name"] not in ruling
    names = [p["name"] for p in players]
    first = nations["AH"]["government"] or nations["IT"]["government"]
    card = names[(names.index(first) + 1) % len(names)] if variant == "standard" else None
    turn = next(nid for nid in NATIONS if nations[nid]["government"])
    return {
        "players": players,
        "nations": nations,
        "units": [],
        "investor_card": card,
        "turn": turn,
        "variant": variant,
        "setup": "standard",
    }


def expert_setup(count: int, variant: str = "standard", first: int = 0) -> dict[str, Any]:
    """The expert variant before its opening purchases, player ``first`` drawn by lot."""

    state = standard_setup(count, variant)
    for p in state["players"]:
        p.update(cash=EXPERT_MONEY[count], bonds=[], swiss_bank=False)
    for n in state["nations"].values():
        n.update(government=None, treasury=0)
    name = state["players"][first]["name"]
    state.update(
        investor_card=None,
        turn=None,
        setup="expert",
        opening={"first": name, "nation": "AH", "player": name},
    )
    return state


def counted(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with everything beside the board counted: the bank, the bond stacks and
    the spare pieces (so that the playouts check that nothing is lost)."""

    b = board()
    in_play = sum(p["cash"] for p in state["players"]) + sum(
        n["treasury"] for n in state["nations"].values()
    )
    state["bank"] = BANK_MONEY - in_play
    held = {(bd["nation"], bd["cost"]) for p in state["players"] for bd in p["bonds"]}
    built = [f["kind"] for n in state["nations"].values() for f in n["factories"]]
    state["spare_factories"] = {
        k: FACTORY_PIECES - built.count(k) for k in ("armaments", "shipyard")
    }
    for nid, n in state["nations"].items():
        n["stack"] = [c for c in BOND_COSTS if (nid, c) not in held]
        on_board = {"army": 0, "fleet": 0}
        for u in state["units"]:
            if u["nation"] == nid:
                on_board[u["kind"]] += u.get("count", 1)
        n["spare"] = {
            "armies": b.supply[nid]["armies"] - on_board["army"],
            "fleets": b.supply[nid]["fleets"] - on_board["fleet"],
            "flags": FLAGS_PER_NATION - len(n["flags"]),
        }
    return state


def setup(rng: random.Random) -> dict[str, Any]:
    """A random setup: standard or expert, with or without the investor card, and with
    the pieces beside the board counted or not."""
    variant = "no_investor_card" if rng.random() < 0.2 else "standard"
    count = rng.randint(2, 6)
    if rng.random() < 0.2:
        state = expert_setup(count, variant, rng.randrange(count))
    else:
        state = standard_setup(count, variant)
    return counted(state) if rng.random() < 0.5 else state


def _game() -> Any:
    assert book.game is not None, "the game holds the book"
    return book.game


def _parse(state: Any) -> State:
    return state if isinstance(state, State) else _game().parse_state(state)


def sample_moves(state: Any, rng: random.Random, limit: int = 4) -> list[dict[str, Any]]:
    """Up to ``limit`` legal moves in ``state`` (none when the game is over), drawn from
    every kind's samples (:mod:`.moves`)."""
    return book.sample_moves(_parse(state), rng, limit)


def mutate_move(state: Any, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """An illegal variant of a legal move, or ``None``."""
    parsed = _parse(state)
    if move.get("type") == transfer.KIND.type:
        return {**move, "target": move["source"]}
    if move.get("type") == opening.KIND.type:
        others = [p.name for p in parsed.players if p.name != move["player"]]
        return {**move, "player": rng.choice(others)} if others else None
    nation = parsed.nations[move["nation"]]
    if nation.rondel is not None:
        same = nation.rondel
        return {
            "type": action_of(same),
            "nation": move["nation"],
            "space": same,
            **(
                {"region": parsed.nations[move["nation"]].factories[0].region}
                if action_of(same) == factory.KIND.type and nation.factories
                else {}
            ),
        }
    others = [n for n in NATIONS if n != move["nation"] and parsed.nations[n].government]
    if parsed.turn is not None and others:
        return {**move, "nation": rng.choice(others)}
    return None


def playout(seed: int, n: int) -> list[dict[str, Any]]:
    """Play ``n`` sampled moves from random setups; return each step's move and problems.

    Every resulting state is checked; every 25th is also dumped and parsed again, so that
    a value the JSON model refuses (a negative amount, say) is caught as well.
    """
    rng = random.Random(seed)
    game = _game()
    state = game.parse_state(setup(rng))
    log: list[dict[str, Any]] = []
    while len(log) < n:
        moves = sample_moves(state, rng, limit=3)
        if not moves:
            state = game.parse_state(setup(rng))
            continue
        moves = [rng.choice(moves)]
        move = game.parse_move(moves[0])
        after, _ = game.apply(state, move)
        problems = [v.rule for v in game.violations(after)]
        if len(log) % 25 == 0:
            after = game.parse_state(after.model_dump(mode="json"))
        log.append({"move": moves[0], "problems": problems})
        state = after
    return log
