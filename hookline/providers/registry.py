"""Provider registry and the never-raising entry points the ingestion route calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import EVENT_ID_WITH_CONFIG, SIGNS_WITH_CONFIG, SKIPPED, failed

_MODULES = (
    "generic", "discord", "github", "gitlab", "hubspot", "linear", "meta", "paddle",
    "postmark", "shopify", "slack", "standard_webhooks", "stripe", "twilio", "typeform",
    "zoom", "unverifiable",
    # commerce, mail and support
    "adyen", "coinbase_commerce", "gocardless", "intercom", "lemon_squeezy", "mailgun",
    "razorpay", "recurly", "sendgrid", "square", "woocommerce", "zendesk",
    # developer and work tools
    "airtable", "asana", "bitbucket", "calendly", "circleci", "dropbox", "monday", "netlify",
    "pagerduty", "sentry", "trello", "twitch", "vercel",
    # identity, e-signature, messaging and data
    "docusign", "jira", "line", "microsoft_graph", "mux", "okta", "segment", "telegram",
    "telnyx", "workos", "x", "xero",
)
# A module declares PROVIDER, or PROVIDERS when several names share its verifier.
_LOADED = [import_module(f".{name}", __package__) for name in _MODULES]
_ALL = [provider for module in _LOADED
        for provider in (module.PROVIDERS if hasattr(module, "PROVIDERS") else (module.PROVIDER,))]

# generic first, then alphabetical by code: the order GET /v1/ingest/providers lists them.
PROVIDERS: dict[str, Provider] = {
    p.code: p for p in sorted(_ALL, key=lambda p: (p.code != "generic", p.code))
}

# Never stored, whatever the provider: they authenticate the caller, not the message (a
# provider's own credential headers are added to them).
CREDENTIAL_HEADERS = ("authorization", "cookie", "proxy-authorization")

NOT_CONFIGURED = Verification("not_configured", "the Source has no secret")


def get_provider(code: str) -> Provider | None:
    return PROVIDERS.get(code)


def stripped_headers(provider: Provider) -> list[str]:
    return list(dict.fromkeys((*CREDENTIAL_HEADERS, *provider.strip_headers)))


def signs(provider: Provider, config: Mapping[str, Any] | None = None) -> bool:
    """Whether requests for this provider (with this providerConfig) carry a signature."""
    if provider.needs_secret:
        return True
    signs_with_config: Callable[[Mapping[str, Any]], bool] | None = provider.extra.get(
        SIGNS_WITH_CONFIG
    )
    return signs_with_config is not None and signs_with_config(config or {})


def verify(
    provider: Provider,
    incoming: Incoming,
    secret: str | None,
    config: Mapping[str, Any] | None = None,
) -> Verification:
    config = config or {}
    try:
        if not signs(provider, config):
            return SKIPPED
        if secret is None or not secret.strip():
            return NOT_CONFIGURED
        return provider.verify(incoming, secret, config)
    except Exception as exc:
        # Only the exception type: a message could quote the secret or request bytes.
        return failed(f"verification error ({type(exc).__name__})")


def event_id(
    provider: Provider, incoming: Incoming, config: Mapping[str, Any] | None = None
) -> str | None:
    """The provider's delivery id for dropping duplicates, or None; never raises."""
    try:
        with_config: Callable[[Incoming, Mapping[str, Any]], str | None] | None = (
            provider.extra.get(EVENT_ID_WITH_CONFIG)
        )
        if with_config is not None:
            return with_config(incoming, config or {})
        return provider.event_id(incoming)
    except Exception:
        return None


def handshake(
    provider: Provider,
    incoming: Incoming,
    secret: str | None,
    config: Mapping[str, Any] | None = None,
) -> Reply | None:
    """The registration-handshake reply, or None when the request is an ordinary message.

    A handshake that raises is treated as no handshake, so the request is then verified
    (and most likely fails) like any other.
    """
    if provider.handshake is None:
        return None
    try:
        usable = secret if secret is not None and secret.strip() else None
        return provider.handshake(incoming, usable, config or {})
    except Exception:
        return None
