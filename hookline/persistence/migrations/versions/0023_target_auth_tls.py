"""endpoints and destinations: how the engine reaches the receiver, `auth` (OAuth2 client
credentials) and `tls` (a client certificate and key, a CA bundle), JSON or null

Revision ID: 0023
Revises: 0022
"""
import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("endpoints", "destinations"):
        op.add_column(table, sa.Column("auth", sa.JSON(), nullable=True))
        op.add_column(table, sa.Column("tls", sa.JSON(), nullable=True))


def downgrade() -> None:
    for table in ("destinations", "endpoints"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("tls")
            batch.drop_column("auth")
