"""DocuSign Connect: base64 HMAC-SHA256 of the raw body, one X-DocuSign-Signature-N header per
active HMAC key (up to 100, for rotation).

Source: https://developers.docusign.com/platform/webhooks/connect/validate/ and
https://developers.docusign.com/platform/webhooks/connect/hmac/
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, json_body
from .hmac_schemes import mac, matches

_SIGNATURE_HEADER = re.compile(r"x-docusign-signature-\d{1,3}")


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signatures = [
        value for name, value in incoming.headers.items() if _SIGNATURE_HEADER.fullmatch(name)
    ]
    if not signatures:
        return failed("missing X-DocuSign-Signature-1 header")
    # Each header carries the HMAC under one of the account's keys; the Source holds one.
    digest = mac(secret, incoming.body)
    if not any(matches(digest, sig, "base64") for sig in signatures):
        return failed("no X-DocuSign-Signature-N header matches the body")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # Connect sends no delivery id and retryCount changes on each retry, so a body digest
    # would not repeat: the event, its envelope (and recipient) and generatedDateTime do.
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    inner = data.get("data")
    if not isinstance(inner, dict):
        return None
    parts = [as_id(data.get("event")), as_id(inner.get("envelopeId")),
             as_id(data.get("generatedDateTime"))]
    if not all(parts):
        return None
    recipient = as_id(inner.get("recipientId"))
    return ":".join(p for p in (*parts, recipient) if p)


PROVIDER = Provider(
    code="docusign",
    name="DocuSign Connect",
    scheme="HMAC-SHA256 base64 of the raw body in X-DocuSign-Signature-1..100 (one per active "
    "Connect key); any may match; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="derived: body event + data.envelopeId (+ data.recipientId) + "
    "generatedDateTime (none documented)",
)
