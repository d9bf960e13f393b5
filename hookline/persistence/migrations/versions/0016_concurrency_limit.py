"""target gates: the adaptive concurrency limit (`hookline.delivery.limit`); attempt leases:
how many of the target's attempts were admitted with each, counting it, which decides
whether its success grows the limit

Revision ID: 0016
Revises: 0015
"""
import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("target_gates", sa.Column("concurrency_limit", sa.Float(), nullable=False,
                                            server_default="1"))
    op.add_column("attempt_leases", sa.Column("in_flight", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("attempt_leases") as batch:
        batch.drop_column("in_flight")
    with op.batch_alter_table("target_gates") as batch:
        batch.drop_column("concurrency_limit")
