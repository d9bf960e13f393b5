"""per-target gates: attempt leases, breaker, throttle and pause state, endpoint and
destination rate limits, and the target of each outbox start

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("rate_limit", sa.Integer(), nullable=True))
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.add_column(sa.Column("target_id", sa.String(), nullable=True))
    # Starts queued before this version: their target, so the relay gates them like new ones.
    op.execute("UPDATE delivery_outbox SET target_id = (SELECT coalesce(d.endpoint_id, "
               "d.destination_id) FROM deliveries d WHERE d.id = delivery_outbox.delivery_id)")
    op.create_index("ix_delivery_outbox_target", "delivery_outbox",
                    ["target_id", "delivery_id"])
    op.create_table(
        "attempt_leases",
        sa.Column("delivery_id", sa.String(), nullable=False),
        sa.Column("target_id", sa.String(), nullable=False),
        sa.Column("send_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("delivery_id"),
    )
    op.create_index("ix_attempt_leases_target", "attempt_leases", ["target_id", "expires_at"])
    op.create_table(
        "target_gates",
        sa.Column("target_id", sa.String(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("circuit", sa.String(), nullable=False, server_default="closed"),
        sa.Column("circuit_opened_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("circuit_retry_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("paused_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("next_send_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("target_id"),
    )


def downgrade() -> None:
    op.drop_table("target_gates")
    op.drop_index("ix_attempt_leases_target", table_name="attempt_leases")
    op.drop_table("attempt_leases")
    op.drop_index("ix_delivery_outbox_target", table_name="delivery_outbox")
    with op.batch_alter_table("delivery_outbox") as batch:
        batch.drop_column("target_id")
    for table in ("endpoints", "destinations"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("rate_limit")
