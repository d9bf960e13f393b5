"""Trello: base64 HMAC-SHA1 of the raw body followed by the callback URL in X-Trello-Webhook,
keyed with the application's OAuth secret, and the HEAD check made when a webhook is created.
https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, as_id, failed, header, json_body
from .hmac_schemes import mac, matches


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "x-trello-webhook")
    if value is None:
        return failed("missing X-Trello-Webhook header")
    # The callbackURL Trello was given is the ingestion URL this request arrived at.
    digest = mac(secret, incoming.body + incoming.url.encode(), "sha1")
    if not matches(digest, value, "base64"):
        return failed("X-Trello-Webhook does not match the body and callback URL")
    return VERIFIED


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if incoming.method.upper() != "HEAD":
        return None
    return Reply(status=200, body=b"", content_type="text/plain")


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    action = data.get("action") if isinstance(data, dict) else None
    return as_id(action.get("id")) if isinstance(action, dict) else None


PROVIDER = Provider(
    code="trello",
    name="Trello",
    scheme="HMAC-SHA1 base64 of raw body + callback URL in X-Trello-Webhook, application OAuth "
    "secret; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary="the HEAD request Trello makes when a webhook is created is answered "
    "200 with no body; it carries nothing to verify",
    event_id_location="body action.id",
)
