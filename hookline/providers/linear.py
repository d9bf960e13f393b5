"""Linear: hex HMAC-SHA256 of the raw body, replay window from the body's webhookTimestamp."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, failed, header, json_body, timestamp_problem
from .hmac_schemes import verify_body_hmac

TOLERANCE_SECONDS = 60


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    result = verify_body_hmac(incoming, secret, ("linear-signature",))
    if result.verdict != "verified":
        return result
    data = json_body(incoming)
    ts_ms = data.get("webhookTimestamp") if isinstance(data, dict) else None
    # The timestamp is only trustworthy because the signature covers the body it sits in.
    if isinstance(ts_ms, bool) or not isinstance(ts_ms, int | float):
        return failed("body has no numeric webhookTimestamp")
    problem = timestamp_problem(ts_ms / 1000, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    return header(incoming, "linear-delivery")


PROVIDER = Provider(
    code="linear",
    name="Linear",
    scheme="HMAC-SHA256 hex of the raw body in Linear-Signature; "
    "body webhookTimestamp (ms) within 60 s",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="header Linear-Delivery",
)
