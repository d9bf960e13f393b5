"""Vercel: hex HMAC-SHA1 of the raw body in x-vercel-signature, keyed with the webhook secret
(or an integration's Client Secret). https://vercel.com/docs/webhooks/webhooks-api"""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import body_hmac_verifier


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="vercel",
    name="Vercel",
    scheme="HMAC-SHA1 hex of the raw body in x-vercel-signature, webhook or integration client "
    "secret; no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-vercel-signature", algorithm="sha1"),
    event_id=event_id,
    event_id_location="body id (the delivery id)",
)
