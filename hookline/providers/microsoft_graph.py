"""Microsoft Graph change notifications: the subscription's clientState, echoed in every
notification of the body, is the secret; plus the validationToken handshake.

Source: https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, failed, json_body
from .hmac_schemes import equal

# subscription.clientState is at most 128 characters.
_MAX_CLIENT_STATE = 128


def check_secret(secret: str) -> str | None:
    if len(secret.strip()) > _MAX_CLIENT_STATE:
        return "must be at most 128 characters (the subscription's clientState)"
    return None


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    data = json_body(incoming)
    notifications = data.get("value") if isinstance(data, dict) else None
    if not isinstance(notifications, list) or not notifications:
        return failed("body has no value array of notifications")
    expected = secret.strip()
    # One forged notification slipped into a genuine batch must fail the whole request.
    for item in notifications:
        state = item.get("clientState") if isinstance(item, dict) else None
        if not isinstance(state, str):
            return failed("a notification has no clientState")
        if not equal(state, expected):
            return failed("a notification's clientState does not match the secret")
    return VERIFIED


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if incoming.method.upper() != "POST" or "validationToken" not in incoming.query:
        return None
    # Graph wants the (URL-decoded) token back as text/plain within 10 s; it is unsigned and
    # proves only that the URL answers, so no secret is involved.
    token = incoming.query["validationToken"]
    return Reply(status=200, body=token.encode(), content_type="text/plain")


def event_id(incoming: Incoming) -> str | None:
    # Notifications carry no id, and two changes to one resource produce identical bodies.
    return None


PROVIDER = Provider(
    code="microsoft-graph",
    name="Microsoft Graph change notifications",
    scheme="no signature: every notification's clientState in the body equals the secret "
    "(constant-time compare); the rest of the body is not authenticated",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary="POST ?validationToken= (subscription creation and lifecycle) answered "
    "200 text/plain with the decoded token",
    event_id_location="none (notifications carry no id)",
    check_secret=check_secret,
    verification="token",
)
