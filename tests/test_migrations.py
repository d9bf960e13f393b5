"""The migrations make exactly the schema the models describe, on SQLite and PostgreSQL:
a model changed without its migration (or the reverse) fails here, not in production."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import hookline.models  # noqa: F401  (registers every table on SQLModel.metadata)
from tests.support.stack import Stack


def test_migrated_schema_matches_the_models(stack: Stack) -> None:
    with stack.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection),
                                       SQLModel.metadata)
    assert differences == []
