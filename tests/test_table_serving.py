"""The shared table behind gunicorn (two gevent workers): live updates across workers, and
no move lost when the server is killed (SIGKILL) while moves come in. SQLite and PostgreSQL."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from adjudicator._http import GunicornServer, request_once

from .tabledb import BACKENDS, database_url
from .test_table import PLAYERS, opening_move

pytestmark = pytest.mark.serving


def call(server: GunicornServer, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    status, _headers, raw = request_once(
        server.host, server.port, method, path, data,
        {"Content-Type": "application/json"}, timeout=20,
    )  # fmt: skip
    return status, json.loads(raw) if raw else None


def serve(url: str) -> GunicornServer:
    env = {**os.environ, "ADJUDICATOR_DATABASE_URL": url}
    return GunicornServer(env=env, start_timeout=120)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return database_url(request.param, request, tmp_path)


def test_a_move_reaches_a_live_stream_on_the_other_worker_and_survives_sigkill(
    db_url: str,
) -> None:
    server = serve(db_url)
    server.start()
    try:
        body = {"game": "imperial", "players": PLAYERS, "example": "expert-opening"}
        status, table = call(server, "POST", "/api/v1/tables", body)
        assert status == 201
        code = table["code"]
        seen = live_event_after_a_move(server, code, table["state"])
        assert seen["version"] == 2
        confirmed = moves_until_killed(server, code)
    finally:
        if server.process is not None and server.process.poll() is None:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait(10)
        server.stop()
    assert len(confirmed) >= 3
    again = serve(db_url)
    with again:
        status, log = call(again, "GET", f"/api/v1/tables/{code}/log")
        assert status == 200
        applied = {e["version"]: e["seq"] for e in log["entries"] if e["applied"]}
        for version, seq in confirmed:
            assert applied.get(version) == seq, (version, seq)
        seqs = [e["seq"] for e in log["entries"]]
        assert seqs == list(range(1, len(seqs) + 1))
        assert sorted(applied) == list(range(1, len(applied) + 1))


def live_event_after_a_move(server: GunicornServer, code: str, state: Any) -> dict[str, Any]:
    """Open the event stream, enter a move on a fresh connection, read the stream's next
    ``head`` event (the two connections may be served by different workers)."""
    stream = http.client.HTTPConnection(server.host, server.port, timeout=20)
    stream.request("GET", f"/api/v1/tables/{code}/events")
    response = stream.getresponse()
    assert response.status == 200
    heads = []

    def read() -> None:
        for raw in response:
            line = raw.decode().strip()
            if line.startswith("data:"):
                heads.append(json.loads(line[5:]))
                if len(heads) == 2:
                    return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 10
    while not heads and time.monotonic() < deadline:
        time.sleep(0.02)
    status, _ = call(server, "POST", f"/api/v1/tables/{code}/moves",
                     {"move": opening_move(state), "version": 1, "author": "Anna"})  # fmt: skip
    assert status == 201
    reader.join(10)
    stream.close()
    assert len(heads) == 2, heads
    return heads[1]


def moves_until_killed(server: GunicornServer, code: str) -> list[tuple[int, int]]:
    """Four phones enter the opening moves as fast as they can; the server is killed
    (SIGKILL, master and workers) after the sixth confirmed move. Returns every
    (version, seq) that got a success answer."""
    confirmed: list[tuple[int, int]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def phone() -> None:
        while not stop.is_set():
            try:
                status, head = call(server, "GET", f"/api/v1/tables/{code}")
                if status != 200 or head["state"].get("opening") is None:
                    return
                status, answer = call(server, "POST", f"/api/v1/tables/{code}/moves",
                                      {"move": opening_move(head["state"]),
                                       "version": head["version"]})  # fmt: skip
            except (OSError, http.client.HTTPException, ValueError):
                return
            if status == 201 and answer["applied"]:
                with lock:
                    confirmed.append((answer["version"], answer["entry"]["seq"]))

    phones = [threading.Thread(target=phone) for _ in range(4)]
    for p in phones:
        p.start()
    deadline = time.monotonic() + 60
    while len(confirmed) < 6 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert server.process is not None
    os.killpg(server.process.pid, signal.SIGKILL)
    stop.set()
    for p in phones:
        p.join(30)
    return confirmed


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_is_quiet_and_its_control_socket_its_own(tmp_path: Path, signum: int) -> None:
    """Ctrl-C (SIGINT) or SIGTERM with live streams open: the workers end their streams and
    leave without a traceback (none is killed at the graceful timeout), and the control
    socket was this server's own, named by its master, and is gone afterwards.

    Its database is new: the server gave it its schema when it started (once, before the
    workers fork), not the first request that needs it."""
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    server = GunicornServer(env={**os.environ, "ADJUDICATOR_DATABASE_URL": url},
                            extra_args=["--log-level", "info"], start_timeout=120)  # fmt: skip
    server.start()
    assert server.process is not None
    master = server.process.pid
    try:
        assert_migrated(url)
        body = {"game": "imperial", "players": PLAYERS, "example": "setup-4p"}
        _status, table = call(server, "POST", "/api/v1/tables", body)
        streams = []
        for _ in range(2):
            conn = http.client.HTTPConnection(server.host, server.port, timeout=20)
            conn.request("GET", f"/api/v1/tables/{table['code']}/events")
            answer = conn.getresponse()
            assert answer.status == 200 and answer.readline().startswith(b"retry:")
            streams.append(conn)
        server.process.send_signal(signum)
        assert server.process.wait(timeout=20) == 0
        log = server.log_tail(20000)
    finally:
        server.stop()
    socket_line = f"Control socket listening at {Path('instance').resolve()}/gunicorn-{master}.ctl"
    assert socket_line in log or f"/gunicorn-{master}.ctl" in log, log[-2000:]
    assert not Path(f"instance/gunicorn-{master}.ctl").exists()
    assert "Traceback" not in log and "SIGKILL" not in log and "graceful timeout" not in log, log
    assert log.count("Worker exiting") == 2


def assert_migrated(url: str) -> None:
    """The database at ``url`` has the tables' schema at its newest revision."""
    from sqlalchemy import inspect

    from adjudicator.table.store import is_current, make_engine

    engine = make_engine(url)
    try:
        assert "adj_tables" in inspect(engine).get_table_names()
        assert is_current(engine)
    finally:
        engine.dispose()
