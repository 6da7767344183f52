"""Alembic's environment: migrations run on the connection ``parlour.web.store.migrate`` hands over,
or, from the ``alembic`` command line, on the URL in ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import engine_from_config, pool

from parlour.web.store import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_from_config(
        config.get_section(config.config_ini_section) or {}, prefix="sqlalchemy.", poolclass=pool.NullPool
    )
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
