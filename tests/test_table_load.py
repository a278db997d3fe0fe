"""The loopback load of ``adjudicator bench --table``, tiny: it must measure what it says."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from adjudicator.table.load import household, run_load
from adjudicator.table.service import Limits
from web import create_app

pytestmark = pytest.mark.load


def test_a_tiny_load_hears_every_update(tmp_path: Path) -> None:
    """Each table's phones come from an address of their own (a household), as in real
    use: one address may open only one table an hour here, and the load opens two."""
    app = create_app({"ADJ_DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                      "ADJ_TABLE_LIMITS": Limits(hourly_per_address=1)})  # fmt: skip
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        figures = run_load("127.0.0.1", httpd.server_port, tables=2, clients=2, seconds=5.0,
                           every=(0.3, 0.6))  # fmt: skip
    finally:
        httpd.shutdown()
        thread.join(5)
    assert figures.moves >= 4 and figures.errors == 0, figures
    assert len(figures.move_ms) == figures.moves + figures.stale
    assert len(figures.update_ms) == figures.expected_updates == 2 * figures.moves
    # each live client then fetched the page's changed part, in its own language
    assert len(figures.shown_ms) == figures.expected_updates
    pairs = zip(sorted(figures.shown_ms), sorted(figures.update_ms), strict=True)
    assert all(shown >= heard for shown, heard in pairs)


def test_households_are_distinct_benchmarking_addresses() -> None:
    addresses = [household(i) for i in range(0, 131072, 97)]
    assert len(set(addresses)) == len(addresses)
    assert all(a.startswith(("198.18.", "198.19.")) for a in addresses)


def test_the_load_runs_on_loopback_only() -> None:
    with pytest.raises(ValueError, match="loopback"):
        run_load("192.0.2.1", 80, tables=1, seconds=1)
