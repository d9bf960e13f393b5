"""PagerDuty v3 webhooks: X-PagerDuty-Signature v1=<hex>[,v1=<hex>] over the raw body
(PagerDuty/developer-docs docs/webhooks/04-Signatures.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body, parse_pairs
from .hmac_schemes import Verifier, mac, matches


def versioned_verifier(name: str, label: str) -> Verifier:
    """`Name: v1=<hex>,v1=<hex>,v2=...`: HMAC-SHA256 hex of the raw body; any v1 may match,
    since a sender puts one per secret while rotating, and other versions are ignored so a
    signature cannot be downgraded to one we do not check (PagerDuty, CircleCI)."""

    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        value = header(incoming, name)
        if value is None:
            return failed(f"missing {label} header")
        signatures = parse_pairs(value, ",").get("v1", [])
        if not signatures:
            return failed(f"{label} has no v1 signature")
        digest = mac(secret, incoming.body)
        if not any(matches(digest, sig, "hex") for sig in signatures):
            return failed(f"no {label} v1 signature matches")
        return VERIFIED

    return verify


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
