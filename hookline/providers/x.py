"""X (Twitter) Account Activity and v2 webhooks: base64 HMAC-SHA256 of the raw body with the
app's consumer secret in x-twitter-webhooks-signature, and the CRC GET (?crc_token=).

Sources: https://docs.x.com/x-api/webhooks/quickstart and
https://developer.x.com/en/docs/x-api/enterprise/account-activity-api/guides/securing-webhooks
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, failed, json_body, json_reply
from .hmac_schemes import mac, verify_body_hmac

_MAX_CRC_TOKEN = 1024


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    result = verify_body_hmac(incoming, secret, ("x-twitter-webhooks-signature",),
                              prefix="sha256=", encoding="base64")
    if result.verdict != "verified":
        return result
    # The CRC answer is the same HMAC over an unsigned, caller-chosen crc_token, so anyone
    # can have this endpoint sign any text. X only posts JSON objects and the CRC refuses
    # tokens containing "{", so no CRC answer is ever a valid signature here.
    if not isinstance(json_body(incoming), dict):
        return failed("body is not a JSON object (X posts JSON objects)")
    return VERIFIED


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    if incoming.method.upper() not in ("GET", "HEAD") or "crc_token" not in incoming.query:
        return None
    if not secret:
        return json_reply(400, {"error": "the Source has no X consumer secret"})
    token = incoming.query["crc_token"]
    if not token or len(token) > _MAX_CRC_TOKEN or "{" in token:
        return json_reply(400, {"error": "crc_token is not a CRC token"})
    digest = base64.b64encode(mac(secret, token.encode())).decode()
    return json_reply(200, {"response_token": "sha256=" + digest})


def event_id(incoming: Incoming) -> str | None:
    # X sends no delivery id and the envelope differs by product and event type.
    return None


PROVIDER = Provider(
    code="x",
    name="X (Twitter) webhooks",
    scheme="HMAC-SHA256 base64 of the raw body in x-twitter-webhooks-signature (sha256=...), "
    "consumer secret; body must be a JSON object; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary='CRC: GET ?crc_token= answered 200 {"response_token": "sha256=" + base64 '
    'HMAC-SHA256(consumer secret, crc_token)}; tokens containing "{" are refused',
    event_id_location="none (X sends no delivery id)",
)
