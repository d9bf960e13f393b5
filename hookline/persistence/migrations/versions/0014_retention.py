"""retention: an environment's own retention (`retentionDays`), and messages read by
environment in id order (the retention pass walks them so, like events)

Revision ID: 0014
Revises: 0013
"""
import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN and indexes: a batch would copy `environments`, which every table
    # references (see 0013).
    op.add_column("environments", sa.Column("retention_days", sa.Integer(), nullable=True))
    op.create_index("ix_messages_env_id", "messages", ["environment_id", "id"])
    op.drop_index("ix_messages_environment_id", table_name="messages")


def downgrade() -> None:
    op.create_index("ix_messages_environment_id", "messages", ["environment_id"])
    op.drop_index("ix_messages_env_id", table_name="messages")
    with op.batch_alter_table("environments") as batch:
        batch.drop_column("retention_days")
