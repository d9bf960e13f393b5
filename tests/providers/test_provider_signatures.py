"""One correctly signed request per provider (and variant), checked every way the brief asks.

Signatures come from the providers' official SDKs where one is installed (stripe, slack_sdk,
twilio, standardwebhooks, PyNaCl); otherwise they are computed here as the provider's
documentation describes, independently of hookline's own helpers.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import nacl.signing
import pytest
import stripe as stripe_sdk
from slack_sdk.signature import SignatureVerifier
from standardwebhooks.webhooks import Webhook
from twilio.request_validator import RequestValidator

from hookline.providers import registry
from hookline.providers.base import Incoming, Verification
from tests.providers import cases_commerce, cases_identity, cases_tools
from tests.providers.cases import Case, as_json, b64_mac, hex_mac

SW_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SW_OTHER = "whsec_" + base64.b64encode(b"another signing key!").decode()
DISCORD_KEY = nacl.signing.SigningKey(bytes(range(32)))
DISCORD_OTHER = nacl.signing.SigningKey(bytes(range(1, 33)))


def generic_case(env: Any, age: int = 0) -> Case:
    body = as_json({"hello": "world"})
    secret = "generic-secret"
    return Case(
        code="generic",
        incoming=env.make(body, {"X-Signature": hex_mac(secret, body), "X-Delivery": "dlv_1"}),
        secret=secret,
        config={"signatureHeader": "X-Signature", "eventIdHeader": "X-Delivery"},
        event_id="dlv_1",
        credential_headers=("x-signature",),
    )


def github_case(env: Any, age: int = 0) -> Case:
    body = as_json({"action": "opened", "number": 1})
    secret = "gh-secret"
    headers = {
        "X-Hub-Signature-256": "sha256=" + hex_mac(secret, body),
        "X-GitHub-Delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
        "X-GitHub-Event": "pull_request",
    }
    return Case(
        code="github",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="72d3162e-cc78-11e3-81ab-4c9367dc0958",
        credential_headers=("x-hub-signature-256",),
    )


def gitlab_token_case(env: Any, age: int = 0) -> Case:
    body = as_json({"object_kind": "push"})
    headers = {
        "X-Gitlab-Token": "gl-token",
        "X-Gitlab-Event": "Push Hook",
        "Idempotency-Key": "f0d5fd4f-0f8b-4a6d-9d7e-1f3c5b2a9e10",
        "X-Gitlab-Event-UUID": "0e7e1d5c-aaaa-bbbb-cccc-000000000001",
    }
    return Case(
        code="gitlab",
        incoming=env.make(body, headers),
        secret="gl-token",
        event_id="f0d5fd4f-0f8b-4a6d-9d7e-1f3c5b2a9e10",
        credential_headers=("x-gitlab-token",),
        body_signed=False,
    )


def gitlab_signed_case(env: Any, age: int = 0) -> Case:
    body = as_json({"object_kind": "merge_request"})
    ts = env.now - age
    msg_id = "4b1c7a52-5e3f-4a54-8a5f-2d6c1e9b7a31"
    signature = Webhook(SW_SECRET).sign(msg_id, datetime.fromtimestamp(ts, tz=UTC), body.decode())
    headers = {
        "webhook-id": msg_id,
        "webhook-timestamp": str(ts),
        "webhook-signature": signature,
        "Idempotency-Key": msg_id,
    }
    return Case(
        code="gitlab",
        incoming=env.make(body, headers),
        secret=SW_SECRET,
        event_id=msg_id,
        credential_headers=("webhook-signature",),
        other_secret=SW_OTHER,
    )


def stripe_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": "evt_1NG8Du2eZvKYlo2CUI79vXWy", "object": "event", "type": "ping"})
    secret = "whsec_test_secret"
    header = stripe_sdk.WebhookSignature.generate_signature_header(
        body.decode(), secret, timestamp=env.now - age
    )
    return Case(
        code="stripe",
        incoming=env.make(body, {"Stripe-Signature": header}),
        secret=secret,
        event_id="evt_1NG8Du2eZvKYlo2CUI79vXWy",
        credential_headers=("stripe-signature",),
    )


def shopify_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": 820982911946154500, "email": "jon@example.com"})
    secret = "shpss_client_secret"
    headers = {
        "X-Shopify-Hmac-Sha256": b64_mac(secret, body),
        "X-Shopify-Webhook-Id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
        "X-Shopify-Event-Id": "98880550-7158-44d4-b7cd-2c97c8a091b5",
        "X-Shopify-Topic": "orders/create",
    }
    return Case(
        code="shopify",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
        credential_headers=("x-shopify-hmac-sha256",),
    )


def shopify_events_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": 1})
    secret = "shpss_client_secret"
    headers = {"Shopify-Hmac-Sha256": b64_mac(secret, body), "Shopify-Webhook-Id": "wh-2"}
    return Case(
        code="shopify",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="wh-2",
        credential_headers=("shopify-hmac-sha256",),
    )


def slack_case(env: Any, age: int = 0) -> Case:
    body = as_json({"type": "event_callback", "event_id": "Ev08MFMKH6", "event": {"type": "x"}})
    secret = "8f742231b10e8888abcd99yyyzzz85a5"
    ts = str(env.now - age)
    headers = {
        "X-Slack-Request-Timestamp": ts,
        "X-Slack-Signature": SignatureVerifier(secret).generate_signature(timestamp=ts, body=body),
    }
    return Case(
        code="slack",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="Ev08MFMKH6",
        credential_headers=("x-slack-signature",),
    )


def twilio_form_case(env: Any, age: int = 0) -> Case:
    token = "12345"
    params = {
        "MessageSid": "SM1f0e8ae6ade43cb3c0ce4525424e404f",
        "MessageStatus": "delivered",
        "To": "+15550001111",
        "From": "+15552223333",
        "Body": "Hello & welcome",
    }
    headers = {
        "Content-Type": "application/x-www-form-urlencoded; charset=utf-8",
        "X-Twilio-Signature": RequestValidator(token).compute_signature(env.url, params),
    }
    return Case(
        code="twilio",
        incoming=env.make(urlencode(params).encode(), headers),
        secret=token,
        event_id="SM1f0e8ae6ade43cb3c0ce4525424e404f:delivered",
        credential_headers=("x-twilio-signature",),
    )


def twilio_json_case(env: Any, age: int = 0) -> Case:
    token = "12345"
    body = as_json({"type": "com.twilio.messaging.message.delivered", "data": {}})
    validator = RequestValidator(token)
    url = f"{env.url}?bodySHA256={validator.compute_hash(body.decode())}"
    headers = {
        "Content-Type": "application/json",
        "X-Twilio-Signature": validator.compute_signature(url, {}),
        "I-Twilio-Idempotency-Token": "idem-7b0d",
    }
    return Case(
        code="twilio",
        incoming=env.make(body, headers, url=url),
        secret=token,
        event_id="idem-7b0d",
        credential_headers=("x-twilio-signature",),
    )


def _standard_case(env: Any, age: int, prefix: str, code: str = "standard-webhooks") -> Case:
    body = as_json({"type": "user.created", "data": {"id": "user_1"}})
    ts = env.now - age
    msg_id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W"
    signature = Webhook(SW_SECRET).sign(msg_id, datetime.fromtimestamp(ts, tz=UTC), body.decode())
    headers = {
        f"{prefix}id": msg_id,
        f"{prefix}timestamp": str(ts),
        f"{prefix}signature": signature,
    }
    return Case(
        code=code,
        incoming=env.make(body, headers),
        secret=SW_SECRET,
        event_id=msg_id,
        credential_headers=(f"{prefix}signature",),
        other_secret=SW_OTHER,
    )


def standard_case(env: Any, age: int = 0) -> Case:
    return _standard_case(env, age, "webhook-")


def svix_case(env: Any, age: int = 0) -> Case:
    return _standard_case(env, age, "svix-")


Builder = Callable[..., Case]


def _alias(code: str, prefix: str) -> Builder:
    """A provider of the Standard Webhooks family, signed by the standardwebhooks library."""

    def build(env: Any, age: int = 0) -> Case:
        return _standard_case(env, age, prefix, code)

    build.__name__ = f"{code}_alias_case"
    return build


FAMILY = [_alias(code, prefix) for code, prefix in (
    ("svix", "svix-"), ("clerk", "svix-"), ("resend", "svix-"), ("openai", "webhook-"),
    ("replicate", "webhook-"), ("brex", "webhook-"), ("lithic", "webhook-"))]


def polar_case(env: Any, age: int = 0) -> Case:
    # Polar's SDK (polar_sdk.webhooks.validate_event) hands standardwebhooks the base64 of
    # its secret, so the HMAC key is the secret's own bytes.
    secret = "polar_whs_7Bq2v9xL0mN4pR8tK1eW3yZ6"
    other = "polar_whs_another_secret_entirely"
    ts = env.now - age
    body = as_json({"type": "order.created", "data": {"id": "ord_1"}})
    msg_id = "msg_polar_1"
    signature = Webhook(base64.b64encode(secret.encode()).decode()).sign(
        msg_id, datetime.fromtimestamp(ts, tz=UTC), body.decode())
    headers = {"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": signature}
    return Case(code="polar", incoming=env.make(body, headers), secret=secret, event_id=msg_id,
                credential_headers=("webhook-signature",), other_secret=other)


def linear_case(env: Any, age: int = 0) -> Case:
    body = as_json({"action": "create", "type": "Issue",
                    "webhookTimestamp": (env.now - age) * 1000})
    secret = "lin_wh_secret"
    headers = {
        "Linear-Signature": hex_mac(secret, body),
        "Linear-Delivery": "234d1a4e-b617-4388-90fe-adc3633d6b72",
        "Linear-Event": "Issue",
    }
    return Case(
        code="linear",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="234d1a4e-b617-4388-90fe-adc3633d6b72",
        credential_headers=("linear-signature",),
    )


def paddle_case(env: Any, age: int = 0) -> Case:
    body = as_json({"event_id": "evt_01h8441jn5pcwrfhwh78jqt8hk", "event_type": "x"})
    secret = "pdl_ntfset_01abc_secret"
    ts = env.now - age
    header = f"ts={ts};h1={hex_mac(secret, f'{ts}:'.encode() + body)}"
    return Case(
        code="paddle",
        incoming=env.make(body, {"Paddle-Signature": header}),
        secret=secret,
        event_id="evt_01h8441jn5pcwrfhwh78jqt8hk",
        credential_headers=("paddle-signature",),
    )


def zoom_case(env: Any, age: int = 0) -> Case:
    body = as_json({"event": "meeting.started", "event_ts": 1626230691572, "payload": {}})
    secret = "zoom-secret-token"
    ts = env.now - age
    headers = {
        "x-zm-request-timestamp": str(ts),
        "x-zm-signature": "v0=" + hex_mac(secret, f"v0:{ts}:".encode() + body),
    }
    # The documented derivation (see zoom.event_id): sha256 of event, event_ts and body.
    derived = hashlib.sha256(b"meeting.started\n1626230691572\n" + body).hexdigest()
    return Case(
        code="zoom",
        incoming=env.make(body, headers),
        secret=secret,
        event_id=f"sha256:{derived}",
        credential_headers=("x-zm-signature",),
    )


def meta_case(env: Any, age: int = 0) -> Case:
    body = as_json({"object": "whatsapp_business_account", "entry": [{"id": "1"}]})
    secret = "meta-app-secret"
    return Case(
        code="meta",
        incoming=env.make(body, {"X-Hub-Signature-256": "sha256=" + hex_mac(secret, body)}),
        secret=secret,
        event_id=None,
        credential_headers=("x-hub-signature-256",),
    )


def discord_case(env: Any, age: int = 0) -> Case:
    body = as_json({"type": 2, "id": "1105638373563375636", "data": {"name": "ping"}})
    ts = str(env.now - age)
    signature = DISCORD_KEY.sign(ts.encode() + body).signature.hex()
    return Case(
        code="discord",
        incoming=env.make(body, {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": ts}),
        secret=DISCORD_KEY.verify_key.encode().hex(),
        event_id="1105638373563375636",
        credential_headers=("x-signature-ed25519",),
        other_secret=DISCORD_OTHER.verify_key.encode().hex(),
    )


def typeform_case(env: Any, age: int = 0) -> Case:
    body = as_json({"event_id": "01H7XQ1ZQ6J3", "event_type": "form_response"})
    secret = "tf-secret"
    return Case(
        code="typeform",
        incoming=env.make(body, {"Typeform-Signature": "sha256=" + b64_mac(secret, body)}),
        secret=secret,
        event_id="01H7XQ1ZQ6J3",
        credential_headers=("typeform-signature",),
    )


def hubspot_case(env: Any, age: int = 0) -> Case:
    body = as_json([{"eventId": 1731542212, "subscriptionType": "contact.creation"}])
    secret = "hs-client-secret"
    ts = str((env.now - age) * 1000)
    signature = b64_mac(secret, b"POST" + env.url.encode() + body + ts.encode())
    headers = {"X-HubSpot-Signature-v3": signature, "X-HubSpot-Request-Timestamp": ts}
    return Case(
        code="hubspot",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="1731542212",
        credential_headers=("x-hubspot-signature-v3",),
    )


def postmark_case(env: Any, age: int = 0) -> Case:
    body = as_json({"RecordType": "Delivery", "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483"})
    secret = "postmark:pa:ss"
    auth = "Basic " + base64.b64encode(secret.encode()).decode()
    return Case(
        code="postmark",
        incoming=env.make(body, {"Authorization": auth}),
        secret=secret,
        event_id="Delivery:883953f4-6105-42a2-a16a-77a8eac79483",
        credential_headers=("authorization",),
        body_signed=False,
    )


CASES: list[Builder] = [
    generic_case,
    github_case,
    gitlab_token_case,
    gitlab_signed_case,
    stripe_case,
    shopify_case,
    shopify_events_case,
    slack_case,
    twilio_form_case,
    twilio_json_case,
    standard_case,
    svix_case,
    linear_case,
    paddle_case,
    zoom_case,
    meta_case,
    discord_case,
    typeform_case,
    hubspot_case,
    postmark_case,
    *FAMILY,
    polar_case,
    *cases_commerce.CASES,
    *cases_tools.CASES,
    *cases_identity.CASES,
]
by_name = pytest.mark.parametrize("build", CASES, ids=lambda b: b.__name__.removesuffix("_case"))


def _verify(
    case: Case, incoming: Incoming | None = None, secret: str | None = None
) -> Verification:
    provider = registry.get_provider(case.code)
    assert provider is not None
    return registry.verify(provider, incoming or case.incoming, secret or case.secret, case.config)


# Listed by name, never verified: their keys are only fetched over the network.
UNVERIFIABLE = {"aws-sns", "paypal", "plaid"}


def test_every_provider_has_a_case(env):
    assert {build(env).code for build in CASES} == set(registry.PROVIDERS) - UNVERIFIABLE


@pytest.mark.parametrize("code", sorted(UNVERIFIABLE))
def test_unverifiable_providers_skip(code, env):
    provider = registry.get_provider(code)
    assert provider is not None and provider.verification == "skipped"
    incoming = env.make(as_json({"id": "WH-1", "MessageId": "m-1"}),
                        {"x-amz-sns-message-id": "m-1"})
    assert registry.verify(provider, incoming, "anything").verdict == "skipped"
    assert registry.verify(provider, incoming, None).verdict == "skipped"
    assert registry.event_id(provider, incoming) == {"aws-sns": "m-1", "paypal": "WH-1",
                                                     "plaid": None}[code]


@by_name
def test_signed_request_verifies(build, env):
    case = build(env)
    assert _verify(case).verdict == "verified"


@by_name
def test_tampered_body_fails(build, env):
    case = build(env)
    tampered = replace(case.incoming, body=case.incoming.body + b" ")
    result = _verify(case, tampered)
    if not case.body_signed:
        # GitLab's token and Postmark's basic auth authenticate the sender, not the body.
        assert result.verdict == "verified"
        return
    assert result.verdict == "failed"
    assert result.reason


@by_name
def test_other_secret_fails(build, env):
    case = build(env)
    result = _verify(case, secret=case.other_secret or "not-" + case.secret)
    assert result.verdict == "failed"
    assert "verification error" not in (result.reason or "")


@by_name
def test_missing_signature_fails(build, env):
    case = build(env)
    headers = {k: v for k, v in case.incoming.headers.items() if k not in case.credential_headers}
    result = _verify(case, case.unsigned or replace(case.incoming, headers=headers))
    assert result.verdict == "failed"
    assert result.reason


@by_name
@pytest.mark.parametrize("secret", [None, "", "   "])
def test_no_secret_is_not_configured(build, secret, env):
    case = build(env)
    provider = registry.get_provider(case.code)
    assert provider is not None
    assert registry.verify(provider, case.incoming, secret, case.config).verdict == (
        "not_configured"
    )


@by_name
def test_event_id(build, env):
    case = build(env)
    provider = registry.get_provider(case.code)
    assert provider is not None
    assert registry.event_id(provider, case.incoming, case.config) == case.event_id


# (builder, tolerance in seconds): one second past it fails, one second inside it verifies.
STALE = [
    (stripe_case, 300),
    (slack_case, 300),
    (standard_case, 300),
    (svix_case, 300),
    (gitlab_signed_case, 300),
    (linear_case, 60),
    (paddle_case, 5),
    (zoom_case, 300),
    (hubspot_case, 300),
    *((build, 300) for build in FAMILY),
    (polar_case, 300),
    *cases_commerce.STALE,
    *cases_tools.STALE,
    *cases_identity.STALE,
]
stale_ids = [b.__name__.removesuffix("_case") for b, _ in STALE]


@pytest.mark.parametrize(("build", "tolerance"), STALE, ids=stale_ids)
def test_stale_timestamp_fails(build, tolerance, env):
    result = _verify(build(env, age=tolerance + 1))
    assert result.verdict == "failed"
    assert "timestamp too old" in (result.reason or "")


@pytest.mark.parametrize(("build", "tolerance"), STALE, ids=stale_ids)
def test_timestamp_inside_window_verifies(build, tolerance, env):
    assert _verify(build(env, age=tolerance - 1)).verdict == "verified"


# Future timestamps follow each provider's SDK: Stripe, Paddle and HubSpot only bound the age.
FUTURE = [
    (stripe_case, "verified"),
    (paddle_case, "verified"),
    (hubspot_case, "verified"),
    (slack_case, "failed"),
    (standard_case, "failed"),
    (zoom_case, "failed"),
    (linear_case, "failed"),
    *cases_commerce.FUTURE,
    *cases_tools.FUTURE,
    *cases_identity.FUTURE,
]


@pytest.mark.parametrize(
    ("build", "verdict"), FUTURE, ids=[b.__name__.removesuffix("_case") for b, _ in FUTURE]
)
def test_future_timestamp(build, verdict, env):
    assert _verify(build(env, age=-600)).verdict == verdict


def test_stripe_sdk_accepts_the_same_request(env):
    case = stripe_case(env)
    header = case.incoming.headers["stripe-signature"]
    assert stripe_sdk.WebhookSignature.verify_header(case.incoming.body, header, case.secret)


def test_slack_sdk_accepts_the_same_request(env):
    case = slack_case(env)

    class Clock:
        def now(self) -> float:
            return float(env.now)

    verifier = SignatureVerifier(case.secret, clock=Clock())  # type: ignore[arg-type]
    assert verifier.is_valid_request(case.incoming.body, dict(case.incoming.headers))
