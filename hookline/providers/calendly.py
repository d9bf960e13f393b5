"""Calendly: Calendly-Webhook-Signature t=...,v1=... over "{t}.{raw body}", hex HMAC-SHA256 with
the signing key; the docs' sample rejects a t older than three minutes.
https://developer.calendly.com/api-docs/overview/webhooks/webhook-signatures"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import as_id, json_body
from .hmac_schemes import timestamped_pairs_verifier

# The documented sample's tolerance; like it, only the age is bounded.
TOLERANCE_SECONDS = 180

verify = timestamped_pairs_verifier(
    name="calendly-webhook-signature", separator=",", ts_key="t", sig_key="v1",
    joiner=".", tolerance=TOLERANCE_SECONDS, render_int=False)


def event_id(incoming: Incoming) -> str | None:
    # Calendly documents no delivery id; each event names the resource it is about once
    # (invitee.created and invitee.canceled share the invitee's uri, hence the event name).
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    event = as_id(data.get("event"))
    payload = data.get("payload")
    uri = as_id(payload.get("uri")) if isinstance(payload, dict) else None
    if event is None or uri is None:
        return None
    return f"{event}:{uri}"


PROVIDER = Provider(
    code="calendly",
    name="Calendly",
    scheme='HMAC-SHA256 hex of "{t}.{raw body}" in Calendly-Webhook-Signature (t=...,v1=...), '
    "signing key; any v1 may match; t at most 180 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="derived: body event + payload.uri (Calendly sends no delivery id)",
)
