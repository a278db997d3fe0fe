"""A short load on loopback under gunicorn: 0 errors (the time figures are not asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from adjudicator import loadtest
from adjudicator._http import Call, GunicornServer, children_of, free_port, run_load
from adjudicator.games import available_games

pytestmark = pytest.mark.load


@pytest.fixture(scope="module")
def games():
    found = available_games()
    if not found:
        pytest.skip("no game yet")
    return found


def test_load_is_bounded_by_count_and_counts_errors_and_the_server_stops_with_its_workers(
    games,
):
    """One server for both (a start is ~3 s of CPU): the load does not stop it."""
    server = GunicornServer(workers=2)
    with server:
        master = server.process.pid
        workers = server.worker_pids()
        assert len(workers) == 2
        wrong = Call("GET", "/api/v1/no-such-game/examples")
        found = run_load(
            server.host, server.port, [wrong], concurrency=2, seconds=30, max_requests=10
        )
    assert found.requests == 10 and found.errors == 10
    assert "HTTP 404" in found.error_samples[0]
    assert server.process is None
    assert children_of(master) == []
    for pid in workers:
        with pytest.raises(OSError):
            open(f"/proc/{pid}/status").close()


def test_connection_refused_counts_as_errors():
    port = free_port()  # nobody listens there
    found = run_load(
        "127.0.0.1", port, [Call("GET", "/")], concurrency=2, seconds=0.3, max_requests=20
    )
    assert found.errors == found.requests > 0 and found.latencies_ms == []


def test_only_loopback():
    with pytest.raises(ValueError):
        run_load("192.0.2.1", 80, [Call("GET", "/")], seconds=0.1)
    with pytest.raises(ValueError):
        GunicornServer(host="0.0.0.0")


def test_a_short_load_from_the_command_line_has_no_error(games):
    """``python -m adjudicator.loadtest`` runs the load (every game, 8 connections, 3 s) and
    prints its figures: one load run serves both the command line and the figures' checks."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "adjudicator.loadtest",
            "--seconds",
            "3",
            "--concurrency",
            "8",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["requests"] > 0
    assert data["errors"] == 0, (data["error_samples"], data["server_log"])
    assert data["rss_mb"] is not None and len(data["workers_rss_mb"]) == 2
    assert "requests/s" in loadtest.format_text(data)
