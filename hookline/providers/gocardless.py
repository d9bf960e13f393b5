"""GoCardless: hex HMAC-SHA256 of the raw body in Webhook-Signature, as gocardless_pro's
webhooks._verify_signature computes it (gocardless/gocardless-pro-python)."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import as_id, json_body
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    # A webhook batches up to 250 events and a retry resends the same webhook, whose id the
    # SDK reads from meta.webhook_id; older payloads lack it, so the first event stands in.
    meta = data.get("meta")
    webhook_id = as_id(meta.get("webhook_id")) if isinstance(meta, dict) else None
    if webhook_id is not None:
        return webhook_id
    events = data.get("events")
    if isinstance(events, list) and events and isinstance(events[0], dict):
        return as_id(events[0].get("id"))
    return None


PROVIDER = Provider(
    code="gocardless",
    name="GoCardless",
    scheme="HMAC-SHA256 hex of the raw body in Webhook-Signature, webhook endpoint secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("webhook-signature"),
    event_id=event_id,
    event_id_location="body meta.webhook_id, else events[0].id",
)
