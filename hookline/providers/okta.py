"""Okta event hooks: no signature, the Authorization value Okta is configured to send is the
secret; plus the one-time verification GET (X-Okta-Verification-Challenge).

Source: okta/okta-developer-docs packages/@okta/vuepress-site/docs/concepts/event-hooks/index.md
(https://developer.okta.com/docs/concepts/event-hooks/)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import as_id, batch_id, header, json_body, json_reply
from .hmac_schemes import token_verifier

verify = token_verifier("authorization")


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if incoming.method.upper() not in ("GET", "HEAD"):
        return None
    challenge = header(incoming, "x-okta-verification-challenge")
    if challenge is None:
        return None
    # Okta sends the Authorization value on every request, the verification GET included;
    # without a secret there is nothing to compare it with and the GET is answered anyway.
    if secret:
        result = verify(incoming, secret, config)
        if result.verdict != "verified":
            return json_reply(401, {"error": result.reason or "authorization mismatch"})
    return json_reply(200, {"verification": challenge})


def event_id(incoming: Incoming) -> str | None:
    # Okta says duplicates are recognised by data.events[].uuid; a delivery batches several
    # events, so a batch is identified by all of its uuids. The envelope's eventId is only
    # the fallback: nothing says it survives a retry.
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    inner = data.get("data")
    events = inner.get("events") if isinstance(inner, dict) else None
    return batch_id(events, "uuid") or as_id(data.get("eventId"))


PROVIDER = Provider(
    code="okta",
    name="Okta event hooks",
    scheme="no signature: the Authorization header equals the secret configured on the event "
    "hook (constant-time compare); the body is not authenticated",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    strip_headers=("authorization",),
    handshake=handshake,
    handshake_summary="one-time verification GET with X-Okta-Verification-Challenge, answered "
    '200 {"verification": <header value>} after checking Authorization when a secret is set',
    event_id_location="body data.events[].uuid (sha256 of them all for a batch), else eventId",
    verification="token",
)
