"""Fair use: who opened a table (a hash of the client's address), so that one address can
hold only so many open tables and open only so many an hour.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("adj_tables") as batch:
        batch.add_column(sa.Column("opened_by", sa.String(32)))
    op.create_index("ix_adj_tables_opened_by", "adj_tables", ["opened_by", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_adj_tables_opened_by", "adj_tables")
    with op.batch_alter_table("adj_tables") as batch:
        batch.drop_column("opened_by")
