"""Asana: the X-Hook-Secret handshake delivers the secret; events then carry X-Hook-Signature,
hex HMAC-SHA256 of the raw body keyed with it (https://developers.asana.com/docs/webhooks-guide,
https://developers.asana.com/reference/createwebhook)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .common import header, json_reply
from .hmac_schemes import body_hmac_verifier, equal


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    offered = header(incoming, "x-hook-secret")
    if offered is None:
        return None
    # One Source keeps one secret: a second Asana webhook aimed at it would sign with another
    # secret and fail every delivery, so refusing its handshake makes Asana report it at once.
    if secret is not None and not equal(secret.strip(), offered):
        return json_reply(409, {"error": "the Source already has a different secret; give "
                                         "each Asana webhook its own Source"})
    return Reply(status=200, body=b"", content_type="text/plain",
                 headers={"X-Hook-Secret": offered}, secret=offered)


def event_id(incoming: Incoming) -> str | None:
    # A delivery batches events that carry no ids, and heartbeats are identical empty lists.
    return None


PROVIDER = Provider(
    code="asana",
    name="Asana",
    scheme="HMAC-SHA256 hex of the raw body in X-Hook-Signature, keyed with the secret the "
    "X-Hook-Secret handshake delivered; no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-hook-signature"),
    event_id=event_id,
    strip_headers=("x-hook-secret",),
    handshake=handshake,
    handshake_summary="a request carrying X-Hook-Secret is answered 200 with the same "
    "X-Hook-Secret header, and that value becomes the Source's secret when it has none; "
    "a Source that already has another secret answers 409",
    event_id_location="none (Asana sends no delivery id)",
)
