"""Databases for the table tests: a fresh SQLite file, or a fresh database in a throwaway
PostgreSQL cluster (Debian's ``postgresql`` package, started in a temporary folder once per
test run and stopped afterwards, see :mod:`adjudicator.table.pgtemp`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.table.pgtemp import Cluster, pg_bin
from adjudicator.table.store import make_engine, migrate

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bindir = pg_bin()
    if bindir is None:
        pytest.skip("Debian's postgresql package is not installed (/usr/lib/postgresql/*/bin)")
    cluster = Cluster(bindir)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def database_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, migrated database of ``backend`` for one test."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_cluster").new_database()
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    return url
