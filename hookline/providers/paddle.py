"""Paddle Billing: Paddle-Signature ts=...;h1=... over "{ts}:{raw body}"."""

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

# The official SDKs allow 5 s and, like them, only the age is bounded.
TOLERANCE_SECONDS = 5


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "paddle-signature")
    if value is None:
        return failed("missing Paddle-Signature header")
    pairs = parse_pairs(value, ";")
    ts_text = first(pairs, "ts")
    ts = parse_int(ts_text)
    if ts_text is None or ts is None:
        return failed("Paddle-Signature has no integer ts=")
    signatures = pairs.get("h1", [])
    if not signatures:
        return failed("Paddle-Signature has no h1 signature")
    digest = mac(secret, f"{ts_text}:".encode() + incoming.body)
    # Several h1 entries appear while a secret is being rotated; any one may match.
    if not any(matches(digest, sig, "hex") for sig in signatures):
        return failed("no h1 signature matches")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=False)
    return failed(problem) if problem else VERIFIED


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
