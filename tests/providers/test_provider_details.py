"""Provider-specific details the shared table does not reach: rotation, variants, ports,
URI decoding, malformed secrets and documented test vectors."""

from __future__ import annotations

import base64
import hmac
import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import pytest
import stripe as stripe_sdk
from standardwebhooks.webhooks import Webhook
from twilio.request_validator import RequestValidator

from hookline.providers import registry
from hookline.providers.base import Incoming, Verification


def _verify(
    code: str, incoming: Incoming, secret: str, config: dict[str, Any] | None = None
) -> Verification:
    provider = registry.get_provider(code)
    assert provider is not None
    return registry.verify(provider, incoming, secret, config)


def _event_id(code: str, incoming: Incoming, config: dict[str, Any] | None = None) -> str | None:
    provider = registry.get_provider(code)
    assert provider is not None
    return registry.event_id(provider, incoming, config)


def _mac(secret: str | bytes, msg: bytes, algo: str = "sha256") -> bytes:
    return hmac.new(secret.encode() if isinstance(secret, str) else secret, msg, algo).digest()


# --- GitHub / generic ---------------------------------------------------------------


def test_github_documented_test_vector(make_incoming):
    # From GitHub's "Validating webhook deliveries" page.
    sig = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
    incoming = make_incoming(b"Hello, World!", {"X-Hub-Signature-256": sig})
    assert _verify("github", incoming, "It's a Secret to Everybody").verdict == "verified"


def test_github_uppercase_hex_and_prefix_accepted(make_incoming):
    sig = "SHA256=" + _mac("k", b"{}").hex().upper()
    assert _verify("github", make_incoming(b"{}", {"X-Hub-Signature-256": sig}), "k").verdict == (
        "verified"
    )


def test_github_signature_without_prefix_fails(make_incoming):
    incoming = make_incoming(b"{}", {"X-Hub-Signature-256": _mac("k", b"{}").hex()})
    result = _verify("github", incoming, "k")
    assert result.verdict == "failed" and "sha256=" in (result.reason or "")


@pytest.mark.parametrize(
    ("config", "render"),
    [
        ({}, lambda d: d.hex()),
        ({"algorithm": "sha1"}, lambda d: d.hex()),
        ({"algorithm": "SHA512", "encoding": "base64"}, lambda d: base64.b64encode(d).decode()),
        ({"prefix": "sha256="}, lambda d: "sha256=" + d.hex()),
        ({"encoding": "base64", "prefix": "v1,"}, lambda d: "v1," + base64.b64encode(d).decode()),
    ],
    ids=["defaults", "sha1", "sha512-base64", "prefix", "base64-prefix"],
)
def test_generic_hmac_variants(make_incoming, config, render):
    config = {"signatureHeader": "X-Sig", **config}
    algo = config.get("algorithm", "sha256").lower()
    body = b'{"n": 1}'
    incoming = make_incoming(body, {"X-Sig": render(_mac("k", body, algo))})
    assert _verify("generic", incoming, "k", config).verdict == "verified"


@pytest.mark.parametrize(
    ("config", "reason"),
    [
        ({"algorithm": "md5"}, "algorithm"),
        ({"encoding": "base32"}, "encoding"),
        ({"prefix": "sha1="}, "does not start with"),
    ],
)
def test_generic_bad_config_or_prefix_fails(make_incoming, config, reason):
    body = b"{}"
    incoming = make_incoming(body, {"X-Sig": "sha256=" + _mac("k", body).hex()})
    result = _verify("generic", incoming, "k", {"signatureHeader": "X-Sig", **config})
    assert result.verdict == "failed" and reason in (result.reason or "")


# --- Stripe / Paddle rotation -------------------------------------------------------


def test_stripe_any_v1_may_match(make_incoming, now):
    body = b'{"id": "evt_1"}'
    good = _mac("whsec_new", f"{now}.".encode() + body).hex()
    header = f"t={now},v1={'0' * 64},v0=ignored,v1={good}"
    assert _verify(
        "stripe", make_incoming(body, {"Stripe-Signature": header}), "whsec_new"
    ).verdict == ("verified")
    # The SDK agrees (tolerance=None: it would otherwise use the wall clock).
    assert stripe_sdk.WebhookSignature.verify_header(body, header, "whsec_new", tolerance=None)


