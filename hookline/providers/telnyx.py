"""Telnyx: Ed25519 over "{telnyx-timestamp}|{raw body}", checked with the account's public key.

Source: team-telnyx/telnyx-python src/telnyx/lib/webhook_verification.py and
https://developers.telnyx.com/docs/development/sdk/python/webhooks
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import nacl.exceptions
import nacl.signing

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body, parse_int, timestamp_problem
from .hmac_schemes import decode_key

# TIMESTAMP_TOLERANCE_SECONDS of the SDK, which bounds both ways.
TOLERANCE_SECONDS = 300
_MAX_TS = 10**12  # seconds; past this a float cannot age it meaningfully


def _key(secret: str) -> nacl.signing.VerifyKey | None:
    raw = decode_key(secret, "base64")
    if raw is None or len(raw) != 32:
        return None
    try:
        return nacl.signing.VerifyKey(raw)
    except (nacl.exceptions.CryptoError, ValueError, TypeError):
        return None


def check_secret(secret: str) -> str | None:
    if _key(secret) is None:
        return "must be the base64 Ed25519 public key (32 bytes) from the Telnyx portal"
    return None


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature_text = header(incoming, "telnyx-signature-ed25519")
    ts_text = header(incoming, "telnyx-timestamp")
    if signature_text is None or ts_text is None:
        return failed("missing telnyx-signature-ed25519 or telnyx-timestamp header")
    ts = parse_int(ts_text)
    if ts is None or not 0 <= ts < _MAX_TS:
        return failed("telnyx-timestamp is not a unix timestamp")
    key = _key(secret)
    if key is None:
        return failed("secret is not a base64 Ed25519 public key (32 bytes)")
    signature = decode_key(signature_text, "base64")
    if signature is None or len(signature) != 64:
        return failed("telnyx-signature-ed25519 is not a base64 64-byte signature")
    try:
        key.verify(f"{ts_text}|".encode() + incoming.body, signature)
    except (nacl.exceptions.BadSignatureError, ValueError):
        return failed("telnyx-signature-ed25519 does not verify")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    inner = data.get("data") if isinstance(data, dict) else None
    return as_id(inner.get("id")) if isinstance(inner, dict) else None


PROVIDER = Provider(
    code="telnyx",
    name="Telnyx",
    scheme='Ed25519 signature (base64, telnyx-signature-ed25519) of "{telnyx-timestamp}|{raw '
    'body}"; secret = account public key (base64); timestamp within 300 s',
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body data.id",
    check_secret=check_secret,
)
