"""monday.com board webhooks: the challenge POST, and an Authorization JWT (HS256, the app's
Signing Secret) that authenticates the sender but does not cover the body.
https://developer.monday.com/api-reference/docs/webhooks,
https://developer.monday.com/apps/docs/authorization-header"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Reply, Verification
from .common import VERIFIED, as_id, failed, header, json_body, json_reply, timestamp_problem
from .hmac_schemes import decode_hs256, strip_prefix

# Checked against Incoming.now below rather than PyJWT's own clock.
_NO_TIME_CHECKS = {"verify_exp": False, "verify_iat": False, "verify_nbf": False,
                   "verify_aud": False, "require": ["exp"]}


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "authorization")
    if value is None:
        return failed("missing Authorization header")
    token = strip_prefix(value, "Bearer ") or value
    claims = decode_hs256(token.strip(), secret, "Authorization JWT", options=_NO_TIME_CHECKS)
    if isinstance(claims, str):
        return failed(claims)
    # The token signs no body, so only its audience ties it to this endpoint; monday leaves
    # aud empty on some requests.
    aud = claims.get("aud")
    audiences = aud if isinstance(aud, list) else [aud]
    if aud and incoming.url not in audiences:
        return failed("Authorization JWT aud is not this URL")
    exp = claims["exp"]
    if isinstance(exp, bool) or not isinstance(exp, int | float):
        return failed("Authorization JWT exp is not a number")
    problem = timestamp_problem(exp, incoming.now, 0, reject_future=False)
    return failed(f"Authorization JWT expired: {problem}") if problem else VERIFIED


def handshake(incoming: Incoming, secret: str | None, config: Mapping[str, Any]) -> Reply | None:
    data = json_body(incoming)
    if incoming.method.upper() != "POST" or not isinstance(data, dict) or "challenge" not in data:
        return None
    challenge = data["challenge"]
    if not isinstance(challenge, str):
        return json_reply(400, {"error": "challenge is not a string"})
    # Echoing the token proves only that we control the URL; it reveals nothing, so it is
    # answered whether or not the Source has its Signing Secret yet.
    return json_reply(200, {"challenge": challenge})


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    event = data.get("event") if isinstance(data, dict) else None
    return as_id(event.get("triggerUuid")) if isinstance(event, dict) else None


PROVIDER = Provider(
    code="monday",
    name="monday.com",
    scheme="HS256 JWT in Authorization keyed with the app's Signing Secret; exp not passed, aud "
    "(when set) equals the URL; the body is not signed",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    handshake=handshake,
    handshake_summary='a POST whose JSON body has "challenge" is answered 200 with '
    '{"challenge": <the same value>}; it is not signed',
    event_id_location="body event.triggerUuid",
)