@pytest.mark.parametrize(
    "header", ["v1=abc", "t=notanumber,v1=abc", "t=1767225600", "t=1767225600,v0=abc"]
)
def test_stripe_malformed_header_fails(make_incoming, header):
    result = _verify("stripe", make_incoming(b"{}", {"Stripe-Signature": header}), "whsec_x")
    assert result.verdict == "failed"


def test_paddle_any_h1_may_match(make_incoming, now):
    body = b'{"event_id": "evt_1"}'
    good = _mac("pdl", f"{now}:".encode() + body).hex()
    header = f"ts={now};h1={'f' * 64};h1={good}"
    assert _verify("paddle", make_incoming(body, {"Paddle-Signature": header}), "pdl").verdict == (
        "verified"
    )


# --- Standard Webhooks --------------------------------------------------------------

SW_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"


def _sw_headers(secret: str, now: int, body: bytes, msg_id: str = "msg_1") -> dict[str, str]:
    sig = Webhook(secret).sign(msg_id, datetime.fromtimestamp(now, tz=UTC), body.decode())
    return {"webhook-id": msg_id, "webhook-timestamp": str(now), "webhook-signature": sig}


def test_standard_webhooks_secret_without_prefix(make_incoming, now):
    bare = SW_SECRET.removeprefix("whsec_")
    body = b'{"a": 1}'
    incoming = make_incoming(body, _sw_headers(bare, now, body))
    assert _verify("standard-webhooks", incoming, bare).verdict == "verified"
    assert _verify("standard-webhooks", incoming, SW_SECRET).verdict == "verified"


def test_standard_webhooks_several_signatures(make_incoming, now):
    body = b'{"a": 1}'
    headers = _sw_headers(SW_SECRET, now, body)
    other = _sw_headers("whsec_" + base64.b64encode(b"old key").decode(), now, body)
    headers["webhook-signature"] = (
        f"v1a,{'A' * 86}== {other['webhook-signature']} {headers['webhook-signature']}"
    )
    assert _verify("standard-webhooks", make_incoming(body, headers), SW_SECRET).verdict == (
        "verified"
    )


def test_standard_webhooks_only_v1a_fails(make_incoming, now):
    body = b"{}"
    headers = _sw_headers(SW_SECRET, now, body)
    headers["webhook-signature"] = headers["webhook-signature"].replace("v1,", "v1a,")
    result = _verify("standard-webhooks", make_incoming(body, headers), SW_SECRET)
    assert result.verdict == "failed" and "no v1" in (result.reason or "")


def test_standard_webhooks_non_base64_secret_fails_cleanly(make_incoming, now):
    body = b"{}"
    incoming = make_incoming(body, _sw_headers(SW_SECRET, now, body))
    result = _verify("standard-webhooks", incoming, "whsec_abcde")
    assert result.verdict == "failed" and "base64" in (result.reason or "")


# --- GitLab -------------------------------------------------------------------------


def test_gitlab_token_or_signing_token_either_authenticates(make_incoming, now):
    body = b'{"object_kind": "push"}'
    headers = {**_sw_headers(SW_SECRET, now, body), "X-Gitlab-Token": "plain-token"}
    incoming = make_incoming(body, headers)
    assert _verify("gitlab", incoming, "plain-token").verdict == "verified"
    assert _verify("gitlab", incoming, SW_SECRET).verdict == "verified"
    result = _verify("gitlab", incoming, "neither")
    assert result.verdict == "failed"
    assert "X-Gitlab-Token" in (result.reason or "") and "webhook" in (result.reason or "")


def test_gitlab_event_id_falls_back_to_event_uuid(make_incoming):
    incoming = make_incoming(b"{}", {"X-Gitlab-Token": "t", "X-Gitlab-Event-UUID": "uuid-1"})
    assert _event_id("gitlab", incoming) == "uuid-1"


# --- Shopify ------------------------------------------------------------------------


def test_shopify_event_id_fallback(make_incoming):
    assert _event_id("shopify", make_incoming(b"{}", {"X-Shopify-Event-Id": "ev-9"})) == "ev-9"


# --- Twilio -------------------------------------------------------------------------

TOKEN = "12345"


