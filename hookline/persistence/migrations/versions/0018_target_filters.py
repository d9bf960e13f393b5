"""endpoints and destinations: a payload filter (`filter`, a CEL expression, or null) and a
transformation (`transformation`, JavaScript, or null); events: how many targets the
filters kept each event from (`filtered`)

Revision ID: 0018
Revises: 0017
"""
import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        op.add_column(table, sa.Column("filter", sa.Text(), nullable=True))
        op.add_column(table, sa.Column("transformation", sa.Text(), nullable=True))
    op.add_column("events", sa.Column("filtered", sa.Integer(), nullable=False,
                                      server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("filtered")
    for table in ("destinations", "endpoints"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("transformation")
            batch.drop_column("filter")
