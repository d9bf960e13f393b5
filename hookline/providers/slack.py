"""Slack: v0 signature over "v0:{timestamp}:{raw body}", plus the url_verification challenge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import (
    body_field,
    json_body,
    json_reply,
)
from .hmac_schemes import v0_verifier

# slack_sdk.signature.SignatureVerifier rejects |now - ts| > 300 s.
TOLERANCE_SECONDS = 300


verify = v0_verifier(signature_header="x-slack-signature",
                     timestamp_header="x-slack-request-timestamp", tolerance=TOLERANCE_SECONDS)


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if not isinstance(data, dict) or data.get("type") != "url_verification":
        return None
    challenge = data.get("challenge")
    if not isinstance(challenge, str):
        return json_reply(400, {"error": "url_verification without a challenge"})
    # Without a secret nothing can be checked; answering still lets the URL be registered,
    # and the messages that follow are marked not_configured.
    if secret:
        result = verify(incoming, secret, config)
        if result.verdict != "verified":
            return json_reply(401, {"error": result.reason or "signature mismatch"})
    return json_reply(200, {"challenge": challenge})


def event_id(incoming: Incoming) -> str | None:
    # Only Events API deliveries carry one; slash commands and interactivity are form posts.
    return body_field(incoming, "event_id")


PROVIDER = Provider(
    code="slack",
    name="Slack",
    scheme='HMAC-SHA256 hex of "v0:{X-Slack-Request-Timestamp}:{raw body}" in X-Slack-Signature '
    "(v0=...); timestamp within 300 s",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary='url_verification, verified when a secret is set, answered '
    '{"challenge": ...}',
    event_id_location="body event_id",
)
