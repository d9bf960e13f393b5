"""Segment Webhooks destinations: hex HMAC-SHA1 of the raw body with the shared secret.

Source: https://www.twilio.com/docs/segment/connections/destinations/catalog/actions-webhook
"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import as_id, batch_id, json_body
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # Webhooks (Actions) may batch: the body is then an array of events.
    data = json_body(incoming)
    if isinstance(data, dict):
        return as_id(data.get("messageId"))
    return batch_id(data, "messageId")


PROVIDER = Provider(
    code="segment",
    name="Segment (Webhooks destination)",
    scheme="HMAC-SHA1 hex of the raw body in X-Signature, shared secret; no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-signature", algorithm="sha1"),
    event_id=event_id,
    event_id_location="body messageId (sha256 of all messageIds for a batch)",
)
