"""Zendesk: base64 HMAC-SHA256 of timestamp + raw body in X-Zendesk-Webhook-Signature, with
the timestamp in X-Zendesk-Webhook-Signature-Timestamp
(https://developer.zendesk.com/documentation/webhooks/verifying/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, body_field, failed, header
from .hmac_schemes import mac, matches


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-zendesk-webhook-signature")
    timestamp = header(incoming, "x-zendesk-webhook-signature-timestamp")
    if signature is None or timestamp is None:
        return failed(
            "missing X-Zendesk-Webhook-Signature or X-Zendesk-Webhook-Signature-Timestamp header"
        )
    # Only TIMESTAMP + BODY, as the docs state: an older page's example signs BODY +
    # TIMESTAMP, but accepting both orders would let a captured request be re-cut into a
    # different body that still verifies. GET and DELETE requests sign an empty body.
    digest = mac(secret, timestamp.encode() + incoming.body)
    if not matches(digest, signature, "base64"):
        return failed("X-Zendesk-Webhook-Signature does not match")
    # Zendesk documents no replay window for the ISO 8601 timestamp, so none is applied.
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # One invocation keeps its id across its retried attempts; event-subscription bodies
    # also carry the event's id, trigger webhooks whatever body the trigger builds.
    return header(incoming, "x-zendesk-webhook-invocation-id") or body_field(incoming, "id")


PROVIDER = Provider(
    code="zendesk",
    name="Zendesk",
    scheme="HMAC-SHA256 base64 of X-Zendesk-Webhook-Signature-Timestamp + raw body in "
    "X-Zendesk-Webhook-Signature, webhook signing secret; no replay window",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="header X-Zendesk-Webhook-Invocation-Id, else body id",
)
