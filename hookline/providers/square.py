"""Square: base64 HMAC-SHA256 of notification URL + raw body in x-square-hmacsha256-signature,
keyed with the subscription's signature key (square/square-python-sdk
src/square/utils/webhooks_helper.py verify_signature)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, body_field, failed, header
from .hmac_schemes import mac, matches


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-square-hmacsha256-signature")
    if signature is None:
        # The legacy x-square-signature (HMAC-SHA1) is not accepted: Square sends the
        # SHA-256 header alongside it.
        return failed("missing x-square-hmacsha256-signature header")
    # The notification URL is the ingestion URL as Square was given it, query included.
    digest = mac(secret, incoming.url.encode() + incoming.body)
    if not matches(digest, signature, "base64"):
        return failed("x-square-hmacsha256-signature does not match the URL and body")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # Square documents event_id as the idempotency value to skip repeats with.
    return body_field(incoming, "event_id")


PROVIDER = Provider(
    code="square",
    name="Square",
    scheme="HMAC-SHA256 base64 of the notification URL + raw body in "
    "x-square-hmacsha256-signature, subscription signature key; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body event_id",
)
