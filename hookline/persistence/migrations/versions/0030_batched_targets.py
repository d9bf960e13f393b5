"""batched targets (issue 67): endpoints' and destinations' `batch`, mirrored on their gate
rows for the relay, a Delivery's `batch_id`, and the batches (`delivery_batches`)

Revision ID: 0030
Revises: 0029
"""
import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        op.add_column(table, sa.Column("batch", sa.JSON(), nullable=True))
    op.add_column("target_gates", sa.Column("batch_size", sa.Integer(), nullable=True))
    op.add_column("target_gates", sa.Column("batch_wait_ms", sa.Integer(), nullable=True))
    op.add_column("deliveries", sa.Column("batch_id", sa.String(), nullable=True))
    op.create_index("ix_deliveries_batch_id", "deliveries", ["batch_id"])
    op.create_table(
        "delivery_batches",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("target_id", sa.String(), nullable=False),
        sa.Column("lease_key", sa.String(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_delivery_batches_target_id", "delivery_batches", ["target_id"])


def downgrade() -> None:
    op.drop_table("delivery_batches")
    op.drop_index("ix_deliveries_batch_id", "deliveries")
    op.drop_column("deliveries", "batch_id")
    op.drop_column("target_gates", "batch_wait_ms")
    op.drop_column("target_gates", "batch_size")
    for table in ("endpoints", "destinations"):
        op.drop_column(table, "batch")
