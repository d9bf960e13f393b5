"""GitHub: HMAC-SHA256 of the raw body in X-Hub-Signature-256."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import header
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    return header(incoming, "x-github-delivery")


PROVIDER = Provider(
    code="github",
    name="GitHub",
    scheme="HMAC-SHA256 hex of the raw body in X-Hub-Signature-256 (sha256=...); no timestamp",
    needs_secret=True,
    # The legacy sha1 X-Hub-Signature is ignored: GitHub always sends the sha256 header too.
    verify=body_hmac_verifier("x-hub-signature-256", prefix="sha256="),
    event_id=event_id,
    event_id_location="header X-GitHub-Delivery",
)
