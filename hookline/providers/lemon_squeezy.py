"""Lemon Squeezy: hex HMAC-SHA256 of the raw body in X-Signature, keyed with the signing
secret chosen for the webhook (https://docs.lemonsqueezy.com/help/webhooks/signing-requests)."""

from __future__ import annotations

import hashlib

from .base import Incoming, Provider
from .common import json_body
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # No delivery or event id is documented. A retry resends the same signed body, so its
    # digest identifies it; two different events never share a body (data.attributes differ).
    # Only a body shaped like Lemon Squeezy's {meta, data} gets one.
    data = json_body(incoming)
    if not isinstance(data, dict) or not isinstance(data.get("meta"), dict):
        return None
    return "sha256:" + hashlib.sha256(incoming.body).hexdigest()


PROVIDER = Provider(
    code="lemon-squeezy",
    name="Lemon Squeezy",
    scheme="HMAC-SHA256 hex of the raw body in X-Signature; no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-signature"),
    event_id=event_id,
    event_id_location="sha256 of the raw body (no id is documented)",
)
