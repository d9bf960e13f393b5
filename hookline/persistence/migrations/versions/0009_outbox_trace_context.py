"""delivery outbox: the W3C trace context of the request that queued each start, so the relay
starts its workflow in that trace (only written while tracing is on)

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.add_column(sa.Column("trace_context", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.drop_column("trace_context")
