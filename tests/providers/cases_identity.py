"""Case builders for the identity providers of issue 36 (see tests/providers/cases.py).

Every signature here is computed with hmac/hashlib/base64/PyNaCl as each provider's own
documentation describes it (the module docstrings of hookline/providers cite them), never with
hookline's helpers; none of these providers has a small official Python SDK that signs offline.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from typing import Any

import nacl.signing

from tests.providers.cases import Case, as_json, b64_mac, hex_mac

TELNYX_KEY = nacl.signing.SigningKey(bytes(range(64, 96)))
TELNYX_OTHER = nacl.signing.SigningKey(bytes(range(96, 128)))


def b64_key(key: nacl.signing.SigningKey) -> str:
    return base64.b64encode(key.verify_key.encode()).decode()


def workos_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "id": "event_01HQZ7Y3M6W8K4XJ2V9R5T1B0C",
        "event": "dsync.user.created",
        "data": {"id": "directory_user_01E1X1B89NH8Z3SDFJR4H7RGX7", "state": "active"},
        "created_at": "2026-01-01T00:00:00.000Z",
    })  # fmt: skip
    secret = "wos_webhook_5ecr3t"
    ts = str((env.now - age) * 1000)  # milliseconds
    header = f"t={ts}, v1={hex_mac(secret, f'{ts}.'.encode() + body)}"
    return Case(
        code="workos",
        incoming=env.make(body, {"WorkOS-Signature": header}),
        secret=secret,
        event_id="event_01HQZ7Y3M6W8K4XJ2V9R5T1B0C",
        credential_headers=("workos-signature",),
    )


def okta_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "eventType": "com.okta.event_hook",
        "eventTypeVersion": "1.0",
        "cloudEventsVersion": "0.1",
        "contentType": "application/json",
        "eventId": "b5a188b9-5ece-4636-b041-482ffda96311",
        "eventTime": "2019-03-27T16:59:53.032Z",
        "data": {"events": [{
            "uuid": "f790999f-fe87-467a-9880-6982a583986c",
            "eventType": "user.session.start",
            "published": "2018-03-28T22:23:07.777Z",
        }]},
    })  # fmt: skip
    secret = "Basic b2t0YS1ob29rOnMzY3JldA=="
    return Case(
        code="okta",
        incoming=env.make(body, {"Authorization": secret, "Content-Type": "application/json"}),
        secret=secret,
        event_id="f790999f-fe87-467a-9880-6982a583986c",
        credential_headers=("authorization",),
        body_signed=False,
    )


def docusign_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "event": "envelope-completed",
        "apiVersion": "v2.1",
        "uri": "/restapi/v2.1/accounts/24dfce13/envelopes/a70a5ef2-12c4-4aaf-84c5-b84134dce420",
        "retryCount": 0,
        "configurationId": 21752918,
        "generatedDateTime": "2025-05-30T18:03:50.4233752Z",
        "data": {
            "accountId": "24dfce13-9dce-4aa0-ba12-da5389bb9d8a",
            "userId": "8c531060-928e-471d-9cac-b829f616b0bf",
            "envelopeId": "a70a5ef2-12c4-4aaf-84c5-b84134dce420",
        },
    })  # fmt: skip
    secret = "V2hhdCBhIGNvbm5lY3Qga2V5IGxvb2tzIGxpa2U9"
    return Case(
        code="docusign",
        incoming=env.make(body, {"X-DocuSign-Signature-1": b64_mac(secret, body),
                                 "X-Authorization-Digest": "HMACSHA256"}),
        secret=secret,
        event_id="envelope-completed:a70a5ef2-12c4-4aaf-84c5-b84134dce420:"
        "2025-05-30T18:03:50.4233752Z",
        credential_headers=("x-docusign-signature-1",),
    )


def telnyx_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "data": {
            "event_type": "message.received",
            "id": "b301ed3f-1490-491f-995f-6e64e69674d4",
            "occurred_at": "2026-01-01T00:00:00.000+00:00",
            "payload": {"text": "hi"},
            "record_type": "event",
        },
        "meta": {"attempt": 1, "delivered_to": "https://example.com/webhooks"},
    })  # fmt: skip
    ts = str(env.now - age)
    signature = TELNYX_KEY.sign(f"{ts}|".encode() + body).signature
    headers = {
        "telnyx-signature-ed25519": base64.b64encode(signature).decode(),
        "telnyx-timestamp": ts,
    }
    return Case(
        code="telnyx",
        incoming=env.make(body, headers),
        secret=b64_key(TELNYX_KEY),
        event_id="b301ed3f-1490-491f-995f-6e64e69674d4",
        credential_headers=("telnyx-signature-ed25519",),
        other_secret=b64_key(TELNYX_OTHER),
    )


def line_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "destination": "U00000000000000000000000000000000",
        "events": [{
            "type": "message",
            "webhookEventId": "01FZ74A0TDDPYRVKNK77XKC3ZR",
            "deliveryContext": {"isRedelivery": False},
            "timestamp": 1625665242211,
            "message": {"type": "text", "id": "444573844083572737", "text": "Hi"},
        }],
    })  # fmt: skip
    secret = "0123456789abcdef0123456789abcdef"
    return Case(
        code="line",
        incoming=env.make(body, {"x-line-signature": b64_mac(secret, body)}),
        secret=secret,
        event_id="01FZ74A0TDDPYRVKNK77XKC3ZR",
        credential_headers=("x-line-signature",),
    )


def telegram_case(env: Any, age: int = 0) -> Case:
    body = as_json({"update_id": 10000, "message": {"message_id": 1365, "text": "/start"}})
    secret = "tg_Secret-token_42"
    return Case(
        code="telegram",
        incoming=env.make(body, {"X-Telegram-Bot-Api-Secret-Token": secret}),
        secret=secret,
        event_id="10000",
        credential_headers=("x-telegram-bot-api-secret-token",),
        other_secret="another_Secret-token_43",
        body_signed=False,
    )


def segment_case(env: Any, age: int = 0) -> Case:
    body = as_json({"type": "track", "event": "Order Completed",
                    "messageId": "ajs-next-69a4c0bd1d1f6f3c38b4f8c1b8d6c2e1", "userId": "u1"})
    secret = "segment-shared-secret"
    return Case(
        code="segment",
        incoming=env.make(body, {"X-Signature": hex_mac(secret, body, "sha1")}),
        secret=secret,
        event_id="ajs-next-69a4c0bd1d1f6f3c38b4f8c1b8d6c2e1",
        credential_headers=("x-signature",),
    )


def mux_case(env: Any, age: int = 0) -> Case:
    body = as_json({"type": "video.asset.ready", "id": "3a56ac3d-33da-4366-855b-f592d898409d",
                    "object": {"type": "asset", "id": "0201p02fGKPE7MrbC269XRD7LpcHhrmbu0002"},
                    "data": {"status": "ready"}})
    secret = "mux-webhook-signing-secret"
    ts = env.now - age
    header = f"t={ts},v1={hex_mac(secret, f'{ts}.'.encode() + body)}"
    return Case(
        code="mux",
        incoming=env.make(body, {"Mux-Signature": header}),
        secret=secret,
        event_id="3a56ac3d-33da-4366-855b-f592d898409d",
        credential_headers=("mux-signature",),
    )


XERO_EVENTS = [{
    "resourceUrl": "https://api.xero.com/api.xro/2.0/Contacts/717f2bfc-c6d4-41fd-b238-3f2f0c0cf777",
    "resourceId": "717f2bfc-c6d4-41fd-b238-3f2f0c0cf777",
    "eventDateUtc": "2017-06-21T01:15:39.902",
    "eventType": "Update",
    "eventCategory": "CONTACT",
    "tenantId": "c2cc9b6e-9458-4c7d-93cc-f02b81b0594f",
    "tenantType": "ORGANISATION",
}]  # fmt: skip


def xero_case(env: Any, age: int = 0) -> Case:
    body = as_json({"events": XERO_EVENTS, "firstEventSequence": 1, "lastEventSequence": 1,
                    "entropy": "S0m3r4Nd0mt3xt"})
    secret = "OSd0eLlVIY9ZhViEqlDUh4+6n6M+Lo+eDaEJheJ6OCCgWwIz2D3JIAU6jPMipHRbgKTLz2uJ+xiACXG=="
    canonical = json.dumps(XERO_EVENTS, sort_keys=True, separators=(",", ":")).encode()
    return Case(
        code="xero",
        incoming=env.make(body, {"x-xero-signature": b64_mac(secret, body)}),
        secret=secret,
        event_id="sha256:" + hashlib.sha256(canonical).hexdigest(),
        credential_headers=("x-xero-signature",),
    )


def jira_case(env: Any, age: int = 0) -> Case:
    body = as_json({"timestamp": 1767225600000, "webhookEvent": "jira:issue_created",
                    "issue": {"id": "10002", "key": "PROJ-1"}})
    secret = "jira-admin-webhook-secret"
    headers = {
        "X-Hub-Signature": "sha256=" + hex_mac(secret, body),
        "X-Atlassian-Webhook-Identifier": "1c1a8f70-3f6e-4b5c-9b0a-2d7e6f5a4b3c",
        "X-Atlassian-Webhook-Flow": "Primary",
    }
    return Case(
        code="jira",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="1c1a8f70-3f6e-4b5c-9b0a-2d7e6f5a4b3c",
        credential_headers=("x-hub-signature",),
    )


def x_case(env: Any, age: int = 0) -> Case:
    body = as_json({"for_user_id": "2244994945",
                    "favorite_events": [{"id": "a7ba59eab0bfcba386f7acedac279542",
                                         "timestamp_ms": 1517588749178}]})
    secret = "x-consumer-secret"
    signature = "sha256=" + b64_mac(secret, body)
    return Case(
        code="x",
        incoming=env.make(body, {"x-twitter-webhooks-signature": signature}),
        secret=secret,
        event_id=None,
        credential_headers=("x-twitter-webhooks-signature",),
    )


def microsoft_graph_case(env: Any, age: int = 0) -> Case:
    secret = "graph-client-state-6f1c"
    change = {
        "subscriptionId": "7f105c7d-2dc5-4530-97cd-4e7ae6534c07",
        "subscriptionExpirationDateTime": "2026-01-03T18:23:45.9356913Z",
        "changeType": "created",
        "resource": "Users/1a2b/Messages/AAMkAGUwNjQ4ZjIx",
        "tenantId": "84bd8158-6d4d-4958-8b9f-9d6445542f95",
    }  # fmt: skip
    body = as_json({"value": [{**change, "clientState": secret}]})
    return Case(
        code="microsoft-graph",
        incoming=env.make(body, {"Content-Type": "application/json"}),
        secret=secret,
        event_id=None,
        # The credential travels in the body (value[].clientState), so no header carries it.
        credential_headers=(),
        other_secret="another-client-state",
        body_signed=False,
        unsigned=env.make(as_json({"value": [change]}), {"Content-Type": "application/json"}),
    )


CASES: list[Callable[..., Case]] = [
    workos_case,
    okta_case,
    docusign_case,
    telnyx_case,
    line_case,
    telegram_case,
    segment_case,
    mux_case,
    xero_case,
    jira_case,
    x_case,
    microsoft_graph_case,
]
# (builder, tolerance in seconds) for schemes with a timestamp
STALE: list[tuple[Callable[..., Case], int]] = [
    (workos_case, 180),
    (telnyx_case, 300),
    (mux_case, 300),
]
# (builder, verdict for a timestamp 600 s in the future, as the provider's SDK or docs decide)
FUTURE: list[tuple[Callable[..., Case], str]] = [
    (workos_case, "verified"),  # workos-python bounds only the age
    (telnyx_case, "failed"),  # telnyx-python: abs(now - ts) > 300
    (mux_case, "verified"),  # mux-node-sdk bounds only the age
]
