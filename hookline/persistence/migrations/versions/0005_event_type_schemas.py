"""event type schemas: versions, validation mode and examples; the version an event was
validated against and what it found

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event_types") as batch:
        batch.add_column(sa.Column("schema_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("validation", sa.String(), nullable=False,
                                   server_default="off"))
        batch.add_column(sa.Column("examples", sa.JSON(), nullable=True))
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("schema_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("schema_errors", sa.JSON(), nullable=True))
    op.create_table(
        "event_type_schemas",
        sa.Column("event_type_id", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("schema", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_type_id"], ["event_types.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_type_id", "version"),
    )


def downgrade() -> None:
    op.drop_table("event_type_schemas")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("schema_errors")
        batch.drop_column("schema_version")
    with op.batch_alter_table("event_types") as batch:
        batch.drop_column("examples")
        batch.drop_column("validation")
        batch.drop_column("schema_version")
