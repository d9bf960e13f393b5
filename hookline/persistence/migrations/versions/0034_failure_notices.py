"""failure notices to consumers (issue 70): a Consumer's `contacts` and when its last weekly
digest went; an endpoint's notice state; an environment's notice settings beside its portal
branding; a notice Event's sealed body; `notices`, one row per notice and channel; and
`notice_suppressions`, the addresses that unsubscribed

Revision ID: 0034
Revises: 0033
"""
import sqlalchemy as sa
from alembic import op

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("consumers", sa.Column("contacts", sa.JSON(), nullable=True))
    op.add_column("consumers", sa.Column("digest_sent_at", sa.DateTime(timezone=True),
                                         nullable=True))
    op.add_column("endpoints", sa.Column("notice_state", sa.String(), nullable=True))
    op.add_column("endpoints", sa.Column("failing_noticed_at", sa.DateTime(timezone=True),
                                         nullable=True))
    op.add_column("events", sa.Column("sealed_payload", sa.String(), nullable=True))
    op.add_column("portal_settings", sa.Column("support_url", sa.Text(), nullable=True))
    op.add_column("portal_settings", sa.Column("notices_enabled", sa.Boolean(),
                                               nullable=False, server_default=sa.true()))
    op.add_column("portal_settings", sa.Column("failing_notice_hours", sa.Integer(),
                                               nullable=True))
    op.create_table(
        "notices",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("environment_id", sa.String(), sa.ForeignKey("environments.id"),
                  nullable=False),
        sa.Column("consumer_id", sa.String(),
                  sa.ForeignKey("consumers.id", ondelete="CASCADE"), nullable=False),
        sa.Column("endpoint_id", sa.String(), nullable=True),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("channel", sa.String(), nullable=False),
        sa.Column("recipient", sa.String(), nullable=False),
        sa.Column("delivery_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_notices_consumer_id", "notices", ["consumer_id", "id"])
    op.create_index("ix_notices_recipient", "notices", ["recipient", "id"])
    op.create_table(
        "notice_suppressions",
        sa.Column("environment_id", sa.String(), sa.ForeignKey("environments.id"),
                  primary_key=True),
        sa.Column("address", sa.String(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    op.drop_table("notice_suppressions")
    op.drop_table("notices")
    op.drop_column("portal_settings", "failing_notice_hours")
    op.drop_column("portal_settings", "notices_enabled")
    op.drop_column("portal_settings", "support_url")
    op.drop_column("events", "sealed_payload")
    op.drop_column("endpoints", "failing_noticed_at")
    op.drop_column("endpoints", "notice_state")
    op.drop_column("consumers", "digest_sent_at")
    op.drop_column("consumers", "contacts")
