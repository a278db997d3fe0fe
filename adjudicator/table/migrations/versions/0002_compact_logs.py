"""Compact logs: a log line keeps the state after it only as a periodic snapshot; the table
counts the moves its current state is rebuilt by from the last snapshot (``chain``).

Every line an earlier revision wrote with a state keeps it (each is a snapshot), so
existing tables need no rewrite of their states: their ``chain`` is 0. A line without a
state held JSON ``null``; it now holds SQL ``NULL``.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("adj_tables") as batch:
        batch.add_column(sa.Column("chain", sa.Integer, nullable=False, server_default="0"))
    # A line without a state held JSON ``null``; now SQL NULL says "not kept".
    text = "state::text" if op.get_bind().dialect.name == "postgresql" else "state"
    op.execute(f"UPDATE adj_entries SET state = NULL WHERE {text} = 'null'")


def downgrade() -> None:
    # Lines without a state cannot be read by the earlier revision: refuse rather than lose.
    bind = op.get_bind()
    missing = bind.execute(
        sa.text(
            "SELECT count(*) FROM adj_entries WHERE state IS NULL AND version IS NOT NULL"
            " AND kind != 'open'"
        )
    ).scalar_one()
    if missing:
        raise RuntimeError(f"{missing} log lines keep no state; they need revision 0002")
    with op.batch_alter_table("adj_tables") as batch:
        batch.drop_column("chain")
