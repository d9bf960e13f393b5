"""Zoom: v0 signature over "v0:{timestamp}:{raw body}", plus endpoint.url_validation."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import (
    as_id,
    json_body,
    json_reply,
)
from .hmac_schemes import mac, v0_verifier

TOLERANCE_SECONDS = 300


verify = v0_verifier(signature_header="x-zm-signature", timestamp_header="x-zm-request-timestamp",
                     tolerance=TOLERANCE_SECONDS)


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if not isinstance(data, dict) or data.get("event") != "endpoint.url_validation":
        return None
    if not secret:
        return json_reply(400, {"error": "the Source has no Zoom secret token"})
    # The answer is HMAC(secret, plainToken), the same primitive as the signature: answering
    # an unsigned request would let anyone obtain a valid x-zm-signature for a forged body.
    # Zoom signs validation requests too (its own sample checks before answering).
    result = verify(incoming, secret, config)
    if result.verdict != "verified":
        return json_reply(401, {"error": result.reason or "signature mismatch"})
    payload = data.get("payload")
    plain = payload.get("plainToken") if isinstance(payload, dict) else None
    if not isinstance(plain, str):
        return json_reply(400, {"error": "endpoint.url_validation without payload.plainToken"})
    encrypted = mac(secret, plain.encode()).hex()
    return json_reply(200, {"plainToken": plain, "encryptedToken": encrypted})


def event_id(incoming: Incoming) -> str | None:
    # Zoom documents no delivery id. A retry resends the same event, so a digest of the
    # event name, its event_ts and the body identifies it; without event_ts there is none.
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    event, event_ts = as_id(data.get("event")), as_id(data.get("event_ts"))
    if event is None or event_ts is None:
        return None
    digest = hashlib.sha256(f"{event}\n{event_ts}\n".encode() + incoming.body).hexdigest()
    return f"sha256:{digest}"


PROVIDER = Provider(
    code="zoom",
    name="Zoom",
    scheme='HMAC-SHA256 hex of "v0:{x-zm-request-timestamp}:{raw body}" in x-zm-signature '
    "(v0=...); timestamp within 300 s",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary="endpoint.url_validation, verified, answered {plainToken, encryptedToken: "
    "hex HMAC-SHA256 of plainToken}",
    event_id_location="derived: sha256 of body event + event_ts + raw body (none documented)",
)
