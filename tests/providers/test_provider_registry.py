"""The registry's contract: which providers exist, what they declare, and that the entry
points the ingestion route calls never raise."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import replace
from typing import NoReturn

import pytest

from hookline.providers import registry
from hookline.providers.base import Provider, Verification

# The sixteen of the first ingestion issue; issue 36 adds the rest (at least 45 named).
FIRST_CODES = {
    "generic", "discord", "github", "gitlab", "hubspot", "linear", "meta", "paddle", "postmark",
    "shopify", "slack", "standard-webhooks", "stripe", "twilio", "typeform", "zoom",
}  # fmt: skip
STANDARD_WEBHOOKS_FAMILY = {
    "svix", "clerk", "resend", "openai", "replicate", "brex", "lithic", "polar",
}  # fmt: skip
UNVERIFIABLE = {"aws-sns", "paypal", "plaid"}
# DESIGN.md "Receiving side" lists these as the minimum.
REQUIRED_BY_DESIGN = {
    "generic", "github", "stripe", "shopify", "slack", "twilio", "standard-webhooks",
    "gitlab", "linear", "paddle", "zoom", "meta",
}  # fmt: skip
providers = pytest.mark.parametrize("provider", registry.PROVIDERS.values(), ids=lambda p: p.code)


def test_codes_generic_first_then_alphabetical():
    codes = list(registry.PROVIDERS)
    assert codes == ["generic", *sorted(set(codes) - {"generic"})]
    assert set(codes) >= REQUIRED_BY_DESIGN | FIRST_CODES | STANDARD_WEBHOOKS_FAMILY | UNVERIFIABLE
    assert len(codes) - 1 >= 45  # named providers, generic aside


def test_get_provider():
    assert registry.get_provider("stripe") is registry.PROVIDERS["stripe"]
    assert registry.get_provider("nope") is None


@providers
def test_declarations(provider: Provider):
    assert registry.PROVIDERS[provider.code] is provider
    assert provider.name and provider.scheme and provider.event_id_location
    assert "\n" not in provider.scheme
    assert all(h == h.lower() for h in provider.strip_headers)
    assert provider.needs_secret == (provider.code != "generic" and provider.code not in
                                     UNVERIFIABLE)
    assert provider.verification == ("configurable" if provider.code == "generic" else
                                     "skipped" if provider.code in UNVERIFIABLE else
                                     provider.verification)
    assert provider.verification in ("signature", "token", "skipped", "configurable")
    assert (provider.handshake is None) == (not provider.handshake_summary)
    assert len({f.name for f in provider.config_fields}) == len(provider.config_fields)


def test_credential_headers_stripped():
    stripped = {c: p.strip_headers for c, p in registry.PROVIDERS.items() if p.strip_headers}
    assert stripped == {"gitlab": ("x-gitlab-token",), "postmark": ("authorization",),
                        "okta": ("authorization",), "asana": ("x-hook-secret",),
                        "telegram": ("x-telegram-bot-api-secret-token",)}


def test_config_fields():
    fields = {c: [f.name for f in p.config_fields] for c, p in registry.PROVIDERS.items()}
    assert fields["generic"] == [
        "signatureHeader",
        "algorithm",
        "encoding",
        "prefix",
        "eventIdHeader",
        "signedContent",
        "timestampFrom",
        "timestampFormat",
        "tolerance",
        "idFrom",
        "signatureSeparator",
        "signatureKey",
        "secretEncoding",
    ]
    assert fields["meta"] == ["verifyToken"]
    assert not any(v for c, v in fields.items() if c not in ("generic", "meta"))


# --- generic: signing depends on providerConfig -------------------------------------

GENERIC = registry.PROVIDERS["generic"]
HMAC_CONFIG = {"signatureHeader": "X-Signature"}


@pytest.mark.parametrize("secret", [None, "s3cret"])
@pytest.mark.parametrize("config", [None, {}, {"signatureHeader": "  "}, {"algorithm": "sha1"}])
def test_generic_without_hmac_config_is_skipped(make_incoming, config, secret):
    result = registry.verify(GENERIC, make_incoming(b"{}"), secret, config)
    assert result.verdict == "skipped"


def test_generic_with_hmac_config_needs_a_secret(make_incoming):
    assert registry.verify(GENERIC, make_incoming(b"{}"), None, HMAC_CONFIG).verdict == (
        "not_configured"
    )
    assert registry.signs(GENERIC, HMAC_CONFIG)
    assert not registry.signs(GENERIC, {})


def test_generic_with_hmac_config_verifies(make_incoming):
    sig = hmac.new(b"s3cret", b"{}", hashlib.sha256).hexdigest()
    incoming = make_incoming(b"{}", {"X-Signature": sig})
    assert registry.verify(GENERIC, incoming, "s3cret", HMAC_CONFIG).verdict == "verified"


def test_generic_event_id_needs_config(make_incoming):
    incoming = make_incoming(b"{}", {"X-Request-Id": "req-1"})
    assert registry.event_id(GENERIC, incoming) is None
    assert registry.event_id(GENERIC, incoming, {"eventIdHeader": "X-Request-Id"}) == "req-1"
    assert registry.event_id(GENERIC, incoming, {"eventIdHeader": "X-Missing"}) is None


# --- never raises -------------------------------------------------------------------


def _boom(*args: object) -> NoReturn:
    raise RuntimeError("secret material must not leak: s3cret")


def test_verify_turns_exceptions_into_failed(make_incoming):
    provider = replace(registry.PROVIDERS["github"], verify=_boom)
    result = registry.verify(provider, make_incoming(b"{}"), "s3cret")
    assert result == Verification("failed", "verification error (RuntimeError)")


def test_event_id_and_handshake_swallow_exceptions(make_incoming):
    provider = replace(registry.PROVIDERS["slack"], event_id=_boom, handshake=_boom)
    assert registry.event_id(provider, make_incoming(b"{}")) is None
    assert registry.handshake(provider, make_incoming(b"{}"), "s3cret") is None


# Every header any scheme reads, filled with junk a scanner or a buggy client might send.
JUNK_HEADERS = {
    name: "t=abc,v1=zz;ts=;h1=\u00e9\u00e9 v1,%%% sha256=@@"
    for name in (
        "x-signature", "x-hub-signature-256", "x-gitlab-token", "webhook-id", "webhook-timestamp",
        "webhook-signature", "svix-id", "svix-timestamp", "svix-signature", "stripe-signature",
        "x-shopify-hmac-sha256", "shopify-hmac-sha256", "x-slack-signature",
        "x-slack-request-timestamp", "x-twilio-signature", "x-twilio-webhooks-signature-settings",
        "linear-signature", "paddle-signature", "x-zm-signature", "x-zm-request-timestamp",
        "x-signature-ed25519", "x-signature-timestamp", "typeform-signature",
        "x-hubspot-signature-v3", "x-hubspot-request-timestamp", "authorization", "content-type",
    )
}  # fmt: skip
JUNK_BODIES = [b"", b"\xff\xfe not utf-8", b"[[[[", b'{"webhookTimestamp": "soon"}', b"a=%zz&b"]


@providers
@pytest.mark.parametrize("body", JUNK_BODIES)
def test_junk_is_handled_not_raised(make_incoming, provider, body):
    incoming = make_incoming(body, JUNK_HEADERS, url="https://hooks.example.com:8443/in/x?a=%zz")
    result = registry.verify(provider, incoming, "s3cret", {"signatureHeader": "X-Signature"})
    assert result.verdict == ("skipped" if provider.code in UNVERIFIABLE else "failed")
    if result.verdict == "skipped":
        return
    assert result.reason and "verification error" not in result.reason


@providers
@pytest.mark.parametrize("body", JUNK_BODIES)
def test_event_id_tolerates_non_json(make_incoming, provider, body):
    # Only header-based ids may be found; nothing raises, and body-based ids are None.
    found = provider.event_id(make_incoming(body, {}))
    assert found is None


@providers
def test_handshake_ignores_junk(make_incoming, provider):
    for body in JUNK_BODIES:
        reply = registry.handshake(provider, make_incoming(body, JUNK_HEADERS), "s3cret")
        assert reply is None
