"""Typeform: base64 HMAC-SHA256 of the raw body in Typeform-Signature."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "event_id")


PROVIDER = Provider(
    code="typeform",
    name="Typeform",
    scheme="HMAC-SHA256 base64 of the raw body in Typeform-Signature (sha256=...); no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("typeform-signature", prefix="sha256=", encoding="base64"),
    event_id=event_id,
    event_id_location="body event_id",
)
