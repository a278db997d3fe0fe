"""``python -m adjudicator.table migrate | archive``: the tables' database by hand.

``migrate`` brings the schema to the newest Alembic revision; ``archive`` archives every
table idle for longer than ``ADJUDICATOR_TABLE_IDLE_DAYS`` (30 by default). The database
is ``$ADJUDICATOR_DATABASE_URL``, else ``instance/tables.sqlite3``.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta
from pathlib import Path

from .service import Limits, Tables
from .store import default_url, make_engine, migrate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m adjudicator.table")
    parser.add_argument("action", choices=("migrate", "archive"))
    parser.add_argument("--url", help="the database URL (default: as the server finds it)")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parent.parent.parent
    engine = make_engine(args.url or default_url(root / "instance"))
    migrate(engine)
    if args.action == "archive":
        days = float(os.environ.get("ADJUDICATOR_TABLE_IDLE_DAYS") or 30)
        count = Tables(engine, Limits(idle=timedelta(days=days))).archive_idle()
        sys.stdout.write(f"{count}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
