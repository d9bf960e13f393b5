"""Sentry integration platform: hex HMAC-SHA256 of the body in Sentry-Hook-Signature, keyed with
the integration's Client Secret (getsentry/sentry SentryApp.build_signature,
https://docs.sentry.io/integrations/integration-platform/webhooks/)."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    return header(incoming, "request-id")


PROVIDER = Provider(
    code="sentry",
    name="Sentry",
    # Sentry-Hook-Timestamp is sent but not signed, so it cannot bound replays.
    scheme="HMAC-SHA256 hex of the raw body in Sentry-Hook-Signature, integration Client "
    "Secret; no signed timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("sentry-hook-signature"),
    event_id=event_id,
    event_id_location="header Request-ID",
)
