"""Xero: base64 HMAC-SHA256 of the raw body with the webhook key, and the "intent to receive"
check (correctly and incorrectly signed POSTs with no events, answered 200 or 401).

Source: https://developer.xero.com/documentation/webhooks/configuring-your-server
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import json_body
from .hmac_schemes import body_hmac_verifier

verify = body_hmac_verifier("x-xero-signature", encoding="base64")

# Xero wants no body in any answer.
_OK = Reply(status=200, body=b"", content_type="text/plain")
_UNAUTHORIZED = Reply(status=401, body=b"", content_type="text/plain")


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if not isinstance(data, dict) or data.get("events") != []:
        return None
    # Intent to receive: Xero sends correctly and incorrectly signed payloads and expects
    # 200 for the former and 401 for the latter. They carry no event, so nothing is stored
    # (and an incorrectly signed one raises no verification alert). Without the key the two
    # cannot be told apart, so every one is refused.
    if not secret or verify(incoming, secret, config).verdict != "verified":
        return _UNAUTHORIZED
    return _OK


def event_id(incoming: Incoming) -> str | None:
    # No delivery id; entropy and the sequence numbers are not documented as stable across
    # retries, so the id is a digest of the events themselves.
    data = json_body(incoming)
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list) or not events:
        return None
    canonical = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


PROVIDER = Provider(
    accept_status=200,  # Xero counts anything but 200 as a failed delivery
    code="xero",
    name="Xero",
    scheme="HMAC-SHA256 base64 of the raw body in x-xero-signature, webhook key; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary='intent to receive: POSTs with "events": [] are answered 200 with no body '
    "when correctly signed and 401 with no body otherwise; never stored",
    event_id_location="derived: sha256 of the body's events array (none documented)",
)