def _form(params: dict[str, str]) -> tuple[dict[str, str], str]:
    return {"Content-Type": "application/x-www-form-urlencoded"}, urlencode(params, doseq=True)


@pytest.mark.parametrize(
    ("received_url", "signed_url"),
    [
        ("https://hooks.example.com/in/t", "https://hooks.example.com:443/in/t"),
        ("https://hooks.example.com:443/in/t", "https://hooks.example.com/in/t"),
        ("https://hooks.example.com:8443/in/t", "https://hooks.example.com/in/t"),
        ("http://hooks.example.com/in/t?x=1", "http://hooks.example.com:80/in/t?x=1"),
    ],
    ids=["add-443", "drop-443", "drop-custom-port", "add-80"],
)
def test_twilio_url_with_and_without_port(make_incoming, received_url, signed_url):
    params = {"CallSid": "CA1", "CallStatus": "ringing"}
    headers, body = _form(params)
    headers["X-Twilio-Signature"] = RequestValidator(TOKEN).compute_signature(signed_url, params)
    incoming = make_incoming(body.encode(), headers, url=received_url)
    assert _verify("twilio", incoming, TOKEN).verdict == "verified"
    # The SDK makes the same call.
    assert RequestValidator(TOKEN).validate(received_url, params, headers["X-Twilio-Signature"])


class _MultiDict(dict[str, list[str]]):
    """Just enough of a framework multidict for RequestValidator.get_values."""

    def getall(self, name: str) -> list[str]:
        return self[name]


def test_twilio_repeated_params(make_incoming, url):
    params = _MultiDict({"MediaUrl": ["b", "a"], "MessageSid": ["SM1"]})
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    headers["X-Twilio-Signature"] = RequestValidator(TOKEN).compute_signature(url, params)
    body = urlencode(params, doseq=True).encode()
    assert _verify("twilio", make_incoming(body, headers), TOKEN).verdict == "verified"


def test_twilio_get_signs_the_query(make_incoming, url):
    signed = f"{url}?MessageSid=SM9&SmsStatus=received"
    headers = {"X-Twilio-Signature": RequestValidator(TOKEN).compute_signature(signed, {})}
    incoming = make_incoming(b"", headers, method="GET", url=signed)
    assert _verify("twilio", incoming, TOKEN).verdict == "verified"
    assert _event_id("twilio", incoming) == "SM9:received"


def test_twilio_sha256_shared_key(make_incoming, url):
    params = {"MessageSid": "SM2"}
    headers, body = _form(params)
    headers["X-Twilio-Signature"] = RequestValidator("shared").compute_signature(
        url, params, algorithm="HMAC_SHA256"
    )
    headers["X-Twilio-Webhooks-Signature-Settings"] = (
        "key=webhooks_sharedkey_1,algorithm=HMAC_SHA256"
    )
    assert _verify("twilio", make_incoming(body.encode(), headers), "shared").verdict == "verified"
    headers["X-Twilio-Webhooks-Signature-Settings"] = "algorithm=HMAC_SHA3"
    result = _verify("twilio", make_incoming(body.encode(), headers), "shared")
    assert result.verdict == "failed" and "unsupported" in (result.reason or "")


def test_twilio_json_body_hash_mismatch(make_incoming, url):
    validator = RequestValidator(TOKEN)
    signed = f"{url}?bodySHA256={validator.compute_hash('{}')}"
    headers = {"Content-Type": "application/json"}
    headers["X-Twilio-Signature"] = validator.compute_signature(signed, {})
    result = _verify("twilio", make_incoming(b'{"x": 1}', headers, url=signed), TOKEN)
    assert result.verdict == "failed" and "bodySHA256" in (result.reason or "")


@pytest.mark.parametrize(
    ("params", "headers", "expected"),
    [
        ({"CallSid": "CA1", "CallStatus": "completed"}, {}, "CA1:completed"),
        ({"MessageSid": "SM1"}, {}, "SM1"),
        ({"MessageSid": "SM1", "SmsStatus": "received"}, {}, "SM1:received"),
        ({"MessageSid": "SM1"}, {"I-Twilio-Idempotency-Token": "tok"}, "tok"),
        ({"AccountSid": "AC1"}, {}, None),
    ],
)
def test_twilio_event_id(make_incoming, params, headers, expected):
    form_headers, body = _form(params)
    assert _event_id("twilio", make_incoming(body.encode(), {**form_headers, **headers})) == (
        expected
    )


