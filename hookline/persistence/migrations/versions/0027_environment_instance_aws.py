"""environments: `instance_aws`, whether the instance's own AWS identity may sign the
environment's AWS targets that have no credentials of their own (issue 65: off for new
environments; on for those that already have such targets, so an upgrade delivers as
before until an operator revokes it)

Revision ID: 0027
Revises: 0026
"""
import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

AWS_SCHEMES = ("sqs", "sns", "eventbridge", "kinesis", "s3")


def upgrade() -> None:
    op.add_column("environments", sa.Column("instance_aws", sa.Boolean(), nullable=False,
                                            server_default=sa.false()))
    aws = " OR ".join(f"url LIKE '{scheme}://%'" for scheme in AWS_SCHEMES)
    relying = " UNION ".join(
        f"SELECT environment_id FROM {table} WHERE ({aws}) AND (credentials IS NULL OR "
        f"CAST(credentials AS TEXT) = 'null')" for table in ("endpoints", "destinations"))
    op.execute(f"UPDATE environments SET instance_aws = {_true()} WHERE id IN ({relying})")


def _true() -> str:
    return "TRUE" if op.get_bind().dialect.name == "postgresql" else "1"


def downgrade() -> None:
    op.drop_column("environments", "instance_aws")
