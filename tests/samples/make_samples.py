"""Write the format samples of one release: states, moves, permalinks and table logs as the
code of that day wrote them, with the verdicts it gave (``tests/test_formats.py`` keeps every
release's samples loading with the same verdicts).

Run once per release, from the repository root, before a format changes:
``python tests/samples/make_samples.py 2026-12-01``. Seeded: the same code writes the same files.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from adjudicator.games import available_games
from adjudicator.table.log import example_log, example_names
from adjudicator.table.service import Tables
from adjudicator.table.store import make_engine, migrate
from web import create_app, permalink

HERE = Path(__file__).resolve().parent
MOVES_PER_GAME = 12


def rules(verdict: dict[str, Any]) -> list[str]:
    return sorted({str(v.get("rule")) for v in verdict.get("violations", [])})


def moves_of(game: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Legal and illegal moves from seeded play, each with the state it is made in."""
    found: list[dict[str, Any]] = []
    for name in game.example_names():
        state = game.example(name)
        parsed = game.parse_state(state)
        legal = game.sampler.sample_moves(parsed, rng) if game.sampler else []
        rng.shuffle(legal)
        for move in legal[:2]:
            found.append({"example": name, "move": move})
            bad = game.sampler.mutate_move(parsed, move, rng)
            if bad is not None:
                found.append({"example": name, "move": bad})
    rng.shuffle(found)
    return found[:MOVES_PER_GAME]


def game_samples(game: Any, out: Path) -> None:
    rng = random.Random(20261201)
    states = {}
    for name in game.example_names():
        state = game.example(name)
        report = game.check(state).to_json()
        states[name] = {"state": state, "violations": rules(report),
                        "permalink": permalink.encode(state)}  # fmt: skip
    moves = []
    for item in moves_of(game, rng):
        verdict = game.adjudicate(game.example(item["example"]), item["move"]).to_json()
        moves.append({**item, "legal": verdict["legal"], "violations": rules(verdict),
                      "state_after": verdict["state"],
                      "permalink": permalink.encode(item["move"])})  # fmt: skip
    data = {"game": game.id, "states": states, "moves": moves}
    (out / f"{game.id}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def table_logs(out: Path) -> None:
    """Exported table logs: a played table per game (legal, illegal, undo) and the examples."""
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{tmp}/t.sqlite3")
        migrate(engine)
        tables = Tables(engine)
        logs: dict[str, Any] = {name: example_log(name) for name in example_names()}
        rng = random.Random(7)
        for game in available_games():
            low = game.players[0]
            table = tables.open(game.id, [{"name": f"P{i}"} for i in range(1, low + 1)])
            for step in range(6):
                parsed = game.parse_state(table.state)
                legal = game.sampler.sample_moves(parsed, rng) if game.sampler else []
                if not legal:
                    break
                move = rng.choice(legal)
                if step == 2:
                    bad = game.sampler.mutate_move(parsed, move, rng)
                    tables.propose(table.code, bad or move, table.version)
                elif step == 4:
                    tables.undo(table.code, table.version)
                else:
                    tables.propose(table.code, move, table.version)
                table = tables.get(table.code)
            exported = tables.export(table.code)
            logs[f"played-{game.id}"] = {"log": exported, "final_state": table.state,
                                         "version": table.version}  # fmt: skip
        engine.dispose()
    (out / "table-logs.json").write_text(json.dumps(logs, ensure_ascii=False, indent=1) + "\n")


def main(release: str) -> None:
    out = HERE / release
    out.mkdir(parents=True, exist_ok=True)
    with create_app({"ADJ_DATABASE_URL": "sqlite://"}).test_request_context():
        for game in available_games():
            game_samples(game, out)
        table_logs(out)


if __name__ == "__main__":
    main(sys.argv[1])
