"""Recurly (JSON webhooks): recurly-signature "{ms timestamp},{sig}[,{sig}]", hex HMAC-SHA256
of "{timestamp}.{raw body}" (recurly/recurly-client-ruby lib/recurly/webhooks.rb)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, body_field, failed, header, parse_int, timestamp_problem
from .hmac_schemes import mac, matches

# Recurly::Webhooks::DEFAULT_TOLERANCE (5 min), compared as |now - ts| as the SDK does.
TOLERANCE_SECONDS = 300


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "recurly-signature")
    if value is None:
        # XML webhooks are never signed; only JSON endpoints carry this header.
        return failed("missing recurly-signature header")
    ts_text, *signatures = (part.strip() for part in value.split(","))
    ts_ms = parse_int(ts_text)
    if ts_ms is None:
        return failed("recurly-signature does not start with an integer timestamp")
    signatures = [sig for sig in signatures if sig]
    if not signatures:
        return failed("recurly-signature has no signature")
    # Like the SDK, the timestamp is signed as the integer it parses to. Two signatures
    # appear for 24 h after a key is regenerated; either may match.
    digest = mac(secret, f"{ts_ms}.".encode() + incoming.body)
    if not any(matches(digest, sig, "hex") for sig in signatures):
        return failed("no recurly-signature signature matches")
    problem = timestamp_problem(ts_ms / 1000, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="recurly",
    name="Recurly",
    scheme='HMAC-SHA256 hex of "{ts}.{raw body}" in recurly-signature ({ts ms},{sig},...), '
    "endpoint secret key; any signature may match; ts within 5 min either way; JSON only",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body id",
)
