"""endpoints and destinations: a broker target's `credentials` (JSON) and
`endpoint_override`; environments: the `target_kinds` its targets may be (JSON; null: all)

Revision ID: 0025
Revises: 0024
"""
import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        op.add_column(table, sa.Column("credentials", sa.JSON(), nullable=True))
        op.add_column(table, sa.Column("endpoint_override", sa.Text(), nullable=True))
    op.add_column("environments", sa.Column("target_kinds", sa.JSON(), nullable=True))


def downgrade() -> None:
    # The code before 0025 would take a broker URL for an HTTP one and fail every attempt
    # to it, its credentials gone: refuse instead.
    brokers = sum(op.get_bind().execute(sa.text(
        f"SELECT COUNT(*) FROM {table} WHERE url NOT LIKE 'http%'")).scalar_one()
        for table in ("endpoints", "destinations"))
    if brokers:
        raise RuntimeError(
            f"cannot downgrade below 0025: {brokers} endpoints or destinations deliver to a "
            "broker (kafka://, amqp://, sqs://...), which the older code cannot; delete them "
            "first")
    # Not a batch: on SQLite a batch copies the table, and environments is what others'
    # foreign keys name (0024 drops its column the same way).
    op.drop_column("environments", "target_kinds")
    for table in ("destinations", "endpoints"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("endpoint_override")
            batch.drop_column("credentials")
