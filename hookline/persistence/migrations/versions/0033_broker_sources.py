"""broker sources (issue 69): a Source that reads a Kafka topic, an SQS queue or a RabbitMQ
queue, with its sign-in (sealed), dead-letter target, mapping, consumption bounds, and what
its reader last found

Revision ID: 0033
Revises: 0032
"""
import sqlalchemy as sa
from alembic import op

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)
COLUMNS = (("url", sa.Text()), ("credentials", sa.JSON()), ("tls", sa.JSON()),
           ("endpoint_override", sa.Text()), ("dead_letter", sa.Text()),
           ("mapping", sa.JSON()), ("consumption", sa.JSON()),
           ("lag_messages", sa.Integer()), ("lag_seconds", sa.Float()),
           ("lag_measured_at", _TS), ("last_error", sa.Text()), ("last_error_at", _TS),
           ("paused_until", _TS))


def upgrade() -> None:
    for name, kind in COLUMNS:
        op.add_column("sources", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    # The code before 0033 would take a broker Source for a webhook one, read nothing and
    # keep its credentials in a column it drops: refuse instead.
    brokers = op.get_bind().execute(sa.text(
        "SELECT COUNT(*) FROM sources WHERE type NOT IN ('webhook', 'cron')")).scalar_one()
    if brokers:
        raise RuntimeError(
            f"cannot downgrade below 0033: {brokers} sources read a broker (kafka://, sqs://, "
            "amqp://), which the older code cannot; delete them first")
    # Not a batch: on SQLite a batch copies the table, and sources is what destinations'
    # and messages' foreign keys name (0025 drops environments' column the same way).
    for name, _ in reversed(COLUMNS):
        op.drop_column("sources", name)
