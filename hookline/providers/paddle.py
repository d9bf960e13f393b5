"""Paddle Billing: Paddle-Signature ts=...;h1=... over "{ts}:{raw body}"."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import timestamped_pairs_verifier

# The official SDKs allow 5 s and, like them, only the age is bounded.
TOLERANCE_SECONDS = 5


verify = timestamped_pairs_verifier(
    name="paddle-signature", separator=";", ts_key="ts", sig_key="h1",
    joiner=":", tolerance=TOLERANCE_SECONDS, render_int=False)


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "event_id")


PROVIDER = Provider(
    code="paddle",
    name="Paddle Billing",
    scheme='HMAC-SHA256 hex of "{ts}:{raw body}" in Paddle-Signature (ts=...;h1=...); any h1 '
    "may match; ts at most 5 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body event_id",
)
