"""Discord interactions: Ed25519 over timestamp + raw body, and the PING/PONG handshake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import nacl.exceptions
import nacl.signing

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, body_field, failed, header, json_body, json_reply


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-signature-ed25519")
    timestamp = header(incoming, "x-signature-timestamp")
    if signature is None or timestamp is None:
        return failed("missing X-Signature-Ed25519 or X-Signature-Timestamp header")
    try:
        key = nacl.signing.VerifyKey(bytes.fromhex(secret.strip()))
    except ValueError:
        return failed("secret is not a hex Ed25519 public key (64 hex digits)")
    try:
        key.verify(timestamp.encode() + incoming.body, bytes.fromhex(signature))
    except (nacl.exceptions.BadSignatureError, ValueError):
        return failed("X-Signature-Ed25519 does not verify")
    return VERIFIED


def check_secret(secret: str) -> str | None:
    try:
        nacl.signing.VerifyKey(bytes.fromhex(secret.strip()))
    except ValueError:
        return "must be the application's hex Ed25519 public key (64 hex digits)"
    return None


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if not isinstance(data, dict) or type(data.get("type")) is not int or data["type"] != 1:
        return None
    # Discord probes endpoints with bad signatures and drops those that answer the PING,
    # so without a key to check against the only safe answer is 401.
    if not secret:
        return json_reply(401, {"error": "the Source has no Discord public key"})
    result = verify(incoming, secret, config)
    if result.verdict != "verified":
        return json_reply(401, {"error": result.reason or "invalid request signature"})
    return json_reply(200, {"type": 1})


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="discord",
    name="Discord interactions",
    scheme="Ed25519 signature (hex, X-Signature-Ed25519) of X-Signature-Timestamp + raw body; "
    "secret = application public key (hex); no replay window",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    check_secret=check_secret,
    handshake_summary='a PING (type 1), signed like any interaction, answered {"type": 1}; '
    "401 when the signature does not verify",
    event_id_location="body id (interaction id)",
)
