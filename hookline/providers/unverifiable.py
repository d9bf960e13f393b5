"""Providers whose signatures can only be checked with a key or certificate fetched over the
network at verification time (AWS SNS, PayPal, Plaid). Ingestion does not call out while a
provider waits for its answer, so their messages are stored with verification `skipped`:
listed by name so a user picks the right one and reads why, with their event ids kept for
dropping duplicates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import SKIPPED, as_id, body_field, header, json_body


def _skip(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    return SKIPPED


def _sns_id(incoming: Incoming) -> str | None:
    return header(incoming, "x-amz-sns-message-id") or body_field(incoming, "MessageId")


def _no_id(incoming: Incoming) -> str | None:
    return None


def _paypal_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    return as_id(data.get("id")) if isinstance(data, dict) else None


def _unverifiable(code: str, name: str, why: str, event_id: Any, location: str) -> Provider:
    return Provider(code=code, name=name, scheme=f"not verified: {why}", needs_secret=False,
                    verify=_skip, event_id=event_id, event_id_location=location,
                    verification="skipped")


PROVIDERS = (
    _unverifiable("aws-sns", "AWS SNS",
                  "SNS signs with an X.509 certificate fetched from SigningCertURL", _sns_id,
                  "header x-amz-sns-message-id (body MessageId)"),
    _unverifiable("paypal", "PayPal",
                  "PayPal signs with a certificate fetched from PAYPAL-CERT-URL, or is checked "
                  "by an authenticated call to its verify-webhook-signature API", _paypal_id,
                  "body id (WH-...)"),
    _unverifiable("plaid", "Plaid",
                  "Plaid-Verification is a JWT signed with a key fetched by kid from Plaid's "
                  "webhook_verification_key/get API, with the account's credentials", _no_id,
                  "none (Plaid sends no delivery id)"),
)
