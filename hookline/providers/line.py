"""LINE Messaging API: base64 HMAC-SHA256 of the raw body with the channel secret, plus the
webhook URL check (a signed POST with no events).

Source: https://developers.line.biz/en/docs/messaging-api/verify-webhook-signature/ and
https://developers.line.biz/en/docs/messaging-api/verify-webhook-url/
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import batch_id, json_body, json_reply
from .hmac_schemes import body_hmac_verifier

verify = body_hmac_verifier("x-line-signature", encoding="base64")


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if not isinstance(data, dict) or data.get("events") != []:
        return None
    # LINE checks the URL with a signed POST whose events array is empty and wants 200; it
    # carries nothing to forward. Without a secret it is answered unchecked, like Slack's.
    if secret:
        result = verify(incoming, secret, config)
        if result.verdict != "verified":
            return json_reply(401, {"error": result.reason or "signature mismatch"})
    return json_reply(200, {})


def event_id(incoming: Incoming) -> str | None:
    # One request may carry several events, each with its webhookEventId (kept on redelivery).
    data = json_body(incoming)
    return batch_id(data.get("events") if isinstance(data, dict) else None, "webhookEventId")


PROVIDER = Provider(
    code="line",
    name="LINE Messaging API",
    scheme="HMAC-SHA256 base64 of the raw body in X-Line-Signature, channel secret; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary='URL check: a POST with "events": [] is verified and answered 200 {} '
    "without being stored",
    event_id_location="body events[].webhookEventId (sha256 of them all for several events)",
)
