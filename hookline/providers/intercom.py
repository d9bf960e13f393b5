"""Intercom: HMAC-SHA1 of the raw body in X-Hub-Signature (sha1=<hex>), keyed with the app's
client_secret.

https://developers.intercom.com/intercom-api-reference/v1.0/reference/signed-notifications
"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    # notif_...; the ping sent when a subscription is saved is signed and has one too.
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="intercom",
    name="Intercom",
    scheme="HMAC-SHA1 hex of the raw body in X-Hub-Signature (sha1=...), app client_secret; "
    "no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-hub-signature", prefix="sha1=", algorithm="sha1"),
    event_id=event_id,
    event_id_location="body id (notif_...)",
)