# --- HubSpot ------------------------------------------------------------------------


@pytest.mark.parametrize("sign_decoded", [True, False], ids=["decoded-uri", "uri-as-received"])
def test_hubspot_uri_decoding(make_incoming, now, sign_decoded):
    received = "https://hooks.example.com/in/t?next=%2Fdeals%3Fid%3D1&q=a%20b"
    decoded = "https://hooks.example.com/in/t?next=/deals?id%3D1&q=a%20b"  # only listed escapes
    body = b'[{"eventId": 7}]'
    ts = str(now * 1000)
    uri = decoded if sign_decoded else received
    sig = base64.b64encode(_mac("hs", b"POST" + uri.encode() + body + ts.encode())).decode()
    headers = {"X-HubSpot-Signature-v3": sig, "X-HubSpot-Request-Timestamp": ts}
    assert _verify("hubspot", make_incoming(body, headers, url=received), "hs").verdict == (
        "verified"
    )


@pytest.mark.parametrize("body", [b"[]", b'{"eventId": 1}', b'[{"eventId": true}]', b"[1]"])
def test_hubspot_event_id_absent(make_incoming, body):
    assert _event_id("hubspot", make_incoming(body)) is None


# --- Linear / Discord / Postmark / Zoom / Slack -------------------------------------


def test_linear_requires_body_timestamp(make_incoming):
    body = b'{"action": "create"}'
    incoming = make_incoming(body, {"Linear-Signature": _mac("lin", body).hex()})
    result = _verify("linear", incoming, "lin")
    assert result.verdict == "failed" and "webhookTimestamp" in (result.reason or "")


@pytest.mark.parametrize(
    ("secret", "signature", "reason"),
    [
        ("zz" * 32, "00" * 64, "public key"),
        ("ab" * 16, "00" * 64, "public key"),
        ("ab" * 32, "not-hex", "does not verify"),
        ("ab" * 32, "00" * 10, "does not verify"),
    ],
    ids=["key-not-hex", "key-too-short", "signature-not-hex", "signature-too-short"],
)
def test_discord_malformed_input_fails_cleanly(make_incoming, secret, signature, reason):
    headers = {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": "1"}
    result = _verify("discord", make_incoming(b"{}", headers), secret)
    assert result.verdict == "failed" and reason in (result.reason or "")


@pytest.mark.parametrize(
    ("authorization", "reason"),
    [
        ("Bearer dXNlcjpwdw==", "not Basic"),
        ("Basic ***", "not base64"),
        ("basic " + base64.b64encode(b"user:other").decode(), "do not match"),
    ],
)
def test_postmark_bad_authorization(make_incoming, authorization, reason):
    result = _verify("postmark", make_incoming(b"{}", {"Authorization": authorization}), "user:pw")
    assert result.verdict == "failed" and reason in (result.reason or "")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"RecordType": "Bounce", "MessageID": "m1"}, "Bounce:m1"),
        ({"RecordType": "Open", "MessageID": "m1", "ReceivedAt": "2026-01-01T00:00:00Z"},
         "Open:m1:2026-01-01T00:00:00Z"),
        ({"MessageID": "m2", "From": "a@example.com"}, "m2"),
        ({"RecordType": "Delivery"}, None),
    ],
)  # fmt: skip
def test_postmark_event_id(make_incoming, data, expected):
    assert _event_id("postmark", make_incoming(json.dumps(data).encode())) == expected


def test_zoom_event_id_needs_event_ts(make_incoming):
    body = b'{"event": "meeting.started"}'
    assert _event_id("zoom", make_incoming(body)) is None
    full = b'{"event": "meeting.started", "event_ts": 1}'
    assert _event_id("zoom", make_incoming(full)) == _event_id("zoom", make_incoming(full))
    assert _event_id("zoom", make_incoming(full)) != _event_id("zoom", make_incoming(full + b" "))


def test_slack_form_post_has_no_event_id(make_incoming):
    body = b"command=%2Fweather&text=94070&trigger_id=13345224609.738474920.8088930838d88f0"
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert _event_id("slack", make_incoming(body, headers)) is None
