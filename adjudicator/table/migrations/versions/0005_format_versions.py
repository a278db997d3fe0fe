"""Formats that last: each stored state and move says the format version of its game it
is written in (``format_version``), so that a later release reads it as what it is.

The lines and tables written before this revision hold ``NULL``: they are read as format 1,
the only format every earlier release wrote (format 2 of the Manhattan Project only dropped
a field, so its states read as format 1 lose nothing).

Revision ID: 0005_formats
Revises: 0004_seats
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_formats"
down_revision = "0004_seats"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("adj_tables", "adj_entries"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("format_version", sa.Integer))


def downgrade() -> None:
    for table in ("adj_tables", "adj_entries"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("format_version")
