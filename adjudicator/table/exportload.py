"""Exports that must not stop the server: a few clients export a long table log again and
again while another asks ``/healthz``, on a real gunicorn (reliability review, F2).

Reports the ``/healthz`` latency before (baseline) and during the exports (p50, p95, max),
the exports done and their time, and the workers' CPU time per export. Only loopback; every
loop ends at a deadline. Used by ``adjudicator bench --table``.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import time
from typing import Any

from adjudicator._http import GunicornServer, percentile, request_once

#: The target: ``/healthz`` answers within this while the exports go on (p50).
HEALTHZ_TARGET_MS = 100.0
#: Seconds between two ``/healthz`` probes.
PROBE_EVERY = 0.1


def _stats(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "max": round(max(values, default=0.0), 1),
    }


def _healthz_ms(server: GunicornServer, until: float) -> list[float]:
    found: list[float] = []
    while time.monotonic() < until:
        started = time.perf_counter()
        status, _, _ = request_once(server.host, server.port, "GET", "/healthz", timeout=30)
        found.append((time.perf_counter() - started) * 1000 if status == 200 else 30_000.0)
        time.sleep(PROBE_EVERY)
    return found


def _exporting(
    server: GunicornServer, code: str, until: float, done: list[tuple[int, float]]
) -> None:
    while time.monotonic() < until:
        started = time.perf_counter()
        status, _, body = request_once(
            server.host, server.port, "GET", f"/api/v1/tables/{code}/export", timeout=60
        )
        done.append((status if body else 0, time.perf_counter() - started))


def import_log(server: GunicornServer, log: dict[str, Any]) -> str:
    """The join code of a new table holding ``log`` (its body sent compact)."""
    body = json.dumps(log, separators=(",", ":")).encode()
    status, _, answer = request_once(
        server.host, server.port, "POST", "/api/v1/tables/import", body=body,
        headers={"Content-Type": "application/json"}, timeout=120,
    )  # fmt: skip
    if status != 201:
        raise RuntimeError(f"the long log was not imported ({status}): {answer[:200]!r}")
    return str(json.loads(answer)["code"])


def bench_exporters(
    log: dict[str, Any], clients: int = 4, seconds: float = 15.0, port: int | None = None
) -> dict[str, Any]:
    """``clients`` threads export one table holding ``log`` for ``seconds`` while
    ``/healthz`` is asked every :data:`PROBE_EVERY` s (SQLite, two gevent workers)."""
    with tempfile.TemporaryDirectory(prefix="adj-export-bench-") as folder:
        env = {**os.environ, "ADJUDICATOR_DATABASE_URL": f"sqlite:///{folder}/t.sqlite3"}
        with GunicornServer(env=env, start_timeout=120, port=port) as server:
            code = import_log(server, log)
            baseline = _healthz_ms(server, time.monotonic() + 3)
            done: list[tuple[int, float]] = []
            until = time.monotonic() + seconds
            cpu = server.workers_cpu_seconds()
            threads = [
                threading.Thread(target=_exporting, args=(server, code, until, done))
                for _ in range(clients)
            ]
            for thread in threads:
                thread.start()
            time.sleep(0.5)  # every exporter under way
            during = _healthz_ms(server, until)
            for thread in threads:
                thread.join()
            cpu = server.workers_cpu_seconds() - cpu
    good = [s for status, s in done if status == 200]
    return {
        "clients": clients,
        "seconds": seconds,
        "lines": len(log["entries"]) + 1,
        "healthz_ms_baseline": _stats(baseline),
        "healthz_ms": _stats(during),
        "healthz_target_ms": HEALTHZ_TARGET_MS,
        "probes": len(during),
        "exports": len(good),
        "export_errors": len(done) - len(good),
        "export_s_p50": round(percentile(good, 50), 2),
        "server_cpu_ms_per_export": round(cpu * 1000 / max(1, len(good)), 1),
        "load_average": round(os.getloadavg()[0], 2),
    }


def format_exporters(run: dict[str, Any]) -> str:
    """One line of text for :func:`bench_exporters`'s figures."""
    h, b = run["healthz_ms"], run["healthz_ms_baseline"]
    return (
        f"{run['clients']} clients exporting a {run['lines']}-line log for "
        f"{run['seconds']:.0f} s: /healthz p50 {h['p50']} ms, p95 {h['p95']} ms, max "
        f"{h['max']} ms ({run['probes']} probes; target p50 < {run['healthz_target_ms']:.0f} "
        f"ms; before the exports p50 {b['p50']} ms); {run['exports']} exports "
        f"({run['export_errors']} errors), p50 {run['export_s_p50']} s, server CPU "
        f"{run['server_cpu_ms_per_export']} ms an export; load average {run['load_average']}"
    )
