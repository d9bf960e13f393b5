"""Opaque cursors: the last id of a page and the list it belongs to, signed so that a cursor
the server did not make is refused."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from hookline.errors import invalid
from hookline.persistence.db import instance_secret

_secret: list[bytes] = []


def load_key() -> None:
    """Read the instance secret once at start-up (a second session inside a request would
    wait on the request's own SQLite write lock)."""
    _secret[:] = [instance_secret().encode()]


def _key() -> bytes:
    if not _secret:
        load_key()
    return _secret[0]


def _mac(payload: bytes) -> str:
    return hmac.new(_key(), payload, hashlib.sha256).hexdigest()[:24]


def encode(scope: str, last: Any) -> str:
    payload = json.dumps({"s": scope, "k": last}, separators=(",", ":")).encode()
    raw = payload + b"." + _mac(payload).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(scope: str, cursor: str | None) -> Any:
    """The key the previous page ended on, or None for the first page."""
    if cursor is None:
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        payload, mac = raw.rsplit(b".", 1)
        ok = hmac.compare_digest(mac.decode(), _mac(payload))
        data = json.loads(payload) if ok else None
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict) or data.get("s") != scope:
        raise invalid("cursor", "is not a cursor this list produced")
    return data["k"]


def page(items: list[Any], limit: int, scope: str, key_of: Any) -> tuple[list[Any], str | None]:
    """Trim a query result of limit+1 rows to one page and the cursor after it."""
    if len(items) <= limit:
        return items, None
    items = items[:limit]
    return items, encode(scope, key_of(items[-1]))
