"""PagerDuty v3 webhooks: X-PagerDuty-Signature v1=<hex>[,v1=<hex>] over the raw body
(PagerDuty/developer-docs docs/webhooks/04-Signatures.md)."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import as_id, header, json_body
from .hmac_schemes import versioned_verifier


def event_id(incoming: Incoming) -> str | None:
    # X-Webhook-Id is repeated on every retry of one webhook (docs/webhooks/02-Behavior.md).
    found = header(incoming, "x-webhook-id")
    if found:
        return found
    data = json_body(incoming)
    event = data.get("event") if isinstance(data, dict) else None
    return as_id(event.get("id")) if isinstance(event, dict) else None


PROVIDER = Provider(
    code="pagerduty",
    name="PagerDuty (v3 webhooks)",
    scheme="HMAC-SHA256 hex of the raw body in X-PagerDuty-Signature (v1=..., comma-separated, "
    "any may match while rotating); no timestamp",
    needs_secret=True,
    verify=versioned_verifier("x-pagerduty-signature", "X-PagerDuty-Signature"),
    event_id=event_id,
    event_id_location="header X-Webhook-Id, else body event.id",
)
