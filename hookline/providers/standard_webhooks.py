"""Standard Webhooks (and Svix, Clerk, Resend): HMAC-SHA256 over "{id}.{ts}.{body}"."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, failed, header, parse_int, timestamp_problem
from .hmac_schemes import mac, matches

TOLERANCE_SECONDS = 300
SECRET_PREFIX = "whsec_"
HEADER_PREFIXES = ("webhook-", "svix-")


def decode_secret(secret: str) -> bytes | None:
    """The HMAC key: the base64 part of `whsec_<b64>`, or the whole secret without prefix.

    Mirrors the reference library, which pads and decodes leniently, so a key it signs with
    is the key we verify with.
    """
    secret = secret.strip()
    if secret.startswith(SECRET_PREFIX):
        secret = secret[len(SECRET_PREFIX) :]
    try:
        key = base64.b64decode(secret + "==")
    except (binascii.Error, ValueError):
        return None
    return key or None


def verify_standard(
    incoming: Incoming, secret: str, prefixes: tuple[str, ...] = HEADER_PREFIXES
) -> Verification:
    prefix = next((p for p in prefixes if header(incoming, p + "signature")), None)
    if prefix is None:
        return failed(f"missing {prefixes[0]}signature header")
    msg_id = header(incoming, prefix + "id")
    ts_text = header(incoming, prefix + "timestamp")
    signatures = header(incoming, prefix + "signature") or ""
    if msg_id is None or ts_text is None:
        return failed(f"missing {prefix}id or {prefix}timestamp header")
    ts = parse_int(ts_text)
    if ts is None:
        return failed(f"{prefix}timestamp is not an integer")
    key = decode_secret(secret)
    if key is None:
        return failed("secret is not base64 (expected whsec_<base64>)")
    digest = mac(key, f"{msg_id}.{ts_text}.".encode() + incoming.body)
    # Only v1 (HMAC) entries count; v1a (Ed25519) and unknown versions are ignored.
    candidates = [
        sig
        for version, _, sig in (item.partition(",") for item in signatures.split())
        if version == "v1"
    ]
    if not candidates:
        return failed(f"{prefix}signature has no v1 signature")
    if not any(matches(digest, sig, "base64") for sig in candidates):
        return failed(f"no {prefix}signature matches")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    return verify_standard(incoming, secret)


def event_id(incoming: Incoming) -> str | None:
    return header(incoming, "webhook-id", "svix-id")


PROVIDER = Provider(
    code="standard-webhooks",
    name="Standard Webhooks (Svix, Clerk, Resend, ...)",
    scheme='HMAC-SHA256 base64 of "{id}.{timestamp}.{raw body}" keyed with the base64-decoded '
    "whsec_ secret; webhook-* or svix-* headers; timestamp within 300 s",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="header webhook-id (or svix-id)",
)
