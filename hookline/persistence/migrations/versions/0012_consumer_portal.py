"""consumer portal: magic links (stored hashed) and each environment's portal branding

Revision ID: 0012
Revises: 0011
"""
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "portal_links",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("environment_id", sa.String(), nullable=False),
        sa.Column("consumer_id", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("read_only", sa.Boolean(), nullable=False),
        sa.Column("event_types", sa.JSON(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["environment_id"], ["environments.id"]),
        sa.ForeignKeyConstraint(["consumer_id"], ["consumers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_portal_links_environment_id", "portal_links", ["environment_id"])
    op.create_index("ix_portal_links_consumer_id", "portal_links", ["consumer_id"])
    op.create_table(
        "portal_settings",
        sa.Column("environment_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=True),
        sa.Column("logo_url", sa.Text(), nullable=True),
        sa.Column("accent_color", sa.String(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["environment_id"], ["environments.id"]),
        sa.PrimaryKeyConstraint("environment_id"),
    )


def downgrade() -> None:
    op.drop_table("portal_settings")
    op.drop_index("ix_portal_links_consumer_id", table_name="portal_links")
    op.drop_index("ix_portal_links_environment_id", table_name="portal_links")
    op.drop_table("portal_links")
