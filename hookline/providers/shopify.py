"""Shopify: base64 HMAC-SHA256 of the raw body, keyed with the app's client secret."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # The webhook id is stable across retries of one delivery; the event id is shared by
    # every webhook one event triggers, so it is only the fallback.
    return header(
        incoming,
        "x-shopify-webhook-id",
        "shopify-webhook-id",
        "x-shopify-event-id",
        "shopify-event-id",
    )


PROVIDER = Provider(
    code="shopify",
    name="Shopify",
    scheme="HMAC-SHA256 base64 of the raw body in X-Shopify-Hmac-Sha256 (or Shopify-Hmac-Sha256)",
    needs_secret=True,
    # The un-prefixed names come from Shopify's newer "Events" deliveries.
    verify=body_hmac_verifier("x-shopify-hmac-sha256", "shopify-hmac-sha256", encoding="base64"),
    event_id=event_id,
    event_id_location="header X-Shopify-Webhook-Id, else X-Shopify-Event-Id",
)
