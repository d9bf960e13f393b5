"""Case builders for the tools providers of issue 36 (see tests/providers/cases.py).

None of these providers ships a Python SDK that signs or verifies its webhooks, so every
signature is computed here from the provider's own documentation with hmac, hashlib and
base64; the JWS and JWT of Netlify and monday.com are assembled by hand the same way rather
than with PyJWT, which is what hookline verifies them with.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from tests.providers.cases import Case, as_json, b64_mac, hex_mac

TWITCH_SECRET = "twitch-eventsub-secret-0123"
TWITCH_OTHER = "another-eventsub-secret-9876"
AIRTABLE_SECRET = base64.b64encode(bytes(range(32))).decode()
AIRTABLE_OTHER = base64.b64encode(bytes(range(100, 132))).decode()
NETLIFY_SECRET = "netlify-jws-secret-token-0123456789"
MONDAY_SECRET = "monday-app-signing-secret-0123456789"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hs256_token(claims: dict[str, Any], secret: str, header: dict[str, Any] | None = None) -> str:
    """A compact HS256 JWS (RFC 7515), built from its definition."""
    head = _b64url(json.dumps(header or {"alg": "HS256", "typ": "JWT"}).encode())
    body = _b64url(json.dumps(claims).encode())
    signing_input = f"{head}.{body}".encode()
    signature = hmac.new(secret.encode(), signing_input, hashlib.sha256).digest()
    return f"{head}.{body}.{_b64url(signature)}"


def rfc3339_nanos(ts: float) -> str:
    """Twitch's timestamp form: RFC 3339 in UTC with nanoseconds."""
    return datetime.fromtimestamp(ts, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S") + ".123456789Z"


def bitbucket_case(env: Any, age: int = 0) -> Case:
    body = as_json({"push": {"changes": []}, "repository": {"full_name": "team/repo"}})
    secret = "bb-webhook-secret"
    headers = {
        "X-Hub-Signature": "sha256=" + hex_mac(secret, body),
        "X-Request-UUID": "8d0f5d52-5a0e-4f2c-9f3b-6f1c2d3e4a5b",
        "X-Hook-UUID": "{a1b2c3d4-0000-1111-2222-333344445555}",
        "X-Event-Key": "repo:push",
        "X-Attempt-Number": "1",
    }
    return Case(
        code="bitbucket",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="8d0f5d52-5a0e-4f2c-9f3b-6f1c2d3e4a5b",
        credential_headers=("x-hub-signature",),
    )


def sentry_case(env: Any, age: int = 0) -> Case:
    body = as_json({"action": "created", "installation": {"uuid": "7a48"}, "data": {},
                    "actor": {"type": "application", "id": "sentry", "name": "Sentry"}})
    secret = "sentry-client-secret"
    headers = {
        "Request-ID": "c1d2e3f4a5b64c7d8e9f0a1b2c3d4e5f",
        "Sentry-Hook-Resource": "issue",
        "Sentry-Hook-Timestamp": str(env.now - age),
        "Sentry-Hook-Signature": hex_mac(secret, body),
    }
    return Case(
        code="sentry",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="c1d2e3f4a5b64c7d8e9f0a1b2c3d4e5f",
        credential_headers=("sentry-hook-signature",),
    )


def pagerduty_case(env: Any, age: int = 0) -> Case:
    body = as_json({"event": {"id": "5ac64822-4adc-4fda-ade0-410becf0de4f",
                              "event_type": "incident.priority_updated",
                              "resource_type": "incident"}})
    secret = "pd-v3-signing-secret"
    headers = {
        "X-PagerDuty-Signature": "v1=" + hex_mac(secret, body),
        "X-Webhook-Id": "b6f1f1c2-9b3e-4b7a-8f0e-0c2f9a1d3e4f",
        "X-Webhook-Subscription": "PY1OQAS",
    }
    return Case(
        code="pagerduty",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="b6f1f1c2-9b3e-4b7a-8f0e-0c2f9a1d3e4f",
        credential_headers=("x-pagerduty-signature",),
    )


def circleci_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": "3888f21b-eaa7-38e3-8f3d-75a63bba8895", "type": "workflow-completed",
                    "happened_at": "2021-09-01T22:49:34.317Z"})
    secret = "circleci-secret-token"
    headers = {
        "circleci-signature": "v1=" + hex_mac(secret, body),
        "circleci-event-type": "workflow-completed",
    }
    return Case(
        code="circleci",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="3888f21b-eaa7-38e3-8f3d-75a63bba8895",
        credential_headers=("circleci-signature",),
    )


