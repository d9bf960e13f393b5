"""Mux: Mux-Signature t=...,v1=... over "{t}.{raw body}", HMAC-SHA256 hex.

Source: https://www.mux.com/docs/core/verify-webhook-signatures and muxinc/mux-node-sdk
src/resources/webhooks.ts (verifySignature)
"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import timestamped_pairs_verifier

# verifySignature's tolerance; like the SDK, only the age is bounded.
TOLERANCE_SECONDS = 300

# The SDK signs the parsed integer t, re-rendered.
verify = timestamped_pairs_verifier(
    name="mux-signature", separator=",", ts_key="t", sig_key="v1",
    joiner=".", tolerance=TOLERANCE_SECONDS, render_int=True)


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="mux",
    name="Mux",
    scheme='HMAC-SHA256 hex of "{t}.{raw body}" in Mux-Signature (t=...,v1=...); any v1 may '
    "match; t at most 300 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body id",
)
