"""ordered targets (issue 67): endpoints' and destinations' `ordering`, a Delivery's `line`,
the lines with a head (`order_lines`) and the Deliveries queued behind it (`line_waits`)

Revision ID: 0029
Revises: 0028
"""
import sqlalchemy as sa
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        op.add_column(table, sa.Column("ordering", sa.JSON(), nullable=True))
    op.add_column("deliveries", sa.Column("line", sa.String(), nullable=True))
    op.create_table(
        "order_lines",
        sa.Column("target_id", sa.String(), primary_key=True),
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("environment_id", sa.String(), nullable=False),
        sa.Column("head_id", sa.String(), nullable=True),
        sa.Column("next_seq", sa.Integer(), nullable=False))
    op.create_index("ix_order_lines_head_id", "order_lines", ["head_id"])
    op.create_table(
        "line_waits",
        sa.Column("target_id", sa.String(), primary_key=True),
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("delivery_id", sa.String(), nullable=False),
        sa.Column("environment_id", sa.String(), nullable=False),
        sa.Column("start", sa.Text(), nullable=False),
        sa.Column("trace_context", sa.String(), nullable=True))
    op.create_index("ix_line_waits_delivery_id", "line_waits", ["delivery_id"], unique=True)


def downgrade() -> None:
    op.drop_table("line_waits")
    op.drop_table("order_lines")
    op.drop_column("deliveries", "line")
    for table in ("endpoints", "destinations"):
        op.drop_column(table, "ordering")
