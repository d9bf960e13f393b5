"""Standard Webhooks signatures: `v1,` + base64(HMAC-SHA256(key, "{id}.{ts}.{body}")), sent
under Standard Webhooks' header names (`webhook-*`) or Svix's (`svix-*`): an endpoint's
`signatureHeaders` chooses, and this module is the one place that names them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

SECRET_PREFIX = "whsec_"
# Svix's bounds: a key of 24 to 75 bytes (Standard Webhooks asks for 24 to 64; a secret moved
# from a Svix server may be longer, and must keep verifying).
KEY_BYTES_MIN, KEY_BYTES_MAX = 24, 75
WEBHOOK, SVIX = "webhook", "svix"
HEADER_SETS = (WEBHOOK, SVIX)  # `signatureHeaders`: the prefix of the three names
# What a fixed header or a transformation may never set: it would forge a signature.
SIGNATURE_PREFIXES = tuple(f"{names}-" for names in HEADER_SETS)
SIGNATURE_NAMES = frozenset(prefix + part for prefix in SIGNATURE_PREFIXES
                            for part in ("id", "timestamp", "signature"))


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(os.urandom(24)).decode()


def is_valid_secret(secret: str) -> bool:
    if not secret.startswith(SECRET_PREFIX):
        return False
    try:
        key = base64.b64decode(secret[len(SECRET_PREFIX):], validate=True)
    except ValueError:
        return False
    return KEY_BYTES_MIN <= len(key) <= KEY_BYTES_MAX


def _key(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(SECRET_PREFIX))


def sign(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signature_header(secrets: list[str], msg_id: str, timestamp: int, body: bytes) -> str:
    """Space-separated signatures, one per secret in force (new first during rotation)."""
    return " ".join(sign(s, msg_id, timestamp, body) for s in secrets)


def webhook_headers(secrets: list[str], msg_id: str, timestamp: int, body: bytes,
                    names: str = WEBHOOK) -> dict[str, str]:
    """The three signature headers under `names` (`webhook`: webhook-id...; `svix`: svix-id...),
    with the same values either way: Svix's verifiers read both sets, Standard Webhooks'
    libraries only `webhook-*`."""
    return {
        f"{names}-id": msg_id,
        f"{names}-timestamp": str(timestamp),
        f"{names}-signature": signature_header(secrets, msg_id, timestamp, body),
    }
