"""Netlify deploy notifications: X-Webhook-Signature is an HS256 JWS keyed with the JWS secret
token, with claims iss "netlify" and sha256, the hex SHA-256 of the raw body.
https://docs.netlify.com/site-deploys/deploy-notifications/#payload-signature"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body
from .hmac_schemes import decode_hs256, equal


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    token = header(incoming, "x-webhook-signature")
    if token is None:
        return failed("missing X-Webhook-Signature header")
    claims = decode_hs256(token, secret, "X-Webhook-Signature", issuer="netlify",
                          options={"require": ["iss", "sha256"]})
    if isinstance(claims, str):
        return failed(claims)
    expected = claims["sha256"]
    if not isinstance(expected, str):
        return failed("X-Webhook-Signature sha256 claim is not a string")
    if not equal(hashlib.sha256(incoming.body).hexdigest(), expected.strip().lower()):
        return failed("X-Webhook-Signature sha256 claim does not match the body")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # The body is the deploy, whose id every event of that deploy shares, so the event name
    # (X-Netlify-Event, else the deploy's state) tells its notifications apart.
    data = json_body(incoming)
    deploy_id = as_id(data.get("id")) if isinstance(data, dict) else None
    if deploy_id is None or not isinstance(data, dict):
        return None
    event = header(incoming, "x-netlify-event") or as_id(data.get("state"))
    return f"{deploy_id}:{event}" if event else deploy_id


PROVIDER = Provider(
    code="netlify",
    name="Netlify",
    scheme="HS256 JWS in X-Webhook-Signature keyed with the JWS secret token; claims iss "
    "netlify and sha256 = hex SHA-256 of the raw body; no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="derived: body id (the deploy) + header X-Netlify-Event (else body state)",
)
