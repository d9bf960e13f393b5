from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import hookline.persistence.models  # noqa: F401  (registers the tables)
from hookline.persistence.db import make_engine

target_metadata = SQLModel.metadata


def run() -> None:
    url = context.config.get_main_option("sqlalchemy.url") or ""
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    # `upgrade(url, keyring)`'s, else HOOKLINE_ENCRYPTION_KEYS's: 0028 seals with it.
    engine = make_engine(url, context.config.attributes.get("keyring"))
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=url.startswith("sqlite"))
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
