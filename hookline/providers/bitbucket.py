"""Bitbucket: HMAC-SHA256 of the raw body in X-Hub-Signature (sha256=...), the name GitHub
uses for sha1. https://support.atlassian.com/bitbucket-cloud/docs/manage-webhooks/"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # Cloud sends X-Request-UUID; Data Center, which signs the same way, X-Request-Id.
    return header(incoming, "x-request-uuid", "x-request-id")


PROVIDER = Provider(
    code="bitbucket",
    name="Bitbucket",
    scheme="HMAC-SHA256 hex of the raw body in X-Hub-Signature (sha256=...), webhook secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-hub-signature", prefix="sha256="),
    event_id=event_id,
    event_id_location="header X-Request-UUID (Data Center: X-Request-Id)",
)
