"""endpoints: `signature_headers` (`webhook` or `svix`: the names its signature goes under),
and a Svix endpoint's `uid` (unique within its Consumer), `metadata` and `channels` (what the
Svix-compatible API's endpoints show, `api/svix`)

Revision ID: 0020
Revises: 0019
"""
import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("endpoints", sa.Column("signature_headers", sa.String(), nullable=False,
                                         server_default="webhook"))
    op.add_column("endpoints", sa.Column("uid", sa.String(length=200), nullable=True))
    op.add_column("endpoints", sa.Column("metadata", sa.JSON(), nullable=False,
                                         server_default="{}"))
    op.add_column("endpoints", sa.Column("channels", sa.JSON(), nullable=True))
    # An index, not a constraint: SQLite adds one without copying the table.
    op.create_index("ix_endpoints_consumer_uid", "endpoints", ["consumer_id", "uid"],
                    unique=True)


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite has it since 3.35), the index first: SQLite refuses to drop
    # an indexed column, and a batch would copy `endpoints`.
    op.drop_index("ix_endpoints_consumer_uid", table_name="endpoints")
    for column in ("channels", "metadata", "uid", "signature_headers"):
        op.drop_column("endpoints", column)
