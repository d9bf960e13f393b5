"""Slack: v0 signature over "v0:{timestamp}:{raw body}", plus the url_verification challenge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import (
    VERIFIED,
    body_field,
    failed,
    header,
    json_body,
    json_reply,
    parse_int,
    timestamp_problem,
)
from .hmac_schemes import mac, matches, strip_prefix

# slack_sdk.signature.SignatureVerifier rejects |now - ts| > 300 s.
TOLERANCE_SECONDS = 300


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "x-slack-signature")
    ts_text = header(incoming, "x-slack-request-timestamp")
    if value is None or ts_text is None:
        return failed("missing X-Slack-Signature or X-Slack-Request-Timestamp header")
    ts = parse_int(ts_text)
    if ts is None:
        return failed("X-Slack-Request-Timestamp is not an integer")
    signature = strip_prefix(value, "v0=")
    if signature is None:
        return failed("X-Slack-Signature does not start with 'v0='")
    digest = mac(secret, f"v0:{ts_text}:".encode() + incoming.body)
    if not matches(digest, signature, "hex"):
        return failed("X-Slack-Signature does not match")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


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
    event_id_location="body event_id",
)
