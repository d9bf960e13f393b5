"""Registration handshakes: Slack url_verification, Zoom url_validation, Meta hub.challenge,
Discord PING. Each answers only what the provider asked and only when it is authentic."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import nacl.signing
import pytest
from slack_sdk.signature import SignatureVerifier

from hookline.providers import registry
from hookline.providers.base import Incoming, Reply

SLACK_SECRET = "slack-signing-secret"
ZOOM_SECRET = "zoom-secret-token"
DISCORD_KEY = nacl.signing.SigningKey(bytes(range(32)))
DISCORD_PUBLIC = DISCORD_KEY.verify_key.encode().hex()


def _handshake(
    code: str, incoming: Incoming, secret: str | None, config: dict[str, Any] | None = None
) -> Reply | None:
    provider = registry.get_provider(code)
    assert provider is not None
    return registry.handshake(provider, incoming, secret, config)


def _json(reply: Reply) -> Any:
    assert reply.content_type == "application/json"
    return json.loads(reply.body)


# --- Slack ---------------------------------------------------------------------------


def _slack_challenge(env: Any, *, secret: str = SLACK_SECRET, age: int = 0) -> Incoming:
    body = json.dumps(
        {"token": "legacy", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
         "type": "url_verification"}
    ).encode()  # fmt: skip
    ts = str(env.now - age)
    signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
    incoming: Incoming = env.make(
        body, {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": signature}
    )
    return incoming


def test_slack_challenge_answered_after_verifying(env):
    reply = _handshake("slack", _slack_challenge(env), SLACK_SECRET)
    assert reply is not None and reply.status == 200
    assert _json(reply) == {"challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}


@pytest.mark.parametrize(
    "kwargs", [{"secret": "someone-else"}, {"age": 301}], ids=["bad-signature", "stale"]
)
def test_slack_challenge_refused_when_not_authentic(env, kwargs):
    reply = _handshake("slack", _slack_challenge(env, **kwargs), SLACK_SECRET)
    assert reply is not None and reply.status == 401
    assert "challenge" not in _json(reply)


def test_slack_challenge_without_secret_still_answered(env):
    # Nothing to check against; the messages that follow are marked not_configured.
    reply = _handshake("slack", _slack_challenge(env), None)
    assert reply is not None and reply.status == 200


def test_slack_event_is_not_a_handshake(env):
    incoming = env.make(json.dumps({"type": "event_callback", "event_id": "Ev1"}).encode())
    assert _handshake("slack", incoming, SLACK_SECRET) is None


# --- Zoom ----------------------------------------------------------------------------


def _zoom(
    env: Any, data: Any, *, secret: str = ZOOM_SECRET, age: int = 0, signed: bool = True
) -> Incoming:
    body = json.dumps(data).encode()
    ts = str(env.now - age)
    headers = {"x-zm-request-timestamp": ts}
    if signed:
        mac = hmac.new(secret.encode(), f"v0:{ts}:".encode() + body, hashlib.sha256)
        headers["x-zm-signature"] = "v0=" + mac.hexdigest()
    incoming: Incoming = env.make(body, headers)
    return incoming


VALIDATION = {
    "payload": {"plainToken": "qgg8vlvZRS6UYooatFL8Aw"},
    "event_ts": 1654503849680,
    "event": "endpoint.url_validation",
}


def test_zoom_validation_answered(env):
    reply = _handshake("zoom", _zoom(env, VALIDATION), ZOOM_SECRET)
    assert reply is not None and reply.status == 200
    expected = hmac.new(ZOOM_SECRET.encode(), b"qgg8vlvZRS6UYooatFL8Aw", hashlib.sha256)
    assert _json(reply) == {
        "plainToken": "qgg8vlvZRS6UYooatFL8Aw",
        "encryptedToken": expected.hexdigest(),
    }


def test_zoom_validation_needs_a_secret(env):
    reply = _handshake("zoom", _zoom(env, VALIDATION), None)
    assert reply is not None and reply.status == 400
    assert "error" in _json(reply)


@pytest.mark.parametrize(
    "kwargs",
    [{"secret": "someone-else"}, {"age": 301}, {"signed": False}],
    ids=["bad-signature", "stale", "unsigned"],
)
def test_zoom_validation_refused_when_not_authentic(env, kwargs):
    # Answering would hand out HMAC(secret, plainToken): a signature oracle.
    reply = _handshake("zoom", _zoom(env, VALIDATION, **kwargs), ZOOM_SECRET)
    assert reply is not None and reply.status == 401
    assert "encryptedToken" not in _json(reply)


def test_zoom_validation_without_plain_token(env):
    reply = _handshake("zoom", _zoom(env, {"event": "endpoint.url_validation"}), ZOOM_SECRET)
    assert reply is not None and reply.status == 400


def test_zoom_event_is_not_a_handshake(env):
    incoming = _zoom(env, {"event": "meeting.started", "event_ts": 1})
    assert _handshake("zoom", incoming, ZOOM_SECRET) is None


# --- Meta ----------------------------------------------------------------------------

META_CONFIG = {"verifyToken": "my-verify-token"}


def _meta(env: Any, query: str, method: str = "GET") -> Incoming:
    incoming: Incoming = env.make(b"", {}, method=method, url=f"{env.url}?{query}")
    return incoming


def test_meta_challenge_echoed(env):
    incoming = _meta(
        env, "hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=my-verify-token"
    )
    reply = _handshake("meta", incoming, "app-secret", META_CONFIG)
    assert reply is not None
    assert (reply.status, reply.body, reply.content_type) == (200, b"1158201444", "text/plain")


@pytest.mark.parametrize(
    ("query", "config"),
    [
        ("hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong", META_CONFIG),
        ("hub.mode=subscribe&hub.challenge=1&hub.verify_token=my-verify-token", {}),
        ("hub.mode=subscribe&hub.challenge=1", META_CONFIG),
        ("hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=my-verify-token", META_CONFIG),
    ],
    ids=["wrong-token", "no-verifyToken-configured", "no-token", "not-subscribe"],
)
def test_meta_challenge_refused(env, query, config):
    reply = _handshake("meta", _meta(env, query), "app-secret", config)
    assert reply is not None and reply.status == 403
    assert b"1" not in reply.body


def test_meta_without_app_secret_still_answers_challenge(env):
    # The verify token, not the app secret, authenticates the subscription request.
    incoming = _meta(env, "hub.mode=subscribe&hub.challenge=42&hub.verify_token=my-verify-token")
    reply = _handshake("meta", incoming, None, META_CONFIG)
    assert reply is not None and reply.status == 200


@pytest.mark.parametrize(
    ("query", "method"),
    [("hub.mode=subscribe&hub.challenge=1&hub.verify_token=my-verify-token", "POST"), ("", "GET")],
    ids=["post", "get-without-hub-mode"],
)
def test_meta_not_a_handshake(env, query, method):
    assert _handshake("meta", _meta(env, query, method), "app-secret", META_CONFIG) is None


# --- Discord -------------------------------------------------------------------------


def _discord(env: Any, data: Any, key: nacl.signing.SigningKey = DISCORD_KEY) -> Incoming:
    body = json.dumps(data).encode()
    ts = str(env.now)
    signature = key.sign(ts.encode() + body).signature.hex()
    incoming: Incoming = env.make(
        body, {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": ts}
    )
    return incoming


PING = {"type": 1, "id": "1105638373563375636", "application_id": "1"}


def test_discord_ping_answered_with_pong(env):
    reply = _handshake("discord", _discord(env, PING), DISCORD_PUBLIC)
    assert reply is not None and reply.status == 200
    assert _json(reply) == {"type": 1}


@pytest.mark.parametrize(
    ("secret", "key"),
    [
        (DISCORD_PUBLIC, nacl.signing.SigningKey(bytes(range(1, 33)))),
        (None, DISCORD_KEY),
        ("not-hex", DISCORD_KEY),
    ],
    ids=["bad-signature", "no-public-key", "malformed-public-key"],
)
def test_discord_ping_refused_with_401(env, secret, key):
    reply = _handshake("discord", _discord(env, PING, key), secret)
    assert reply is not None and reply.status == 401


@pytest.mark.parametrize("data", [{"type": 2, "id": "1"}, {"type": True}, ["not", "a", "dict"]])
def test_discord_non_ping_is_not_a_handshake(env, data):
    assert _handshake("discord", _discord(env, data), DISCORD_PUBLIC) is None


# --- everyone else -------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c, p in registry.PROVIDERS.items() if p.handshake is None])
def test_providers_without_handshake(env, code):
    incoming = env.make(json.dumps({"type": "url_verification", "challenge": "x"}).encode())
    assert _handshake(code, incoming, "secret") is None
