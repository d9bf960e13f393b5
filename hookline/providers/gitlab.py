"""GitLab: plaintext X-Gitlab-Token, or the opt-in Standard-Webhooks signing token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, failed, header
from .hmac_schemes import equal
from .standard_webhooks import verify_standard


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    token = header(incoming, "x-gitlab-token")
    signed = header(incoming, "webhook-signature") is not None
    if not signed and token is None:
        return failed("missing X-Gitlab-Token header")
    reasons: list[str] = []
    # A hook can carry both a secret token and a signing token while the Source stores one
    # secret, so whichever of the two the stored secret authenticates is enough.
    if signed:
        result = verify_standard(incoming, secret, prefixes=("webhook-",))
        if result.verdict == "verified":
            return VERIFIED
        reasons.append(result.reason or "webhook-signature does not match")
    if token is not None:
        if equal(token, secret.strip()):
            return VERIFIED
        reasons.append("X-Gitlab-Token does not match")
    return failed("; ".join(reasons))


def event_id(incoming: Incoming) -> str | None:
    # Idempotency-Key is stable across retries; GitLab before 17.4 only sends the UUID.
    return header(incoming, "idempotency-key", "x-gitlab-event-uuid")


PROVIDER = Provider(
    code="gitlab",
    name="GitLab",
    scheme="X-Gitlab-Token equals the secret (plaintext, constant-time compare); or, with a "
    'signing token, Standard Webhooks HMAC-SHA256 of "{id}.{ts}.{body}"',
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    strip_headers=("x-gitlab-token",),
    verification="token",
    event_id_location="header Idempotency-Key, else X-Gitlab-Event-UUID",
)
