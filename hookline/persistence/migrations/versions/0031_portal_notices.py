"""portal notices (issue 68): what a portal form came to, shown by the page its redirect
leads to (`portal_notices`)

Revision ID: 0031
Revises: 0030
"""
import sqlalchemy as sa
from alembic import op

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "portal_notices",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("link_id", sa.String(),
                  sa.ForeignKey("portal_links.id", ondelete="CASCADE"), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("once", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_portal_notices_link_id", "portal_notices", ["link_id"])
    op.create_index("ix_portal_notices_created_at", "portal_notices", ["created_at"])


def downgrade() -> None:
    op.drop_table("portal_notices")
