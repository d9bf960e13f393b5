"""WooCommerce: base64 HMAC-SHA256 of the raw body in X-WC-Webhook-Signature, and the unsigned
ping sent when a webhook is saved (woocommerce/woocommerce
plugins/woocommerce/includes/class-wc-webhook.php: generate_signature, deliver_ping)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import header
from .hmac_schemes import body_hmac_verifier

_PING = re.compile(rb"webhook_id=\d+")


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    # deliver_ping() posts the bare form "webhook_id=<id>", unsigned, and refuses to activate
    # the webhook unless the answer is exactly 200 (a 202 is an error there). Nothing in it
    # can be checked, and answering it stores and reveals nothing.
    if incoming.method.upper() != "POST" or header(incoming, "x-wc-webhook-signature"):
        return None
    if _PING.fullmatch(incoming.body.strip()) is None:
        return None
    return Reply(status=200, body=b"", content_type="text/plain")


def event_id(incoming: Incoming) -> str | None:
    # The delivery id is wp_hash(webhook id . time in seconds): two deliveries of one webhook
    # in the same second share it, so the body's digest is added. WooCommerce does not
    # retry a delivery, so the id only has to keep distinct deliveries apart.
    delivery = header(incoming, "x-wc-webhook-delivery-id")
    if delivery is None:
        return None
    return f"{delivery}:sha256:{hashlib.sha256(incoming.body).hexdigest()}"


PROVIDER = Provider(
    code="woocommerce",
    name="WooCommerce",
    scheme="HMAC-SHA256 base64 of the raw body in X-WC-Webhook-Signature, webhook secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-wc-webhook-signature", encoding="base64"),
    event_id=event_id,
    handshake=handshake,
    event_id_location="header X-WC-Webhook-Delivery-ID + sha256 of the raw body",
    handshake_summary="the unsigned ping (form body webhook_id=<id>) sent when a webhook is "
    "saved is answered 200, which WooCommerce requires, and not stored",
)
