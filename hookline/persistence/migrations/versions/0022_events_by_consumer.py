"""events: the Consumer index gains `id`, so that a page of one Consumer's Events (Svix's
message list) is read in index order rather than sorted (`bench.event_pages`, in
bench/RESULTS.md: 86 ms to 0.11 ms a page for a Consumer of 100,000 Events on SQLite)

Revision ID: 0022
Revises: 0021
"""
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_events_consumer_id", table_name="events")
    op.create_index("ix_events_consumer_id", "events", ["consumer_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_events_consumer_id", table_name="events")
    op.create_index("ix_events_consumer_id", "events", ["consumer_id"])
