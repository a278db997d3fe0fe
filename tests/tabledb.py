"""Databases for the table tests: a fresh SQLite file, or a fresh database in a throwaway
PostgreSQL cluster (Debian's ``postgresql`` package, started in a temporary folder once per
test run and stopped afterwards)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from adjudicator.table.store import make_engine, migrate

BACKENDS = ["sqlite", "postgresql"]


def pg_bin() -> Path | None:
    """The folder of Debian's PostgreSQL server binaries (newest), if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster in a temporary folder, run by the ``postgres`` system user when
    the tests run as root (the server refuses to run as root)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="adj-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user: dict[str, Any] = {}
        if os.geteuid() == 0:
            import pwd

            entry = pwd.getpwnam("postgres")
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            self.user = {"user": entry.pw_uid, "group": entry.pw_gid}
        self.names = count(1)

    def run(self, *args: str) -> None:
        subprocess.run(
            [str(self.bindir / args[0]), *args[1:]], check=True, capture_output=True,
            cwd=self.root, **self.user,
        )  # fmt: skip

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        options += " -c max_connections=300"
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l",
                 str(self.root / "log"), "start")  # fmt: skip

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, db: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        import psycopg

        name = f"t{next(self.names)}_{os.getpid()}"
        with psycopg.connect(self.url().replace("+psycopg", ""), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bindir = pg_bin()
    if bindir is None:
        pytest.skip("Debian's postgresql package is not installed (/usr/lib/postgresql/*/bin)")
    cluster = Cluster(bindir)
    cluster.start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", cluster.port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
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