def vercel_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": "uHQVGFOIfvxhzH4yIMfbcNYt", "type": "deployment.created",
                    "createdAt": (env.now - age) * 1000, "payload": {}})
    secret = "vercel-webhook-secret"
    return Case(
        code="vercel",
        incoming=env.make(body, {"x-vercel-signature": hex_mac(secret, body, "sha1")}),
        secret=secret,
        event_id="uHQVGFOIfvxhzH4yIMfbcNYt",
        credential_headers=("x-vercel-signature",),
    )


def netlify_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": "5ebc34bf4fea0b01f02efa3a", "site_id": "fa4dd95a", "state": "building"})
    token = hs256_token(
        {"iss": "netlify", "sha256": hashlib.sha256(body).hexdigest()}, NETLIFY_SECRET
    )
    headers = {"X-Webhook-Signature": token, "X-Netlify-Event": "deploy_building"}
    return Case(
        code="netlify",
        incoming=env.make(body, headers),
        secret=NETLIFY_SECRET,
        event_id="5ebc34bf4fea0b01f02efa3a:deploy_building",
        credential_headers=("x-webhook-signature",),
    )


def twitch_case(env: Any, age: int = 0) -> Case:
    body = as_json({"subscription": {"id": "f1c2a387", "type": "channel.follow"},
                    "event": {"user_id": "1337"}})
    msg_id = "befa7b53-d79d-478f-86b9-120f112b044e"
    ts = rfc3339_nanos(env.now - age)
    signature = hex_mac(TWITCH_SECRET, msg_id.encode() + ts.encode() + body)
    headers = {
        "Twitch-Eventsub-Message-Id": msg_id,
        "Twitch-Eventsub-Message-Timestamp": ts,
        "Twitch-Eventsub-Message-Signature": "sha256=" + signature,
        "Twitch-Eventsub-Message-Type": "notification",
        "Twitch-Eventsub-Subscription-Type": "channel.follow",
    }
    return Case(
        code="twitch",
        incoming=env.make(body, headers),
        secret=TWITCH_SECRET,
        event_id=msg_id,
        credential_headers=("twitch-eventsub-message-signature",),
        other_secret=TWITCH_OTHER,
    )


def asana_case(env: Any, age: int = 0) -> Case:
    body = as_json({"events": [{"action": "changed", "resource": {"gid": "1337",
                                                                  "resource_type": "task"}}]})
    secret = "b537207f20cbfa02357cf448134da559e8bd39d61597dcd5631b8012eae53e81"
    return Case(
        code="asana",
        incoming=env.make(body, {"X-Hook-Signature": hex_mac(secret, body)}),
        secret=secret,
        event_id=None,
        credential_headers=("x-hook-signature",),
    )


def trello_case(env: Any, age: int = 0) -> Case:
    body = as_json({"action": {"id": "5f2b9c0e1a2b3c4d5e6f7a8b", "type": "updateCard"},
                    "model": {"id": "4d5ea62fd76aa1136000000c"}})
    secret = "trello-oauth1-secret"
    headers = {"X-Trello-Webhook": b64_mac(secret, body + env.url.encode(), "sha1")}
    return Case(
        code="trello",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="5f2b9c0e1a2b3c4d5e6f7a8b",
        credential_headers=("x-trello-webhook",),
    )


