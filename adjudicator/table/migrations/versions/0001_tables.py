"""The shared tables and their logs.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "adj_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(32), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(64)),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("log_length", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("active_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("archived_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_adj_tables_active_at", "adj_tables", ["active_at"])
    op.create_table(
        "adj_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("adj_tables.id", ondelete="RESTRICT"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("based_on", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("author", sa.String(64)),
        sa.Column("move", sa.JSON),
        sa.Column("verdict", sa.JSON),
        sa.Column("state", sa.JSON),
        sa.Column("undoes", sa.Integer),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_entry_seq"),
        sa.UniqueConstraint("table_id", "version", name="uq_entry_version"),
    )


def downgrade() -> None:
    op.drop_table("adj_entries")
    op.drop_index("ix_adj_tables_active_at", "adj_tables")
    op.drop_table("adj_tables")
