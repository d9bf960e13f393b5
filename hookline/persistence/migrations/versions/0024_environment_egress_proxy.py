"""environments: `egress_proxy`, the forward proxy an environment's requests to receivers go
through instead of the instance's HOOKLINE_EGRESS_PROXY

Revision ID: 0024
Revises: 0023
"""
import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("environments", sa.Column("egress_proxy", sa.String(), nullable=True))


def downgrade() -> None:
    op.drop_column("environments", "egress_proxy")
