"""A bounded load on loopback: gunicorn with two workers, many clients on the check endpoint.

``python -m adjudicator.loadtest --seconds 60 --concurrency 32`` starts gunicorn on a free
port of 127.0.0.1, sends ``POST /api/v1/<game>/check`` with each game's default example
(round-robin over the games) from that many concurrent connections until the time or
``--max-requests`` runs out, stops gunicorn, and prints requests per second, p50 and p99
in ms, the errors and the serving workers' peak resident memory. It never talks to
anything but loopback, and it stops by itself.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from ._http import DEFAULT_APP, GunicornServer, check_calls, run_load, warm_up
from .core.exceptions import AdjudicatorError


def run_loadtest(
    seconds: float = 60.0,
    concurrency: int = 32,
    *,
    games: Sequence[Any] | None = None,
    workers: int = 2,
    max_requests: int = 2_000_000,
    app: str = DEFAULT_APP,
    extra_args: Sequence[str] = (),
) -> dict[str, Any]:
    """Run the load and return its figures (``errors`` 0 when every answer was a 200)."""
    from .games import available_games

    games = list(available_games() if games is None else games)
    if not games:
        raise AdjudicatorError("no game to load")
    calls = check_calls(games)
    with GunicornServer(app, workers=workers, extra_args=extra_args) as server:
        warm_up(server, calls)
        server_cpu, client_cpu = server.workers_cpu_seconds(), time.process_time()
        load = run_load(
            server.host,
            server.port,
            calls,
            concurrency=concurrency,
            seconds=seconds,
            max_requests=max_requests,
        )
        server_cpu = server.workers_cpu_seconds() - server_cpu
        client_cpu = time.process_time() - client_cpu
        memory = server.worker_memory_mb()
        log = server.log_tail()
    peaks = [m["peak_rss_mb"] for m in memory.values()]
    return {
        "endpoint": "POST /api/v1/<game>/check",
        "games": [g.id for g in games],
        "workers": workers,
        **load.summary(),
        "server_cpu_ms_per_request": round(1000 * server_cpu / max(1, load.requests), 3),
        "client_cpu_ms_per_request": round(1000 * client_cpu / max(1, load.requests), 3),
        "rss_mb": max(peaks) if peaks else None,
        "workers_rss_mb": sorted(peaks),
        "server_log": log[-2000:] if load.errors else "",
    }


def format_text(data: dict[str, Any]) -> str:
    lines = [
        f"{data['endpoint']} ({', '.join(data['games'])}), gunicorn {data['workers']} workers, "
        f"{data['concurrency']} connections, {data['seconds']} s",
        f"  requests      {data['requests']}",
        f"  requests/s    {data['requests_per_s']}",
        f"  p50 ms        {data['p50_ms']}",
        f"  p99 ms        {data['p99_ms']}",
        f"  max ms        {data['max_ms']}",
        f"  errors        {data['errors']}",
        f"  CPU ms per request: server {data['server_cpu_ms_per_request']}, "
        f"load client {data['client_cpu_ms_per_request']}",
        f"  worker peak RSS MB  {data['rss_mb']} (each: {data['workers_rss_mb']})",
    ]
    lines += [f"  error: {s}" for s in data["error_samples"]]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m adjudicator.loadtest",
        description="A bounded load on the check endpoint under gunicorn, on loopback only.",
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--max-requests",
        type=int,
        default=2_000_000,
        help="stop after this many requests even if time is left",
    )
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.seconds > 3600 or args.concurrency < 1 or args.concurrency > 512:
        parser.error("--seconds must be in (0, 3600] and --concurrency in [1, 512]")
    games = None
    if args.game:
        from .games import get_game

        games = [get_game(g) for g in args.game]
    data = run_loadtest(
        args.seconds,
        args.concurrency,
        games=games,
        workers=args.workers,
        max_requests=args.max_requests,
    )
    if args.format == "json":
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_text(data))
    return 0 if data["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
