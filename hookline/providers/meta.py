"""Meta (Facebook, Instagram, WhatsApp Cloud): app-secret HMAC plus the hub.challenge GET."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import ConfigField, Incoming, Provider, Reply
from .hmac_schemes import body_hmac_verifier, equal


def event_id(incoming: Incoming) -> str | None:
    # A delivery batches several entries and carries no envelope id, so there is nothing
    # to dedupe on without guessing at the inner objects.
    return None


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if incoming.method.upper() != "GET" or "hub.mode" not in incoming.query:
        return None
    expected = config.get("verifyToken")
    token = incoming.query.get("hub.verify_token", "")
    challenge = incoming.query.get("hub.challenge")
    if (
        incoming.query.get("hub.mode") == "subscribe"
        and isinstance(expected, str)
        and expected
        and equal(token, expected)
        and challenge is not None
    ):
        return Reply(status=200, body=challenge.encode(), content_type="text/plain")
    return Reply(status=403, body=b"verify token mismatch", content_type="text/plain")


PROVIDER = Provider(
    code="meta",
    name="Meta (Facebook, Instagram, WhatsApp)",
    scheme="HMAC-SHA256 hex of the raw body in X-Hub-Signature-256 (sha256=...), app secret",
    needs_secret=True,
    verify=body_hmac_verifier("x-hub-signature-256", prefix="sha256="),
    event_id=event_id,
    config_fields=(
        ConfigField(
            name="verifyToken",
            description="Verify token entered in the Meta dashboard; echoed hub.challenge "
            "only when hub.verify_token equals it",
        ),
    ),
    handshake=handshake,
    handshake_summary="GET ?hub.mode=subscribe&hub.challenge=...&hub.verify_token=...: the "
    "challenge echoed when the token equals providerConfig.verifyToken, else 403",
    event_id_location="none (Meta sends no delivery id)",
)
