"""Twitch EventSub (webhook transport): sha256= hex HMAC-SHA256 of message id + timestamp + raw
body, and the webhook_callback_verification challenge.
https://dev.twitch.tv/docs/eventsub/handling-webhook-events/"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, failed, header, json_body, json_reply, timestamp_problem
from .hmac_schemes import mac, matches, strip_prefix

# "Make sure the Twitch-Eventsub-Message-Timestamp isn't older than 10 minutes": the docs
# bound only the age.
TOLERANCE_SECONDS = 600
VERIFICATION = "webhook_callback_verification"


def parse_timestamp(text: str) -> float | None:
    """RFC 3339 with nanoseconds, e.g. 2023-07-19T10:11:12.123456789Z, as unix seconds."""
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.timestamp()


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    msg_id = header(incoming, "twitch-eventsub-message-id")
    ts_text = header(incoming, "twitch-eventsub-message-timestamp")
    value = header(incoming, "twitch-eventsub-message-signature")
    if msg_id is None or ts_text is None or value is None:
        return failed("missing Twitch-Eventsub-Message-Signature, -Id or -Timestamp header")
    signature = strip_prefix(value, "sha256=")
    if signature is None:
        return failed("Twitch-Eventsub-Message-Signature does not start with 'sha256='")
    digest = mac(secret, f"{msg_id}{ts_text}".encode() + incoming.body)
    if not matches(digest, signature, "hex"):
        return failed("Twitch-Eventsub-Message-Signature does not match")
    ts = parse_timestamp(ts_text)
    if ts is None:
        return failed("Twitch-Eventsub-Message-Timestamp is not an RFC 3339 time")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=False)
    return failed(problem) if problem else VERIFIED


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if header(incoming, "twitch-eventsub-message-type") != VERIFICATION:
        return None
    # Without a secret nothing can be checked; answering lets the subscription start and
    # the notifications that follow are marked not_configured, as for Slack.
    if secret:
        result = verify(incoming, secret, config)
        if result.verdict != "verified":
            return json_reply(403, {"error": result.reason or "signature mismatch"})
    data = json_body(incoming)
    challenge = data.get("challenge") if isinstance(data, dict) else None
    if not isinstance(challenge, str):
        return json_reply(400, {"error": "webhook_callback_verification without a challenge"})
    return Reply(status=200, body=challenge.encode(), content_type="text/plain")


def check_secret(secret: str) -> str | None:
    # Twitch refuses any other subscription secret, so nothing else can ever verify.
    if not secret.isascii() or not 10 <= len(secret) <= 100:
        return "must be 10 to 100 ASCII characters (Twitch's rule for subscription secrets)"
    return None


def event_id(incoming: Incoming) -> str | None:
    # Twitch resends a notification with the same message id.
    return header(incoming, "twitch-eventsub-message-id")


PROVIDER = Provider(
    code="twitch",
    name="Twitch EventSub",
    scheme="HMAC-SHA256 hex of message id + timestamp + raw body in "
    "Twitch-Eventsub-Message-Signature (sha256=...); timestamp at most 600 s old",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary="a webhook_callback_verification message is verified, then answered 200 "
    "with its challenge as text/plain (403 when the signature does not match)",
    check_secret=check_secret,
    event_id_location="header Twitch-Eventsub-Message-Id",
)
