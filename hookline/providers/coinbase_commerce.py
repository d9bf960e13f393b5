"""Coinbase Commerce: hex HMAC-SHA256 of the raw body in X-CC-Webhook-Signature
(https://docs.cdp.coinbase.com/commerce/api-arcitecture/webhooks-security)."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import as_id, json_body
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    # The body is {id, attempt_number, scheduled_for, event}; event.id names what happened,
    # the outer id the webhook event, and a retry only changes attempt_number.
    event = data.get("event")
    inner = as_id(event.get("id")) if isinstance(event, dict) else None
    return inner or as_id(data.get("id"))


PROVIDER = Provider(
    code="coinbase-commerce",
    name="Coinbase Commerce",
    scheme="HMAC-SHA256 hex of the raw body in X-CC-Webhook-Signature, webhook shared secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-cc-webhook-signature"),
    event_id=event_id,
    event_id_location="body event.id, else id",
)
