"""delivery outbox: the end of each Delivery's retry window (queued + the sum of its delays),
so that one held past it by an open circuit ends `exhausted` without leaving the outbox

Revision ID: 0015
Revises: 0014
"""
import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("delivery_outbox",
                  sa.Column("window_end", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_delivery_outbox_window", "delivery_outbox", ["target_id", "window_end"])


def downgrade() -> None:
    op.drop_index("ix_delivery_outbox_window", table_name="delivery_outbox")
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.drop_column("window_end")
