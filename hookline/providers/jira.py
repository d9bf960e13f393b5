"""Jira Cloud admin webhooks with a secret: X-Hub-Signature sha256=<hex HMAC of the raw body>.

Source: https://developer.atlassian.com/cloud/jira/platform/webhooks/#secure-admin-webhooks
"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # Unique per delivery and unchanged on retries (X-Atlassian-Webhook-Retry counts them).
    return header(incoming, "x-atlassian-webhook-identifier")


PROVIDER = Provider(
    code="jira",
    name="Jira (admin webhooks with a secret)",
    scheme="HMAC-SHA256 hex of the raw body in X-Hub-Signature (sha256=...), webhook secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-hub-signature", prefix="sha256="),
    event_id=event_id,
    event_id_location="header X-Atlassian-Webhook-Identifier",
)
