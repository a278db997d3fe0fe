"""A throwaway PostgreSQL cluster in a temporary folder, from Debian's ``postgresql``
package (``/usr/lib/postgresql/*/bin``): for the table tests and ``adjudicator bench
--table``. It runs as the ``postgres`` system user when started by root (the server refuses
to run as root), listens on loopback only, and is removed when stopped."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from itertools import count
from pathlib import Path
from typing import Any


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

    def start(self, timeout: float = 30.0) -> None:
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        options += " -c max_connections=300"
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l",
                 str(self.root / "log"), "start")  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("PostgreSQL did not start")

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
