"""Dropbox: hex HMAC-SHA256 of the raw body in X-Dropbox-Signature, keyed with the app secret,
and the GET ?challenge= echo. https://www.dropbox.com/developers/reference/webhooks"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply
from .hmac_schemes import body_hmac_verifier


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    challenge = incoming.query.get("challenge")
    if incoming.method.upper() != "GET" or challenge is None:
        return None
    # Echoing caller-chosen text is what Dropbox asks for; nosniff and text/plain keep a
    # browser from running it as a page.
    return Reply(status=200, body=challenge.encode(), content_type="text/plain",
                 headers={"X-Content-Type-Options": "nosniff"})


def event_id(incoming: Incoming) -> str | None:
    # A notification only lists the accounts that changed, with no id of its own.
    return None


PROVIDER = Provider(
    code="dropbox",
    name="Dropbox",
    scheme="HMAC-SHA256 hex of the raw body in X-Dropbox-Signature, app secret; no timestamp",
    needs_secret=True,
    verify=body_hmac_verifier("x-dropbox-signature"),
    event_id=event_id,
    handshake=handshake,
    handshake_summary="GET ?challenge=... is answered 200 with the challenge as text/plain "
    "(X-Content-Type-Options: nosniff); nothing in it is signed",
    event_id_location="none (Dropbox sends no delivery id)",
)
