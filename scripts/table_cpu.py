"""The shared table's CPU a move, in process (Flask's test client, a fresh SQLite file):
``tables`` Imperial tables at the expert opening, ``rounds`` rounds of one move each,
each move followed by what the four phones of a table ask for after it (en, el, pt,
zh_TW). Prints the CPU milliseconds a move: the move itself, the phones' updates, and
both together. ``--profile FILE`` writes a cProfile of the whole run (``pstats``).

    python scripts/table_cpu.py [--tables 40] [--rounds 4] [--profile /tmp/table.prof]

The phones' part: by default what each phone's stream (``/<lang>/t/<code>/events``) does
after a move, its event with the delta drawn in the stream's own request context (as a
server does; see ``web/table/updates.py``); ``--fetch``: ``GET
/<lang>/t/<code>/live?have=<version>.<log length>``, as a polling page asks; ``--whole``:
``GET /<lang>/t/<code>/live``, the whole part, as every phone did before the deltas.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from flask import g

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.core.i18n import LANGS
from adjudicator.games import get_game
from adjudicator.table.load import _opening_move, household
from adjudicator.table.service import Head
from web import create_app
from web.table import updates


class Stream:
    """A stream's request context (a stream draws its events in its own, kept for its
    whole life), with the page's language its address gives."""

    def __init__(self, app: Any, code: str, lang: str) -> None:
        self.context = app.test_request_context(f"/{lang}/t/{code}/events")
        self.lang = lang

    def __enter__(self) -> None:
        self.context.__enter__()
        g.url_lang = self.lang

    def __exit__(self, *exc: object) -> None:
        self.context.__exit__(*exc)


def streams(app: Any, code: str) -> list[Stream]:
    """The table's four streams, one a language."""
    return [Stream(app, code, lang) for lang in LANGS]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--whole", action="store_true", help="fetch the whole live part")
    parser.add_argument("--fetch", action="store_true", help="fetch the delta (polling)")
    parser.add_argument("--profile", help="write a cProfile of the run to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="adj-table-cpu-") as folder:
        url = f"sqlite:///{folder}/tables.sqlite3"
        app = create_app({"ADJ_DATABASE_URL": url, "TESTING": True})
        client = app.test_client()
        game = get_game("imperial")
        state = game.example("expert-opening")
        players = [{"name": p["name"], "seat": i + 1} for i, p in enumerate(state["players"])]
        tables: list[list[Any]] = []
        for index in range(args.tables):
            body = {"game": "imperial", "players": players, "state": state}
            answer = client.post("/api/v1/tables", json=body,
                                 headers={"X-Real-IP": household(index)}).get_json()  # fmt: skip
            tables.append(
                [answer["code"], answer["state"], answer["version"], answer["log_length"]]
            )
            for lang in LANGS:  # each phone has the page
                client.get(f"/{lang}/t/{answer['code']}/live")
            tables[-1].append(streams(app, answer["code"]))
        profile = cProfile.Profile() if args.profile else None
        move_cpu = parts_cpu = 0.0
        moves = 0
        if profile:
            profile.enable()
        for _round in range(args.rounds):
            for table in tables:
                code, data, version, length, contexts = table
                move = _opening_move(data)
                if move is None:
                    continue
                start = time.process_time()
                body = {"move": move, "version": version}
                answer = client.post(f"/api/v1/tables/{code}/moves", json=body).get_json()
                middle = time.process_time()
                if args.whole or args.fetch:
                    have = "" if args.whole else f"?have={version}.{length}"
                    for lang in LANGS:
                        response = client.get(f"/{lang}/t/{code}/live{have}")
                        assert response.status_code == 200, response.status_code
                else:
                    head = Head(answer["version"], length + 1)
                    for context in contexts:
                        with context:
                            text, _told = updates._event(code, head, (version, length))
                            assert '"delta"' in text
                end = time.process_time()
                move_cpu += middle - start
                parts_cpu += end - middle
                moves += 1
                table[1:4] = [answer["state"], answer["version"], length + 1]
        if profile:
            profile.disable()
            profile.dump_stats(args.profile)
    figures = {
        "moves": moves,
        "move_ms": round(move_cpu * 1000 / moves, 2),
        "updates_ms": round(parts_cpu * 1000 / moves, 2),
        "together_ms": round((move_cpu + parts_cpu) * 1000 / moves, 2),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
