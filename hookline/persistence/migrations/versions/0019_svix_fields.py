"""consumers: `metadata` (strings by string), `throttle_rate` and `updated_at`; event types:
`archived`, `deprecated` and `updated_at`: what the Svix-compatible API's applications and
event types show (`api/svix`)

Revision ID: 0019
Revises: 0018
"""
import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("consumers", sa.Column("metadata", sa.JSON(), nullable=False,
                                         server_default="{}"))
    op.add_column("consumers", sa.Column("throttle_rate", sa.Integer(), nullable=True))
    for flag in ("archived", "deprecated"):
        op.add_column("event_types", sa.Column(flag, sa.Boolean(), nullable=False,
                                               server_default=sa.false()))
    # Nullable in the schema only: filled here for the rows that exist, and set on every
    # new row by the models (a NOT NULL change would make SQLite copy `consumers`, whose
    # rows other tables reference).
    for table in ("consumers", "event_types"):
        op.add_column(table, sa.Column("updated_at", sa.DateTime(timezone=True),
                                       nullable=True))
        op.execute(f"UPDATE {table} SET updated_at = created_at")


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite has it since 3.35): a batch would copy `consumers`, and
    # dropping the old copy deletes what references it (portal links) or is refused.
    for column in ("updated_at", "deprecated", "archived"):
        op.drop_column("event_types", column)
    for column in ("updated_at", "throttle_rate", "metadata"):
        op.drop_column("consumers", column)
