"""recoveries: bulk re-sends of a target's failed Deliveries, with their progress

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "recoveries",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("environment_id", sa.String(), nullable=False),
        sa.Column("target_id", sa.String(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("statuses", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("matching", sa.Integer(), nullable=False),
        sa.Column("recovered", sa.Integer(), nullable=False),
        sa.Column("last_delivery_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["environment_id"], ["environments.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_recoveries_environment_id", "recoveries", ["environment_id"])
    # Recoveries page through a target's Deliveries in creation (id) order.
    op.create_index("ix_deliveries_endpoint_id", "deliveries", ["endpoint_id", "id"])
    op.create_index("ix_deliveries_destination_id", "deliveries", ["destination_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_deliveries_destination_id", table_name="deliveries")
    op.drop_index("ix_deliveries_endpoint_id", table_name="deliveries")
    op.drop_index("ix_recoveries_environment_id", table_name="recoveries")
    op.drop_table("recoveries")
