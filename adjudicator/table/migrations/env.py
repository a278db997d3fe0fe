"""Alembic environment: run with the connection handed over by ``store.migrate``."""

from __future__ import annotations

from alembic import context

from adjudicator.table.store import Base, make_engine

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # run by the alembic command line: sqlalchemy.url names the database
    with make_engine(config.get_main_option("sqlalchemy.url") or "").begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    context.run_migrations()