def dropbox_case(env: Any, age: int = 0) -> Case:
    body = as_json({"list_folder": {"accounts": ["dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc"]},
                    "delta": {"users": [12345678]}})
    secret = "dropbox-app-secret"
    return Case(
        code="dropbox",
        incoming=env.make(body, {"X-Dropbox-Signature": hex_mac(secret, body)}),
        secret=secret,
        event_id=None,
        credential_headers=("x-dropbox-signature",),
    )


def airtable_case(env: Any, age: int = 0) -> Case:
    body = as_json({"base": {"id": "app00000000000000"}, "webhook": {"id": "ach00000000000000"},
                    "timestamp": "2022-02-01T21:25:05.663Z"})
    key = base64.b64decode(AIRTABLE_SECRET)
    headers = {"X-Airtable-Content-MAC": "hmac-sha256=" + hex_mac(key, body)}
    return Case(
        code="airtable",
        incoming=env.make(body, headers),
        secret=AIRTABLE_SECRET,
        event_id="ach00000000000000:2022-02-01T21:25:05.663Z",
        credential_headers=("x-airtable-content-mac",),
        other_secret=AIRTABLE_OTHER,
    )


def monday_token(env: Any, age: int = 0, secret: str = MONDAY_SECRET, **claims: Any) -> str:
    # monday's tokens live five minutes: exp = iat + 300.
    iat = env.now - age
    return hs256_token({"accountId": 1825528, "userId": 4012689, "aud": env.url,
                        "exp": iat + 300, "shortLivedToken": "slt", "iat": iat, **claims}, secret)


def monday_case(env: Any, age: int = 0) -> Case:
    body = as_json({"event": {"userId": 9603417, "boardId": 1771812698, "pulseId": 1772099344,
                              "type": "create_pulse",
                              "triggerUuid": "afa7a5f0e7be6c0ef1b9e3f4a2b3c4d5"}})
    return Case(
        code="monday",
        incoming=env.make(body, {"Authorization": monday_token(env, age)}),
        secret=MONDAY_SECRET,
        event_id="afa7a5f0e7be6c0ef1b9e3f4a2b3c4d5",
        credential_headers=("authorization",),
        body_signed=False,
    )


def calendly_case(env: Any, age: int = 0) -> Case:
    uri = "https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2/invitees/AAAAAAAAAAAAAAAA"
    body = as_json({"created_at": "2020-11-23T17:51:19.000000Z", "event": "invitee.created",
                    "payload": {"uri": uri, "email": "test@example.com"}})
    secret = "calendly-signing-key"
    ts = env.now - age
    signature = f"t={ts},v1={hex_mac(secret, f'{ts}.'.encode() + body)}"
    return Case(
        code="calendly",
        incoming=env.make(body, {"Calendly-Webhook-Signature": signature}),
        secret=secret,
        event_id=f"invitee.created:{uri}",
        credential_headers=("calendly-webhook-signature",),
    )


CASES: list[Callable[..., Case]] = [
    bitbucket_case,
    sentry_case,
    pagerduty_case,
    circleci_case,
    vercel_case,
    netlify_case,
    twitch_case,
    asana_case,
    trello_case,
    dropbox_case,
    airtable_case,
    monday_case,
    calendly_case,
]
# (builder, tolerance in seconds) for schemes with a timestamp
STALE: list[tuple[Callable[..., Case], int]] = [
    (twitch_case, 600),
    (calendly_case, 180),
    # The token's exp is iat + 300 and nothing else bounds its age.
    (monday_case, 300),
]
# (builder, verdict for a timestamp 600 s in the future, as the provider's SDK or docs decide)
FUTURE: list[tuple[Callable[..., Case], str]] = [
    # Twitch's and Calendly's docs bound only the age; monday's only exp, which lies ahead.
    (twitch_case, "verified"),
    (calendly_case, "verified"),
    (monday_case, "verified"),
]
