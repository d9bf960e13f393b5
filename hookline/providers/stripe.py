"""Stripe: Stripe-Signature t=...,v1=... over "{t}.{raw body}", secret used as UTF-8 text."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import timestamped_pairs_verifier

# stripe.Webhook.DEFAULT_TOLERANCE; like the SDK, only the age is bounded.
TOLERANCE_SECONDS = 300


verify = timestamped_pairs_verifier(
    name="stripe-signature", separator=",", ts_key="t", sig_key="v1",
    joiner=".", tolerance=TOLERANCE_SECONDS, render_int=True)


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="stripe",
    name="Stripe",
    scheme='HMAC-SHA256 hex of "{t}.{raw body}" in Stripe-Signature (t=...,v1=...), secret as '
    "UTF-8 text; any v1 may match; t at most 300 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body id (evt_...)",
)
