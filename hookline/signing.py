"""Standard Webhooks signatures: `v1,` + base64(HMAC-SHA256(key, "{id}.{ts}.{body}")) for a
`whsec_` secret, and `v1a,` + base64(ed25519 signature of the same) for a `whsk_` signing
key, whose receivers hold only its `whpk_` public key. They are sent under Standard
Webhooks' header names (`webhook-*`) or Svix's (`svix-*`): an endpoint's `signatureHeaders`
chooses, and this module is the one place that names them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from functools import lru_cache

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

SECRET_PREFIX = "whsec_"
SIGNING_KEY_PREFIX, PUBLIC_KEY_PREFIX = "whsk_", "whpk_"  # v1a's (ed25519) private and public
# Svix's bounds: a key of 24 to 75 bytes (Standard Webhooks asks for 24 to 64; a secret moved
# from a Svix server may be longer, and must keep verifying).
KEY_BYTES_MIN, KEY_BYTES_MAX = 24, 75
V1, V1A = "v1", "v1a"
SCHEMES = (V1, V1A)  # `signatureScheme`: follows the kind of key a target signs with
WEBHOOK, SVIX = "webhook", "svix"
HEADER_SETS = (WEBHOOK, SVIX)  # `signatureHeaders`: the prefix of the three names
# What a fixed header or a transformation may never set: it would forge a signature.
SIGNATURE_PREFIXES = tuple(f"{names}-" for names in HEADER_SETS)
SIGNATURE_NAMES = frozenset(prefix + part for prefix in SIGNATURE_PREFIXES
                            for part in ("id", "timestamp", "signature"))


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(os.urandom(24)).decode()


def _decoded(value: str, prefix: str) -> bytes | None:
    """The bytes after `prefix`, or None when it is missing or they are not base64."""
    if not value.startswith(prefix):
        return None
    try:
        return base64.b64decode(value[len(prefix):], validate=True)
    except ValueError:
        return None


def is_valid_secret(secret: str) -> bool:
    key = _decoded(secret, SECRET_PREFIX)
    return key is not None and KEY_BYTES_MIN <= len(key) <= KEY_BYTES_MAX


def _key(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(SECRET_PREFIX))


def new_signing_key() -> str:
    """A `whsk_` key: base64 of the ed25519 seed and its public key (64 bytes), the form
    Svix and Standard Webhooks write."""
    private = Ed25519PrivateKey.generate()
    return SIGNING_KEY_PREFIX + base64.b64encode(
        private.private_bytes_raw() + private.public_key().public_bytes_raw()).decode()


def is_valid_signing_key(key: str) -> bool:
    """A `whsk_` key of 64 bytes whose second half is the public key of its first."""
    raw = _decoded(key, SIGNING_KEY_PREFIX)
    return raw is not None and len(raw) == 64 and Ed25519PrivateKey.from_private_bytes(
        raw[:32]).public_key().public_bytes_raw() == raw[32:]


def public_key(key: str) -> str:
    """The `whpk_` public key of a `whsk_` signing key: what a receiver verifies with."""
    return PUBLIC_KEY_PREFIX + base64.b64encode(_signer(key).public_key().public_bytes_raw()
                                                ).decode()


@lru_cache(maxsize=1024)
def _signer(key: str) -> Ed25519PrivateKey:
    # Made once per key, not per attempt.
    raw = base64.b64decode(key.removeprefix(SIGNING_KEY_PREFIX))
    return Ed25519PrivateKey.from_private_bytes(raw[:32])


def scheme_of(secret: str) -> str:
    """`v1a` for a `whsk_` signing key, else `v1`: a target's scheme is its key's kind, so a
    rotation from one kind to the other is a scheme switch, both signing in the overlap."""
    return V1A if secret.startswith(SIGNING_KEY_PREFIX) else V1


def new_key(scheme: str) -> str:
    return new_signing_key() if scheme == V1A else new_secret()


def is_valid_key(key: str) -> bool:
    """A `whsec_` secret or a `whsk_` signing key."""
    return is_valid_signing_key(key) if scheme_of(key) == V1A else is_valid_secret(key)


def verifying_key(secret: str) -> str:
    """What a receiver verifies with: the `whpk_` public key of a signing key, the secret
    itself for HMAC."""
    return public_key(secret) if scheme_of(secret) == V1A else secret


def sign(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """`v1,` for a `whsec_` secret, `v1a,` for a `whsk_` signing key."""
    signed = f"{msg_id}.{timestamp}.".encode() + body
    if secret.startswith(SIGNING_KEY_PREFIX):
        return "v1a," + base64.b64encode(_signer(secret).sign(signed)).decode()
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
