"""instance secret: a random key shared by every process through the database

Revision ID: 0002
Revises: 0001
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = sa.table("instance_secret", sa.column("id", sa.Integer), sa.column("secret", sa.String))
    op.bulk_insert(table, [{"id": 1, "secret": secrets.token_hex(32)}])


def downgrade() -> None:
    op.execute("DELETE FROM instance_secret WHERE id = 1")
