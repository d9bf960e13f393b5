"""operational webhooks: the hidden environment of each environment's operational endpoints;
throttled attempts take their send times when they send, not when they are admitted

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("environments") as batch:
        batch.add_column(sa.Column("operational_of", sa.String(), nullable=True))
        batch.create_foreign_key("fk_environments_operational_of", "environments",
                                 ["operational_of"], ["id"])
    with op.batch_alter_table("sources") as batch:
        batch.add_column(sa.Column("verification_alerted_at", sa.DateTime(timezone=True),
                                   nullable=True))
    with op.batch_alter_table("attempt_leases") as batch:
        batch.drop_column("send_at")


def downgrade() -> None:
    with op.batch_alter_table("attempt_leases") as batch:
        batch.add_column(sa.Column("send_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("sources") as batch:
        batch.drop_column("verification_alerted_at")
    with op.batch_alter_table("environments") as batch:
        batch.drop_constraint("fk_environments_operational_of", type_="foreignkey")
        batch.drop_column("operational_of")
