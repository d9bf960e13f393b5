"""delivery_outbox: the `environment_id` and `lane` (its Consumer, else its target) of each
waiting start, so the relay takes turns between environments, then Consumers (backfilled:
the Delivery's environment, the start's target); plans: `weight`, an organization's share
of the engine beside others' (1 by default)

Revision ID: 0026
Revises: 0025
"""
import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("delivery_outbox", sa.Column("environment_id", sa.String(), nullable=True))
    op.add_column("delivery_outbox", sa.Column("lane", sa.String(), nullable=True))
    op.execute("UPDATE delivery_outbox SET lane = target_id, environment_id = (SELECT "
               "environment_id FROM deliveries WHERE deliveries.id = delivery_outbox.delivery_id)")
    op.add_column("plans", sa.Column("weight", sa.Integer(), nullable=False,
                                     server_default="1"))


def downgrade() -> None:
    # Not batches: on SQLite a batch copies the table, and plans is small but named by none,
    # delivery_outbox busy; SQLite 3.35+ drops a plain column in place.
    op.drop_column("plans", "weight")
    op.drop_column("delivery_outbox", "lane")
    op.drop_column("delivery_outbox", "environment_id")
