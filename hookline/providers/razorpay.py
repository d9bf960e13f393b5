"""Razorpay: hex HMAC-SHA256 of the raw body in X-Razorpay-Signature, keyed with the webhook
secret (https://razorpay.com/docs/webhooks/validate-test/)."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # Razorpay's docs name this header as the key for ignoring duplicates; the body has none.
    return header(incoming, "x-razorpay-event-id")


PROVIDER = Provider(
    code="razorpay",
    name="Razorpay",
    scheme="HMAC-SHA256 hex of the raw body in X-Razorpay-Signature (webhook secret, not the API "
    "key secret); no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-razorpay-signature"),
    event_id=event_id,
    event_id_location="header X-Razorpay-Event-Id",
)
