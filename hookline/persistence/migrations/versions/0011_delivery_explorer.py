"""delivery explorer: each Delivery carries what its list filters on (event type, Consumer,
its last attempt's status code and class, error type and duration), each attempt its
target; one index per filter, in id (creation) order

Revision ID: 0011
Revises: 0010
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# (name, table, columns): every filter of GET /v1/deliveries and of a target's attempts
# seeks one of these and reads it in id order (ids sort by creation time).
INDEXES = (
    ("ix_deliveries_env_id", "deliveries", ["environment_id", "id"]),
    ("ix_deliveries_consumer_id", "deliveries", ["consumer_id", "id"]),
    ("ix_deliveries_env_type_id", "deliveries", ["environment_id", "event_type", "id"]),
    ("ix_deliveries_env_status_id", "deliveries", ["environment_id", "status", "id"]),
    ("ix_deliveries_env_error_id", "deliveries", ["environment_id", "last_error_type", "id"]),
    # `responseStatus=5xx` seeks the class; `=503` too, then compares the code.
    ("ix_deliveries_env_class_id", "deliveries", ["environment_id", "last_status_class", "id"]),
    ("ix_attempts_target_id", "attempts", ["target_id", "id"]),
)


def upgrade() -> None:
    with op.batch_alter_table("deliveries") as batch:
        batch.add_column(sa.Column("event_type", sa.String(), nullable=True))
        batch.add_column(sa.Column("consumer_id", sa.String(), nullable=True))
        batch.add_column(sa.Column("last_status_code", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("last_status_class", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("last_error_type", sa.String(), nullable=True))
        batch.add_column(sa.Column("last_duration_ms", sa.Integer(), nullable=True))
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("target_id", sa.String(), nullable=True))
    # Rows made before this version: the same values, from their Events and attempts.
    op.execute("""
        UPDATE deliveries SET
          event_type = (SELECT e.type FROM events e WHERE e.id = deliveries.event_id),
          consumer_id = (SELECT e.consumer_id FROM events e WHERE e.id = deliveries.event_id)
        WHERE event_id IS NOT NULL""")
    for column, source in (("last_status_code", "status_code"),
                           ("last_error_type", "error_type"),
                           ("last_duration_ms", "duration_ms")):
        op.execute(f"""
            UPDATE deliveries SET {column} = (
              SELECT a.{source} FROM attempts a WHERE a.delivery_id = deliveries.id
              ORDER BY a.attempt DESC LIMIT 1)
            WHERE attempts > 0""")
    op.execute("UPDATE deliveries SET last_status_class = last_status_code / 100 "
               "WHERE last_status_code IS NOT NULL")
    op.execute("""
        UPDATE attempts SET target_id = (
          SELECT coalesce(d.endpoint_id, d.destination_id) FROM deliveries d
          WHERE d.id = attempts.delivery_id)""")
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)
    # (environment_id, id) serves all it served, and one index fewer to write per Delivery.
    op.drop_index("ix_deliveries_environment_id", table_name="deliveries")


def downgrade() -> None:
    op.create_index("ix_deliveries_environment_id", "deliveries", ["environment_id"])
    for name, table, _ in reversed(INDEXES):
        op.drop_index(name, table_name=table)
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("target_id")
    with op.batch_alter_table("deliveries") as batch:
        for column in ("last_duration_ms", "last_error_type", "last_status_class",
                       "last_status_code", "consumer_id", "event_type"):
            batch.drop_column(column)
