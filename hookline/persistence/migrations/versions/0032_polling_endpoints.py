"""polling endpoints (issue 69): an endpoint's sealed poll token and committed cursor, and
its gate row's `polling`, which the relay reads

Revision ID: 0032
Revises: 0031
"""
import sqlalchemy as sa
from alembic import op

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("endpoints", sa.Column("poll_token", sa.String(), nullable=True))
    op.add_column("endpoints", sa.Column("poll_cursor", sa.String(), nullable=True))
    op.add_column("target_gates", sa.Column("polling", sa.Boolean(), nullable=False,
                                            server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("target_gates", "polling")
    op.drop_column("endpoints", "poll_cursor")
    op.drop_column("endpoints", "poll_token")
