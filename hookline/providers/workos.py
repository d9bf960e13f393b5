"""WorkOS: WorkOS-Signature "t=<ms>, v1=<hex>", HMAC-SHA256 of "{t}.{raw body}".

Source: workos/workos-python workos/webhooks.py (verify_header) and
https://workos.com/docs/events/data-syncing/webhooks
"""

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

# Webhooks.DEFAULT_TOLERANCE; like the SDK, only the age is bounded.
TOLERANCE_SECONDS = 180
# t= is in milliseconds; anything past year 33658 is not a timestamp a float can age.
_MAX_MS = 10**15


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "workos-signature")
    if value is None:
        return failed("missing WorkOS-Signature header")
    pairs = parse_pairs(value, ",")
    ts_text = first(pairs, "t")
    ts_ms = parse_int(ts_text)
    if ts_text is None or ts_ms is None or not 0 <= ts_ms < _MAX_MS:
        return failed("WorkOS-Signature has no millisecond t=")
    signatures = pairs.get("v1", [])
    if not signatures:
        return failed("WorkOS-Signature has no v1 signature")
    # The SDK signs t as received, not re-rendered.
    digest = mac(secret, f"{ts_text}.".encode() + incoming.body)
    if not any(matches(digest, sig, "hex") for sig in signatures):
        return failed("no v1 signature matches")
    problem = timestamp_problem(ts_ms / 1000, incoming.now, TOLERANCE_SECONDS, reject_future=False)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="workos",
    name="WorkOS",
    scheme='HMAC-SHA256 hex of "{t}.{raw body}" in WorkOS-Signature (t=<ms>, v1=...); '
    "any v1 may match; t at most 180 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body id (event_...)",
)
