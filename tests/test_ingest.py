"""Issue 4: the ingestion URL: storage, verification, dedupe, credential stripping, limits,
handshakes through the real route, and a burst of 1000 concurrent posts."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
import uuid
from typing import Any

import httpx
import nacl.signing
import pytest
from slack_sdk.signature import SignatureVerifier
from sqlalchemy import func
from sqlmodel import Session, select

from hookline.persistence.models import Message
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in

GITHUB_SECRET = "gh-secret"


def messages_of(tenant: Tenant, source: dict[str, Any], **params: Any) -> list[dict[str, Any]]:
    response = tenant.client.get(f"/v1/ingest/sources/{source['id']}/messages", params=params)
    assert response.status_code == 200, response.text
    items: list[dict[str, Any]] = response.json()["items"]
    return items


def message(tenant: Tenant, message_id: str) -> dict[str, Any]:
    response = tenant.client.get(f"/v1/ingest/messages/{message_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def github_headers(body: bytes, delivery: str | None = None,
                   secret: str = GITHUB_SECRET) -> dict[str, str]:
    digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return {"X-Hub-Signature-256": "sha256=" + digest, "X-GitHub-Event": "push",
            "X-GitHub-Delivery": delivery or str(uuid.uuid4())}


def github_source(tenant: Tenant, receiver: Receiver | None = None, **patch: Any
                  ) -> dict[str, Any]:
    source = make_source(tenant, "gh", provider="github", **patch)
    tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                      json={"secret": GITHUB_SECRET})
    if receiver is not None:
        created = tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                     json={"url": receiver.url(f"/ok/{source['id']}")})
        assert created.status_code == 201, created.text
    return source


def test_unknown_token_is_404(stack: Stack) -> None:
    assert_problem(post_in(stack.base_url + "/in/nosuchtoken"), 404)
    assert_problem(httpx.get(stack.base_url + "/in/nosuchtoken"), 404)


def test_request_is_stored_as_received(tenant: Tenant) -> None:
    source = make_source(tenant)
    body = b"a=1&b=\xff\xfe"
    answer = httpx.post(source["url"] + "?x=1&y=two", content=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer s3cret",
        "Cookie": "session=abc", "Proxy-Authorization": "Basic eDp5", "X-Custom": "kept"})
    assert answer.status_code == 202, answer.text
    assert set(answer.json()) == {"id"} and answer.json()["id"].startswith("msg_")
    stored = message(tenant, answer.json()["id"])
    assert {"sourceId": source["id"], "method": "POST", "bodyBytes": len(body),
            "contentType": "application/x-www-form-urlencoded", "verification": "skipped",
            "remoteIp": "127.0.0.1", "providerEventId": None, "fanout": 0,
            "query": "x=1&y=two"}.items() <= stored.items()
    assert stored["body"] == body.decode("utf-8", errors="replace")
    assert stored["headers"]["x-custom"] == "kept"
    assert not {"authorization", "cookie", "proxy-authorization"} & stored["headers"].keys()
    assert stored["deliveries"] == {"total": 0, "delivered": 0, "inFlight": 0, "failed": 0,
                                    "cancelled": 0}
    assert tenant.client.get(f"/v1/ingest/sources/{source['id']}").json()["lastMessageAt"]


def test_put_patch_accepted_get_refused(tenant: Tenant) -> None:
    source = make_source(tenant)
    assert httpx.put(source["url"], content=b"1").status_code == 202
    assert httpx.patch(source["url"], content=b"").status_code == 202
    assert_problem(httpx.get(source["url"]), 405)
    assert_problem(httpx.delete(source["url"]), 405)
    listed = messages_of(tenant, source)
    assert [m["method"] for m in listed] == ["PATCH", "PUT"]  # newest first
    assert not {"body", "headers", "remoteIp"} & listed[0].keys()


def test_over_5_mib_is_413_and_stores_nothing(tenant: Tenant) -> None:
    source = make_source(tenant)
    assert_problem(post_in(source["url"], b"x" * (5 * 1024 * 1024 + 1)), 413)

    def chunks() -> Any:  # no Content-Length: the limit applies while reading
        for _ in range(6):
            yield b"y" * (1024 * 1024)

    assert_problem(httpx.post(source["url"], content=chunks()), 413)
    assert messages_of(tenant, source) == []
    assert post_in(source["url"], b"z" * (5 * 1024 * 1024)).status_code == 202


def test_failed_signature_is_stored_without_body_401_not_forwarded(
        tenant: Tenant, receiver: Receiver) -> None:
    source = github_source(tenant, receiver)
    body = b'{"ref": "main"}'
    bad = github_headers(body, secret="wrong")
    problem = assert_problem(post_in(source["url"], body, headers=bad), 401)
    assert "stored as message" in problem["detail"]
    good = post_in(source["url"], body, headers=github_headers(body))
    assert good.status_code == 202
    receiver.wait(1, f"/ok/{source['id']}")
    failed = messages_of(tenant, source, verification="failed")
    assert len(failed) == 1 and failed[0]["fanout"] == 0
    detail = message(tenant, failed[0]["id"])
    assert detail["body"] is None and detail["bodyBytes"] == len(body)
    assert [m["id"] for m in messages_of(tenant, source, verification="verified")] == \
        [good.json()["id"]]
    time.sleep(1)
    assert len(receiver.at(f"/ok/{source['id']}")) == 1


def test_not_configured_without_secret(tenant: Tenant) -> None:
    source = make_source(tenant, provider="github")
    answer = post_in(source["url"], headers=github_headers(b"{}"))
    assert answer.status_code == 202
    assert message(tenant, answer.json()["id"])["verification"] == "not_configured"


def test_disabled_source_stores_but_forwards_nothing(tenant: Tenant,
                                                     receiver: Receiver) -> None:
    source = github_source(tenant, receiver, status="disabled")
    body = b'{"a": 1}'
    answer = post_in(source["url"], body, headers=github_headers(body))
    assert answer.status_code == 202
    stored = message(tenant, answer.json()["id"])
    assert stored["verification"] == "verified" and stored["fanout"] == 0
    assert stored["deliveries"]["total"] == 0
    time.sleep(2)
    assert receiver.at(f"/ok/{source['id']}") == []


# A unique key raced under each database's own locking.
@pytest.mark.both_databases
def test_duplicate_event_id_stored_and_forwarded_once(tenant: Tenant,
                                                      receiver: Receiver) -> None:
    source = github_source(tenant, receiver)
    body = b'{"action": "opened"}'
    headers = github_headers(body, delivery="72d3162e-cc78-11e3-81ab-4c9367dc0958")
    first = post_in(source["url"], body, headers=headers)
    again = post_in(source["url"], body, headers=headers)
    assert first.status_code == again.status_code == 202
    assert again.json()["id"] == first.json()["id"]
    listed = messages_of(tenant, source)
    assert len(listed) == 1
    assert listed[0]["providerEventId"] == "72d3162e-cc78-11e3-81ab-4c9367dc0958"
    receiver.wait(1, f"/ok/{source['id']}")
    time.sleep(2)
    assert len(receiver.at(f"/ok/{source['id']}")) == 1
    # A forged copy (bad signature) is stored as failed and does not take the event id.
    forged = post_in(source["url"], body, headers={**headers, "X-Hub-Signature-256": "x"})
    assert forged.status_code == 401
    assert len(messages_of(tenant, source)) == 2


def test_provider_credential_header_is_stripped(tenant: Tenant) -> None:
    source = make_source(tenant, provider="gitlab")
    tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret", json={"secret": "tok"})
    answer = post_in(source["url"], headers={"X-Gitlab-Token": "tok", "X-Gitlab-Event": "x"})
    assert answer.status_code == 202, answer.text
    stored = message(tenant, answer.json()["id"])
    assert stored["verification"] == "verified"
    assert "x-gitlab-token" not in stored["headers"]
    assert stored["headers"]["x-gitlab-event"] == "x"


def test_message_list_filters_and_pages(tenant: Tenant) -> None:
    source = make_source(tenant)
    ids = [post_in(source["url"]).json()["id"] for _ in range(5)]
    seen: list[str] = []
    cursor = None
    while True:
        params = {"limit": "2", **({"cursor": cursor} if cursor else {})}
        page = tenant.client.get(f"/v1/ingest/sources/{source['id']}/messages",
                                 params=params).json()
        seen += [m["id"] for m in page["items"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert seen == ids[::-1]
    url = f"/v1/ingest/sources/{source['id']}/messages"
    for params in ({"verification": "bogus"}, {"cursor": "garbage"}, {"limit": "0"},
                   {"limit": "201"}, {"limit": "1.5"}):
        assert_problem(tenant.client.get(url, params=params), 422)
    assert messages_of(tenant, source, verification="failed") == []
    assert len(messages_of(tenant, source, limit="200")) == 5
    assert_problem(tenant.client.get("/v1/ingest/messages/msg_nope"), 404)


# --- handshakes through the real route ---------------------------------------------------


def _no_messages(tenant: Tenant, source: dict[str, Any]) -> None:
    assert messages_of(tenant, source) == []


def test_slack_url_verification(tenant: Tenant) -> None:
    source = make_source(tenant, provider="slack")
    tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret", json={"secret": "slk"})
    body = json.dumps({"type": "url_verification", "challenge": "ch4ll"}).encode()
    ts = str(int(time.time()))
    signature = SignatureVerifier("slk").generate_signature(timestamp=ts, body=body)
    answer = post_in(source["url"], body, headers={"X-Slack-Request-Timestamp": ts,
                                                    "X-Slack-Signature": signature})
    assert answer.status_code == 200 and answer.json() == {"challenge": "ch4ll"}
    _no_messages(tenant, source)


def test_zoom_url_validation(tenant: Tenant) -> None:
    source = make_source(tenant, provider="zoom")
    tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret", json={"secret": "zm"})
    body = json.dumps({"event": "endpoint.url_validation", "event_ts": 1,
                       "payload": {"plainToken": "plain"}}).encode()
    ts = str(int(time.time()))
    mac = hmac.new(b"zm", f"v0:{ts}:".encode() + body, hashlib.sha256).hexdigest()
    answer = post_in(source["url"], body, headers={"x-zm-request-timestamp": ts,
                                                    "x-zm-signature": "v0=" + mac})
    assert answer.status_code == 200
    expected = hmac.new(b"zm", b"plain", hashlib.sha256).hexdigest()
    assert answer.json() == {"plainToken": "plain", "encryptedToken": expected}
    _no_messages(tenant, source)


def test_meta_get_challenge(tenant: Tenant) -> None:
    source = make_source(tenant, provider="meta", providerConfig={"verifyToken": "vt"})
    query = {"hub.mode": "subscribe", "hub.challenge": "1158201444", "hub.verify_token": "vt"}
    answer = httpx.get(source["url"], params=query)
    assert answer.status_code == 200 and answer.text == "1158201444"
    refused = httpx.get(source["url"], params={**query, "hub.verify_token": "no"})
    assert refused.status_code == 403
    _no_messages(tenant, source)


def test_discord_ping(tenant: Tenant) -> None:
    key = nacl.signing.SigningKey.generate()
    source = make_source(tenant, provider="discord")
    tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                      json={"secret": key.verify_key.encode().hex()})
    body = json.dumps({"type": 1, "id": "1", "application_id": "2"}).encode()
    ts = str(int(time.time()))
    signature = key.sign(ts.encode() + body).signature.hex()
    answer = post_in(source["url"], body, headers={"X-Signature-Ed25519": signature,
                                                    "X-Signature-Timestamp": ts})
    assert answer.status_code == 200 and answer.json() == {"type": 1}
    forged = post_in(source["url"], body, headers={"X-Signature-Ed25519": "00" * 64,
                                                    "X-Signature-Timestamp": ts})
    assert forged.status_code == 401
    _no_messages(tenant, source)


# --- load ---------------------------------------------------------------------------------


async def _burst(url: str, count: int, concurrency: int) -> list[int]:
    """`count` posts, `concurrency` at a time. Several small clients: one httpx pool of 100
    connections costs the test process more CPU than the server spends answering."""
    gate = asyncio.Semaphore(concurrency)
    per_client = 10
    limits = httpx.Limits(max_connections=per_client, max_keepalive_connections=per_client)
    clients = [httpx.AsyncClient(timeout=120, limits=limits)
               for _ in range(max(1, concurrency // per_client))]

    async def one(i: int) -> int:
        async with gate:
            try:
                response = await clients[i % len(clients)].post(url, json={"n": i})
            except httpx.HTTPError:
                return 0
            return response.status_code

    try:
        return await asyncio.gather(*(one(i) for i in range(count)))
    finally:
        for client in clients:
            await client.aclose()


# A thousand concurrent writers, under each database's own locking.
@pytest.mark.both_databases
def test_burst_of_1000_concurrent_posts(stack: Stack, tenant: Tenant) -> None:
    """The route itself under load: every post answered is stored (no destination, so the
    worker's pace does not enter into it; test_forwarding covers fan-out)."""
    source = make_source(tenant, "burst")
    started = time.monotonic()
    statuses = asyncio.run(_burst(source["url"], 1000, 100))
    elapsed = time.monotonic() - started
    accepted = statuses.count(202)
    with Session(stack.engine) as session:
        stored = session.exec(select(func.count()).select_from(Message)
                              .where(Message.source_id == source["id"])).one()
    assert stored == accepted, (stored, accepted)
    assert accepted == 1000, {s: statuses.count(s) for s in set(statuses)}
    print(f"\n{stack.name}: 1000 concurrent posts stored in {elapsed:.1f} s")
