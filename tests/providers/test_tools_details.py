"""Details of the tools providers the shared table does not reach: rotation, handshakes answered
and refused, secrets of the wrong form, documented test vectors, event id fallbacks, and junk
in every header these schemes read."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import warnings
from typing import Any

import pytest
from jwt.warnings import InsecureKeyLengthWarning

from hookline.providers import registry
from hookline.providers.base import Incoming, Reply, Verification
from tests.providers.cases_tools import (
    AIRTABLE_SECRET,
    MONDAY_SECRET,
    NETLIFY_SECRET,
    TWITCH_SECRET,
    hs256_token,
    monday_token,
    rfc3339_nanos,
)


def _provider(code: str) -> Any:
    provider = registry.get_provider(code)
    assert provider is not None
    return provider


def _verify(code: str, incoming: Incoming, secret: str) -> Verification:
    return registry.verify(_provider(code), incoming, secret)


def _event_id(code: str, incoming: Incoming) -> str | None:
    return registry.event_id(_provider(code), incoming)


def _handshake(code: str, incoming: Incoming, secret: str | None) -> Reply | None:
    return registry.handshake(_provider(code), incoming, secret)


def _hex(secret: str | bytes, msg: bytes, algo: str = "sha256") -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, msg, algo).hexdigest()


# --- CircleCI and PagerDuty: versioned, comma-separated signatures -------------------


@pytest.mark.parametrize(
    ("body", "secret", "signature"),
    [
        (b"hello world", "secret",
         "734cc62f32841568f45715aeb9f4d7891324e6d948e4c6c60c0621cdac48623a"),
        (b"lalala", "another-secret",
         "daa220016c8f29a8b214fbfc3671aeec2145cfb1e6790184ffb38b6d0425fa00"),
        (b"an-important-request-payload", "hunter123",
         "9be2242094a9a8c00c64306f382a7f9d691de910b4a266f67bd314ef18ac49fa"),
        (b"foo", "secret", "773ba44693c7553d6ee20f61ea5d2757a9a4f4a44d2841ae4e95b52e4cd62db4"),
    ],
)  # fmt: skip
def test_circleci_documented_vectors(make_incoming, body, secret, signature):
    # The table and the Python sample of CircleCI's "Validate outbound webhooks".
    incoming = make_incoming(body, {"circleci-signature": f"v1={signature}"})
    assert _verify("circleci", incoming, secret).verdict == "verified"


@pytest.mark.parametrize(
    ("code", "name"),
    [("circleci", "circleci-signature"), ("pagerduty", "x-pagerduty-signature")],
)
def test_versioned_any_v1_matches_while_rotating(make_incoming, code, name):
    body = b'{"event": {"id": "e1"}}'
    value = f"v1={_hex('old-secret', body)}, v1={_hex('new-secret', body)},v2=ffff"
    incoming = make_incoming(body, {name: value})
    assert _verify(code, incoming, "old-secret").verdict == "verified"
    assert _verify(code, incoming, "new-secret").verdict == "verified"
    assert _verify(code, incoming, "third-secret").verdict == "failed"


@pytest.mark.parametrize(
    ("code", "name"),
    [("circleci", "circleci-signature"), ("pagerduty", "x-pagerduty-signature")],
)
def test_versioned_other_versions_are_not_checked(make_incoming, code, name):
    # Only v1 is defined; a v2 holding a correct MAC must not stand in for it.
    body = b"{}"
    result = _verify(code, make_incoming(body, {name: f"v2={_hex('k', body)}"}), "k")
    assert result.verdict == "failed" and "no v1" in (result.reason or "")


def test_pagerduty_event_id_falls_back_to_body_event_id(make_incoming):
    incoming = make_incoming(b'{"event": {"id": "01BRB6ZP4M6T8ZG4X6BP63ZB9O"}}', {})
    assert _event_id("pagerduty", incoming) == "01BRB6ZP4M6T8ZG4X6BP63ZB9O"
    assert _event_id("pagerduty", make_incoming(b'{"event": "x"}', {})) is None


# --- Bitbucket, Sentry, Vercel --------------------------------------------------------


def test_bitbucket_data_center_request_id(make_incoming):
    body = b'{"eventKey": "repo:refs_changed"}'
    headers = {"X-Hub-Signature": "sha256=" + _hex("k", body), "X-Request-Id": "dc-request-1"}
    incoming = make_incoming(body, headers)
    assert _verify("bitbucket", incoming, "k").verdict == "verified"
    assert _event_id("bitbucket", incoming) == "dc-request-1"


def test_bitbucket_github_style_sha1_refused(make_incoming):
    body = b"{}"
    incoming = make_incoming(body, {"X-Hub-Signature": "sha1=" + _hex("k", body, "sha1")})
    assert _verify("bitbucket", incoming, "k").verdict == "failed"


def test_sentry_timestamp_is_not_signed(make_incoming, now):
    # Sentry-Hook-Timestamp is outside the MAC, so it cannot make a delivery stale.
    body = b'{"action": "created"}'
    headers = {"Sentry-Hook-Signature": _hex("k", body), "Sentry-Hook-Timestamp": str(now - 86400)}
    assert _verify("sentry", make_incoming(body, headers), "k").verdict == "verified"


def test_vercel_needs_sha1(make_incoming):
    body = b'{"id": "x"}'
    incoming = make_incoming(body, {"x-vercel-signature": _hex("k", body, "sha256")})
    assert _verify("vercel", incoming, "k").verdict == "failed"


# --- Netlify ---------------------------------------------------------------------------

NETLIFY_BODY = b'{"id": "5ebc34bf4fea0b01f02efa3a", "state": "ready"}'


def _netlify(make_incoming, token: str, headers: dict[str, str] | None = None) -> Incoming:
    incoming: Incoming = make_incoming(
        NETLIFY_BODY, {"X-Webhook-Signature": token, **(headers or {})}
    )
    return incoming


NETLIFY_SHA = hashlib.sha256(NETLIFY_BODY).hexdigest()


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        (hs256_token({"iss": "someone", "sha256": NETLIFY_SHA}, NETLIFY_SECRET), "Issuer"),
        (hs256_token({"sha256": NETLIFY_SHA}, NETLIFY_SECRET), "iss"),
        (hs256_token({"iss": "netlify"}, NETLIFY_SECRET), "sha256"),
        (hs256_token({"iss": "netlify", "sha256": 5}, NETLIFY_SECRET), "not a string"),
        (hs256_token({"iss": "netlify", "sha256": "00" * 32}, NETLIFY_SECRET), "does not match"),
        (hs256_token({"iss": "netlify", "sha256": NETLIFY_SHA}, NETLIFY_SECRET,
                     {"alg": "HS512", "typ": "JWT"}), "does not verify"),
        (hs256_token({"iss": "netlify", "sha256": NETLIFY_SHA}, NETLIFY_SECRET,
                     {"alg": "none"}).rsplit(".", 1)[0] + ".", "does not verify"),
        ("not.a.jws", "does not verify"),
        ("", "missing"),
    ],
    ids=["wrong-iss", "no-iss", "no-sha256", "sha256-not-text", "other-body", "hs512-header",
         "alg-none", "garbage", "empty"],
)  # fmt: skip
def test_netlify_refusals(make_incoming, token, reason):
    result = _verify("netlify", _netlify(make_incoming, token), NETLIFY_SECRET)
    assert result.verdict == "failed"
    assert reason in (result.reason or "") and "verification error" not in (result.reason or "")


def test_netlify_uppercase_sha256_claim_accepted(make_incoming):
    token = hs256_token({"iss": "netlify", "sha256": NETLIFY_SHA.upper()}, NETLIFY_SECRET)
    assert _verify("netlify", _netlify(make_incoming, token), NETLIFY_SECRET).verdict == (
        "verified"
    )


def test_netlify_short_secret_still_verifies(make_incoming):
    # The user picks Netlify's JWS secret; PyJWT only warns that it is short.
    token = hs256_token({"iss": "netlify", "sha256": NETLIFY_SHA}, "short")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", InsecureKeyLengthWarning)
        assert _verify("netlify", _netlify(make_incoming, token), "short").verdict == "verified"


def test_netlify_event_id_falls_back_to_state(make_incoming):
    token = hs256_token({"iss": "netlify", "sha256": NETLIFY_SHA}, NETLIFY_SECRET)
    assert _event_id("netlify", _netlify(make_incoming, token)) == "5ebc34bf4fea0b01f02efa3a:ready"
    assert _event_id("netlify", make_incoming(b'{"id": "d1"}', {})) == "d1"


# --- Twitch ----------------------------------------------------------------------------

CHALLENGE = "pogchamp-kappa-360noscope-vohiyo"


def _twitch(
    env: Any, message_type: str = "webhook_callback_verification", *, secret: str = TWITCH_SECRET,
    age: int = 0, data: Any = None,
) -> Incoming:
    body = json.dumps(
        {"challenge": CHALLENGE, "subscription": {"id": "f1c2a387", "status": "pending"}}
        if data is None else data
    ).encode()
    msg_id = "e76c6bd4-55c9-4987-8304-da1588d8988b"
    ts = rfc3339_nanos(env.now - age)
    headers = {
        "Twitch-Eventsub-Message-Id": msg_id,
        "Twitch-Eventsub-Message-Timestamp": ts,
        "Twitch-Eventsub-Message-Signature": "sha256="
        + _hex(secret, msg_id.encode() + ts.encode() + body),
        "Twitch-Eventsub-Message-Type": message_type,
    }
    incoming: Incoming = env.make(body, headers)
    return incoming


@pytest.mark.parametrize("secret", [TWITCH_SECRET, None])
def test_twitch_challenge_answered_as_plain_text(env, secret):
    # Without a secret nothing can be checked; the notifications are then not_configured.
    reply = _handshake("twitch", _twitch(env), secret)
    assert reply is not None
    assert (reply.status, reply.body, reply.content_type) == (
        200, CHALLENGE.encode(), "text/plain"
    )


@pytest.mark.parametrize(
    "kwargs", [{"secret": "someone-elses-secret"}, {"age": 601}], ids=["bad-signature", "stale"]
)
def test_twitch_challenge_refused_when_not_authentic(env, kwargs):
    reply = _handshake("twitch", _twitch(env, **kwargs), TWITCH_SECRET)
    assert reply is not None and reply.status == 403
    assert CHALLENGE.encode() not in reply.body


def test_twitch_challenge_without_challenge(env):
    reply = _handshake("twitch", _twitch(env, data={"subscription": {}}), TWITCH_SECRET)
    assert reply is not None and reply.status == 400


@pytest.mark.parametrize("message_type", ["notification", "revocation"])
def test_twitch_notifications_are_not_handshakes(env, message_type):
    incoming = _twitch(env, message_type)
    assert _handshake("twitch", incoming, TWITCH_SECRET) is None
    assert _verify("twitch", incoming, TWITCH_SECRET).verdict == "verified"


@pytest.mark.parametrize(
    "timestamp", ["2025-12-31T23:59:30Z", "2025-12-31T23:59:30.5+00:00", "2025-12-31T23:59:30"]
)
def test_twitch_timestamp_forms(make_incoming, timestamp):
    body = b"{}"
    headers = {
        "Twitch-Eventsub-Message-Id": "m1",
        "Twitch-Eventsub-Message-Timestamp": timestamp,
        "Twitch-Eventsub-Message-Signature": "sha256=" + _hex(TWITCH_SECRET,
                                                               b"m1" + timestamp.encode() + body),
    }  # fmt: skip
    assert _verify("twitch", make_incoming(body, headers), TWITCH_SECRET).verdict == "verified"


def test_twitch_unparseable_timestamp_fails_after_the_signature(make_incoming):
    body, ts = b"{}", "yesterday"
    headers = {
        "Twitch-Eventsub-Message-Id": "m1",
        "Twitch-Eventsub-Message-Timestamp": ts,
        "Twitch-Eventsub-Message-Signature": "sha256=" + _hex(TWITCH_SECRET,
                                                               b"m1" + ts.encode() + body),
    }  # fmt: skip
    result = _verify("twitch", make_incoming(body, headers), TWITCH_SECRET)
    assert result.verdict == "failed" and "RFC 3339" in (result.reason or "")


@pytest.mark.parametrize("secret", ["short", "x" * 101, "sécret-with-accent"])
def test_twitch_check_secret_refuses(secret):
    check = _provider("twitch").check_secret
    assert check is not None and check(secret)
    assert check(TWITCH_SECRET) is None and check("x" * 100) is None


# --- Asana -----------------------------------------------------------------------------

HOOK_SECRET = "b537207f20cbfa02357cf448134da559e8bd39d61597dcd5631b8012eae53e81"


def test_asana_handshake_delivers_the_secret(make_incoming):
    reply = _handshake("asana", make_incoming(b"", {"X-Hook-Secret": HOOK_SECRET}), None)
    assert reply is not None and reply.status == 200
    assert reply.headers == {"X-Hook-Secret": HOOK_SECRET}
    assert reply.secret == HOOK_SECRET


def test_asana_handshake_repeated_with_the_same_secret(make_incoming):
    reply = _handshake("asana", make_incoming(b"", {"X-Hook-Secret": HOOK_SECRET}), HOOK_SECRET)
    assert reply is not None and reply.status == 200
    assert reply.headers == {"X-Hook-Secret": HOOK_SECRET}


def test_asana_handshake_refused_when_the_source_has_another_secret(make_incoming):
    reply = _handshake("asana", make_incoming(b"", {"X-Hook-Secret": HOOK_SECRET}), "other")
    assert reply is not None and reply.status == 409
    assert not reply.headers and reply.secret is None
    assert HOOK_SECRET.encode() not in reply.body


def test_asana_then_verifies_with_the_delivered_secret(make_incoming):
    reply = _handshake("asana", make_incoming(b"", {"X-Hook-Secret": HOOK_SECRET}), None)
    assert reply is not None and reply.secret is not None
    body = b'{"events": []}'  # a heartbeat, signed like any event
    incoming = make_incoming(body, {"X-Hook-Signature": _hex(HOOK_SECRET, body)})
    assert _handshake("asana", incoming, reply.secret) is None
    assert _verify("asana", incoming, reply.secret).verdict == "verified"


def test_asana_strips_the_secret_header():
    assert _provider("asana").strip_headers == ("x-hook-secret",)


# --- Trello ----------------------------------------------------------------------------


def test_trello_head_check_answered(make_incoming):
    reply = _handshake("trello", make_incoming(b"", {}, method="HEAD"), None)
    assert reply is not None and (reply.status, reply.body) == (200, b"")


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_trello_other_methods_are_not_handshakes(make_incoming, method):
    assert _handshake("trello", make_incoming(b"", {}, method=method), "s") is None


def test_trello_signs_the_url_with_its_query(make_incoming, url):
    body = b'{"action": {"id": "a1"}}'
    callback = f"{url}?board=42"
    signature = base64.b64encode(
        hmac.new(b"k", body + callback.encode(), "sha1").digest()
    ).decode()
    incoming = make_incoming(body, {"X-Trello-Webhook": signature}, url=callback)
    assert _verify("trello", incoming, "k").verdict == "verified"
    moved = make_incoming(body, {"X-Trello-Webhook": signature}, url=url)
    assert _verify("trello", moved, "k").verdict == "failed"


def test_trello_unicode_body(make_incoming, url):
    body = '{"action": {"id": "a1", "data": {"text": "café ☕"}}}'.encode()
    signature = base64.b64encode(hmac.new(b"k", body + url.encode(), "sha1").digest()).decode()
    incoming = make_incoming(body, {"X-Trello-Webhook": signature})
    assert _verify("trello", incoming, "k").verdict == "verified"


# --- Dropbox ---------------------------------------------------------------------------


def test_dropbox_challenge_echoed(make_incoming, url):
    incoming = make_incoming(b"", {}, method="GET", url=f"{url}?challenge=abc%3Cscript%3E")
    reply = _handshake("dropbox", incoming, None)
    assert reply is not None
    assert (reply.status, reply.body, reply.content_type) == (200, b"abc<script>", "text/plain")
    assert reply.headers == {"X-Content-Type-Options": "nosniff"}


@pytest.mark.parametrize(("method", "query"), [("GET", ""), ("POST", "?challenge=abc")])
def test_dropbox_not_a_handshake(make_incoming, url, method, query):
    incoming = make_incoming(b"", {}, method=method, url=url + query)
    assert _handshake("dropbox", incoming, "s") is None


# --- Airtable --------------------------------------------------------------------------


@pytest.mark.parametrize("secret", ["not base64!", "", "YWJj=x"])
def test_airtable_check_secret_refuses(secret):
    check = _provider("airtable").check_secret
    assert check is not None and check(secret)
    assert check(AIRTABLE_SECRET) is None


def test_airtable_malformed_secret_fails_cleanly(make_incoming):
    body = b"{}"
    incoming = make_incoming(body, {"X-Airtable-Content-MAC": "hmac-sha256=" + _hex("k", body)})
    result = _verify("airtable", incoming, "not base64!")
    assert result.verdict == "failed" and "base64" in (result.reason or "")


def test_airtable_prefix_required(make_incoming):
    body = b"{}"
    key = base64.b64decode(AIRTABLE_SECRET)
    incoming = make_incoming(body, {"X-Airtable-Content-MAC": _hex(key, body)})
    result = _verify("airtable", incoming, AIRTABLE_SECRET)
    assert result.verdict == "failed" and "hmac-sha256=" in (result.reason or "")


def test_airtable_event_id_needs_webhook_and_timestamp(make_incoming):
    assert _event_id("airtable", make_incoming(b'{"webhook": {"id": "ach1"}}', {})) is None


# --- monday.com ------------------------------------------------------------------------


def test_monday_challenge_echoed(make_incoming):
    challenge = "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"
    reply = _handshake("monday", make_incoming(json.dumps({"challenge": challenge}).encode()), None)
    assert reply is not None and reply.status == 200
    assert json.loads(reply.body) == {"challenge": challenge}


def test_monday_challenge_not_text(make_incoming):
    reply = _handshake("monday", make_incoming(b'{"challenge": 5}'), None)
    assert reply is not None and reply.status == 400


@pytest.mark.parametrize(
    ("body", "method"), [(b'{"event": {"triggerUuid": "t"}}', "POST"), (b"", "GET")]
)
def test_monday_not_a_handshake(make_incoming, body, method):
    assert _handshake("monday", make_incoming(body, {}, method=method), MONDAY_SECRET) is None


def test_monday_bearer_prefix_and_empty_aud_accepted(env):
    token = monday_token(env, aud="")
    incoming = env.make(b"{}", {"Authorization": f"Bearer {token}"})
    assert _verify("monday", incoming, MONDAY_SECRET).verdict == "verified"


@pytest.mark.parametrize(
    ("claims", "reason"),
    [
        ({"aud": "https://elsewhere.example/hook"}, "aud"),
        ({"aud": ["https://elsewhere.example/hook"]}, "aud"),
        ({"exp": None}, "exp"),
        ({"exp": "soon"}, "exp"),
    ],
    ids=["other-aud", "other-aud-list", "no-exp", "exp-not-number"],
)
def test_monday_refusals(env, claims, reason):
    incoming = env.make(b"{}", {"Authorization": monday_token(env, **claims)})
    result = _verify("monday", incoming, MONDAY_SECRET)
    assert result.verdict == "failed" and reason in (result.reason or "")
    assert "verification error" not in (result.reason or "")


def test_monday_aud_list_containing_the_url(env):
    incoming = env.make(b"{}", {"Authorization": monday_token(env, aud=["x", env.url])})
    assert _verify("monday", incoming, MONDAY_SECRET).verdict == "verified"


def test_monday_refuses_other_algorithms(env):
    iat = env.now
    claims = {"aud": env.url, "exp": iat + 300, "iat": iat}
    token = hs256_token(claims, MONDAY_SECRET, {"alg": "HS384", "typ": "JWT"})
    result = _verify("monday", env.make(b"{}", {"Authorization": token}), MONDAY_SECRET)
    assert result.verdict == "failed"


# --- Calendly --------------------------------------------------------------------------


def test_calendly_any_v1_matches(make_incoming, now):
    body = b'{"event": "invitee.canceled"}'
    signed = f"{now}.".encode() + body
    value = f"t={now},v1={_hex('old', signed)},v1={_hex('new', signed)}"
    incoming = make_incoming(body, {"Calendly-Webhook-Signature": value})
    assert _verify("calendly", incoming, "old").verdict == "verified"
    assert _verify("calendly", incoming, "new").verdict == "verified"


def test_calendly_event_id_needs_event_and_uri(make_incoming):
    assert _event_id("calendly", make_incoming(b'{"event": "invitee.created"}', {})) is None


# --- junk ------------------------------------------------------------------------------

TOOLS = ["bitbucket", "sentry", "pagerduty", "circleci", "vercel", "netlify", "twitch", "asana",
         "trello", "dropbox", "airtable", "monday", "calendly"]  # fmt: skip
JUNK = "t=abc,v1=zz;ts=;h1=\u00e9\u00e9 v1,%%% sha256=@@ hmac-sha256=zz Bearer a.b.c"
JUNK_HEADERS = {
    name: JUNK
    for name in (
        "x-hub-signature", "x-request-uuid", "request-id", "sentry-hook-signature",
        "x-pagerduty-signature", "x-webhook-id", "circleci-signature", "x-vercel-signature",
        "x-webhook-signature", "x-netlify-event", "twitch-eventsub-message-id",
        "twitch-eventsub-message-timestamp", "twitch-eventsub-message-signature",
        "twitch-eventsub-message-type", "x-hook-signature", "x-trello-webhook",
        "x-dropbox-signature", "x-airtable-content-mac", "authorization",
        "calendly-webhook-signature",
    )
}  # fmt: skip
JUNK_BODIES = [b"", b"\xff\xfe not utf-8", b"[[[[", b'{"event": 5, "action": []}', b"a=%zz&b"]


@pytest.mark.parametrize("code", TOOLS)
@pytest.mark.parametrize("body", JUNK_BODIES)
@pytest.mark.parametrize("secret", ["s3cret", "c2VjcmV0", "\u00e9\u00e9"])
def test_junk_fails_cleanly(make_incoming, code, body, secret):
    incoming = make_incoming(body, JUNK_HEADERS, url="https://hooks.example.com:8443/in/x?a=%zz")
    result = _verify(code, incoming, secret)
    assert result.verdict == "failed"
    assert result.reason and "verification error" not in result.reason
    # Header ids are junk text but still ids; nothing may raise.
    registry.event_id(_provider(code), incoming)
