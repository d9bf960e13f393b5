"""destinations: one status vocabulary with endpoints (Enabled, DisabledAutomatically,
DisabledManually) instead of enabled/disabled plus a disabled_automatically flag; the API
still shows a destination's as enabled/disabled

Revision ID: 0017
Revises: 0016
"""
import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE destinations SET status = CASE "
               "WHEN status = 'enabled' THEN 'Enabled' "
               "WHEN disabled_automatically THEN 'DisabledAutomatically' "
               "ELSE 'DisabledManually' END")
    with op.batch_alter_table("destinations") as batch:
        batch.drop_column("disabled_automatically")


def downgrade() -> None:
    op.add_column("destinations", sa.Column("disabled_automatically", sa.Boolean(),
                                            nullable=False, server_default=sa.false()))
    op.execute("UPDATE destinations SET "
               "disabled_automatically = (status = 'DisabledAutomatically'), "
               "status = CASE WHEN status = 'Enabled' THEN 'enabled' ELSE 'disabled' END")
