"""Stripe: Stripe-Signature t=...,v1=... over "{t}.{raw body}", secret used as UTF-8 text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import (
    VERIFIED,
    body_field,
    failed,
    first,
    header,
    parse_int,
    parse_pairs,
    timestamp_problem,
)
from .hmac_schemes import mac, matches

# stripe.Webhook.DEFAULT_TOLERANCE; like the SDK, only the age is bounded.
TOLERANCE_SECONDS = 300


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "stripe-signature")
    if value is None:
        return failed("missing Stripe-Signature header")
    pairs = parse_pairs(value, ",")
    ts = parse_int(first(pairs, "t"))
    if ts is None:
        return failed("Stripe-Signature has no integer t=")
    signatures = pairs.get("v1", [])
    if not signatures:
        return failed("Stripe-Signature has no v1 signature")
    # The SDK re-renders t as an integer before signing, so we do the same.
    digest = mac(secret, f"{ts}.".encode() + incoming.body)
    # Several v1 entries appear while a secret is being rolled; any one may match.
    if not any(matches(digest, sig, "hex") for sig in signatures):
        return failed("no v1 signature matches")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=False)
    return failed(problem) if problem else VERIFIED


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
