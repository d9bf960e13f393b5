"""payload erasure: an Event's or Message's payload can be erased (GDPR), its metadata kept

Revision ID: 0013
Revises: 0012
"""
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, not a batch: with an expression default, SQLite's batch mode
    # copies the table, and dropping `events` fails its Deliveries' foreign keys.
    for table in ("events", "messages"):
        op.add_column(table, sa.Column("payload_erased", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    for table in ("messages", "events"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("payload_erased")
