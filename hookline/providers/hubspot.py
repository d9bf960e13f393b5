"""HubSpot v3: base64 HMAC-SHA256 of method + URI + body + timestamp (ms)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body, parse_int, timestamp_problem
from .hmac_schemes import mac, matches

TOLERANCE_SECONDS = 300

# HubSpot's v3 instructions decode exactly these escapes in the URI before signing.
_URI_DECODE = {
    "%3A": ":", "%2F": "/", "%3F": "?", "%40": "@", "%21": "!", "%24": "$",
    "%27": "'", "%28": "(", "%29": ")", "%2A": "*", "%2C": ",", "%3B": ";",
}  # fmt: skip


def decode_uri(uri: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(uri):
        escape = uri[i : i + 3].upper()
        if escape in _URI_DECODE:
            out.append(_URI_DECODE[escape])
            i += 3
        else:
            out.append(uri[i])
            i += 1
    return "".join(out)


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-hubspot-signature-v3")
    ts_text = header(incoming, "x-hubspot-request-timestamp")
    if signature is None or ts_text is None:
        return failed("missing X-HubSpot-Signature-v3 or X-HubSpot-Request-Timestamp header")
    ts_ms = parse_int(ts_text)
    if ts_ms is None:
        return failed("X-HubSpot-Request-Timestamp is not an integer")
    method = incoming.method.upper().encode()
    # The documented form decodes some escapes; the URI as received is also tried because
    # both spellings carry the same information and only the secret holder can sign either.
    uris = dict.fromkeys((decode_uri(incoming.url), incoming.url))
    if not any(
        matches(
            mac(secret, method + uri.encode() + incoming.body + ts_text.encode()),
            signature,
            "base64",
        )
        for uri in uris
    ):
        return failed("X-HubSpot-Signature-v3 does not match")
    problem = timestamp_problem(ts_ms / 1000, incoming.now, TOLERANCE_SECONDS, reject_future=False)
    return failed(problem) if problem else VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # A delivery is a batch; the first event's id stands for it, and retries resend the batch.
    data = json_body(incoming)
    if isinstance(data, list) and data and isinstance(data[0], dict):
        return as_id(data[0].get("eventId"))
    return None


PROVIDER = Provider(
    code="hubspot",
    name="HubSpot",
    scheme="HMAC-SHA256 base64 of method + URI + raw body + X-HubSpot-Request-Timestamp in "
    "X-HubSpot-Signature-v3 (v3); timestamp (ms) at most 5 min old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body [0].eventId",
)
