"""events: `enveloped` (false for an event sent as its `data` alone, as Svix sends a
message), and Svix's `channels` and `tags`

Revision ID: 0021
Revises: 0020
"""
import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("enveloped", sa.Boolean(), nullable=False,
                                      server_default=sa.true()))
    op.add_column("events", sa.Column("channels", sa.JSON(), nullable=True))
    op.add_column("events", sa.Column("tags", sa.JSON(), nullable=True))


def downgrade() -> None:
    # The code before 0021 reads every payload as `{type, timestamp, data}`: a bare one would
    # be read wrongly, and wrapping it would change what its retries send. Refuse instead.
    bare = op.get_bind().execute(sa.text(
        "SELECT COUNT(*) FROM events WHERE NOT enveloped")).scalar_one()
    if bare:
        raise RuntimeError(
            f"cannot downgrade below 0021: {bare} events hold a bare payload (messages sent "
            "through /api/v1), which the older code would read as an envelope; delete them "
            "(or wait for retention to) first")
    for column in ("tags", "channels", "enveloped"):
        op.drop_column("events", column)
