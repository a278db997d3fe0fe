"""Seats and phones: the short code read aloud, which phone holds which seat, and the seat
a log line was entered for.

Revision ID: 0004_seats
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004_seats"
down_revision = "0003"
branch_labels = None
depends_on = None

#: Crockford's base-32 digits (as ``adjudicator.table.codes``; kept here so that the
#: migration does not change when the code does).
_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def upgrade() -> None:
    op.add_column("adj_tables", sa.Column("short_code", sa.String(16)))
    op.create_index("ix_adj_tables_short_code", "adj_tables", ["short_code"], unique=True)
    op.add_column("adj_entries", sa.Column("seat", sa.String(64)))
    op.create_table(
        "adj_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("adj_tables.id", ondelete="RESTRICT"),
            nullable=False,
        ),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("phone", sa.String(32), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_seat"),
    )
    tables = sa.table("adj_tables", sa.column("id", sa.Integer),
                      sa.column("short_code", sa.String))  # fmt: skip
    conn = op.get_bind()
    for (table_id,) in conn.execute(sa.select(tables.c.id)).all():
        short = "".join(secrets.choice(_DIGITS) for _ in range(8))
        conn.execute(tables.update().where(tables.c.id == table_id).values(short_code=short))


def downgrade() -> None:
    op.drop_table("adj_seats")
    op.drop_column("adj_entries", "seat")
    op.drop_index("ix_adj_tables_short_code", "adj_tables")
    op.drop_column("adj_tables", "short_code")
