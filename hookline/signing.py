"""Standard Webhooks signatures: `v1,` + base64(HMAC-SHA256(key, "{id}.{ts}.{body}"))."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(os.urandom(24)).decode()


def is_valid_secret(secret: str) -> bool:
    if not secret.startswith(SECRET_PREFIX):
        return False
    try:
        key = base64.b64decode(secret[len(SECRET_PREFIX):], validate=True)
    except ValueError:
        return False
    return 24 <= len(key) <= 64


def _key(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(SECRET_PREFIX))


def sign(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signature_header(secrets: list[str], msg_id: str, timestamp: int, body: bytes) -> str:
    """Space-separated signatures, one per secret in force (new first during rotation)."""
    return " ".join(sign(s, msg_id, timestamp, body) for s in secrets)


def webhook_headers(secrets: list[str], msg_id: str, timestamp: int, body: bytes
                    ) -> dict[str, str]:
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature_header(secrets, msg_id, timestamp, body),
    }
