"""delivery outbox: when each start was queued, for the relay's lag and the oldest start's
age in the metrics

Revision ID: 0008
Revises: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rows queued before this version have none: they count in the outbox's depth, not in
    # its oldest age or the relay's lag.
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.add_column(sa.Column("queued_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_delivery_outbox_queued", "delivery_outbox", ["queued_at"])


def downgrade() -> None:
    op.drop_index("ix_delivery_outbox_queued", table_name="delivery_outbox")
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.drop_column("queued_at")
