"""delivery outbox: workflow starts of new Deliveries, taken by the workers' relay

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "delivery_outbox",
        sa.Column("delivery_id", sa.String(), nullable=False),
        sa.Column("start", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("delivery_id"),
    )
    # Deliveries accepted before this version got their workflow started by the API; the
    # reconciler starts any that did not.


def downgrade() -> None:
    op.drop_table("delivery_outbox")
