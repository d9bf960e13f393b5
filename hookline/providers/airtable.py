"""Airtable: X-Airtable-Content-MAC hmac-sha256=<hex> over the raw body, keyed with the
base64-decoded macSecretBase64 that creating the webhook returned.
https://airtable.com/developers/web/api/webhooks-overview"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body
from .hmac_schemes import decode_key, mac, matches, strip_prefix

PREFIX = "hmac-sha256="


def check_secret(secret: str) -> str | None:
    if decode_key(secret, "base64") is None:
        return "must be the webhook's macSecretBase64 (base64)"
    return None


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "x-airtable-content-mac")
    if value is None:
        return failed("missing X-Airtable-Content-MAC header")
    signature = strip_prefix(value, PREFIX)
    if signature is None:
        return failed(f"X-Airtable-Content-MAC does not start with {PREFIX!r}")
    key = decode_key(secret, "base64")
    if key is None:
        return failed("secret is not base64 (expected the webhook's macSecretBase64)")
    if not matches(mac(key, incoming.body), signature, "hex"):
        return failed("X-Airtable-Content-MAC does not match the body")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # A ping only says "payloads are waiting" and has no id; a retry repeats its body, so
    # the webhook id with the ping's timestamp identifies it.
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    webhook = data.get("webhook")
    webhook_id = as_id(webhook.get("id")) if isinstance(webhook, dict) else None
    timestamp = as_id(data.get("timestamp"))
    if webhook_id is None or timestamp is None:
        return None
    return f"{webhook_id}:{timestamp}"


PROVIDER = Provider(
    code="airtable",
    name="Airtable",
    scheme="HMAC-SHA256 hex of the raw body in X-Airtable-Content-MAC (hmac-sha256=...), keyed "
    "with the base64-decoded macSecretBase64; no timestamp checked",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    check_secret=check_secret,
    event_id_location="derived: body webhook.id + timestamp (Airtable sends no delivery id)",
)
