"""credentials sealed at rest (issue 65): every signing secret, fixed header, OAuth2 and TLS
setting, broker credential, Source secret and provider setting, and every environment's
egress proxy, sealed with the keys HOOKLINE_ENCRYPTION_KEYS gives (`hookline.encryption`).
The columns keep their types: a JSON column holds its sealed text as a JSON string.

Revision ID: 0028
Revises: 0027
"""
import json
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from hookline.encryption.keyring import PREFIX, Keyring
from hookline.persistence.sealed import keyring_of

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

TEXT = {"endpoints": ("secret", "previous_secret"), "destinations": ("secret", "previous_secret"),
        "sources": ("secret",), "environments": ("egress_proxy",)}
JSON = {"endpoints": ("custom_headers", "auth", "tls", "credentials"),
        "destinations": ("custom_headers", "auth", "tls", "credentials"),
        "sources": ("provider_config",)}


def upgrade() -> None:
    _each(lambda keyring, value: None if value.startswith(PREFIX) else keyring.seal(value))


def downgrade() -> None:
    _each(lambda keyring, value: keyring.open(value) if value.startswith(PREFIX) else None)


Change = Callable[[Keyring, str], "str | None"]


def _each(change: Change) -> None:
    """`change(keyring, text)`: the text to store instead, or None to leave the row."""
    bind = op.get_bind()
    keyring: Keyring = keyring_of(bind.dialect)
    for kind, columns in (("text", TEXT), ("json", JSON)):
        for table, names in columns.items():
            for name in names:
                _column(bind, keyring, table, name, kind == "json", change)


def _column(bind: sa.Connection, keyring: Keyring, table: str, name: str, holds_json: bool,
            change: Change) -> None:
    stored = sa.cast(sa.column(name), sa.Text) if holds_json else sa.column(name)
    rows = bind.execute(sa.select(sa.column("id"), stored).select_from(sa.table(table))
                        .where(sa.column(name).is_not(None))).all()
    for row_id, text in rows:
        value = json.loads(text) if holds_json else text
        if value is None:
            continue
        if holds_json and not isinstance(value, str):
            value = json.dumps(value)
        now = change(keyring, value)
        if now is None:
            continue
        if holds_json and now.startswith(PREFIX):
            written = sa.literal(now, sa.JSON)
        elif holds_json:
            written = sa.literal(json.loads(now), sa.JSON)
        else:
            written = sa.literal(now, sa.String)
        bind.execute(sa.update(sa.table(table, sa.column("id"), sa.column(name)))
                     .where(sa.column("id") == row_id).values({name: written}))
