"""Issue 4: messages forwarded to destinations end to end (real API, worker, Temporal and
receiver): original body and Content-Type, Standard Webhooks signature with the message id,
retry, replay, disable/enable, and the automatic disable after 20 exhausted deliveries."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx
import pytest
from sqlmodel import Session
from standardwebhooks.webhooks import Webhook

from hookline.persistence.models import Destination
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_ingest import github_headers, github_source, message
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in

T = TypeVar("T")


def eventually(check: Callable[[], T | None], timeout: float = 60, what: str = "") -> T:
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.25)


def deliveries_of(tenant: Tenant, message_id: str) -> list[dict[str, Any]]:
    page = tenant.client.get(f"/v1/ingest/messages/{message_id}/deliveries")
    assert page.status_code == 200, page.text
    items: list[dict[str, Any]] = page.json()["items"]
    return items


def delivery_in(tenant: Tenant, message_id: str, status: str) -> dict[str, Any]:
    def check() -> dict[str, Any] | None:
        found = [d for d in deliveries_of(tenant, message_id) if d["status"] == status]
        return found[0] if found else None
    return eventually(check, 60, f"a delivery of {message_id} {status}")


@pytest.mark.cluster
def test_forwarded_with_original_body_and_signature(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/ok/fwd"),
                                  headers={"X-Api-Key": "k1"})
    body = b'{"text": "caf\xc3\xa9",   "spacing": "kept as sent"}'
    content_type = "application/vnd.acme.event+json; charset=utf-8"
    answer = httpx.post(source["url"], content=body, headers={"Content-Type": content_type})
    assert answer.status_code == 202
    message_id = answer.json()["id"]
    got = receiver.wait(1, "/ok/fwd")[0]
    assert got.body == body
    assert got.headers["content-type"] == content_type
    assert got.headers["webhook-id"] == message_id
    assert got.headers["x-api-key"] == "k1"
    Webhook(destination["secret"]).verify(got.body, got.headers)
    delivered = delivery_in(tenant, message_id, "delivered")
    assert {"messageId": message_id, "destinationId": destination["id"],
            "attempts": 1}.items() <= delivered.items()
    detail = message(tenant, message_id)
    assert detail["fanout"] == 1
    assert detail["deliveries"] == {"total": 1, "delivered": 1, "inFlight": 0, "failed": 0,
                                    "cancelled": 0}


def test_rotated_secret_old_and_new_both_sign(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/ok/rot"))
    rotated = tenant.client.post(f"/v1/ingest/destinations/{destination['id']}/rotate-secret")
    post_in(source["url"])
    got = receiver.wait(1, "/ok/rot")[0]
    assert len(got.headers["webhook-signature"].split()) == 2
    for secret in (destination["secret"], rotated.json()["secret"]):
        Webhook(secret).verify(got.body, got.headers)


@pytest.mark.cluster
def test_retry_then_replay(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/status/500"))
    message_id = post_in(source["url"]).json()["id"]
    exhausted = delivery_in(tenant, message_id, "exhausted")
    assert exhausted["attempts"] == 4  # the test schedule: 1 s, 1 s, 1 s
    assert message(tenant, message_id)["deliveries"]["failed"] == 1
    tenant.client.patch(f"/v1/ingest/destinations/{destination['id']}",
                        json={"url": receiver.url("/ok/fixed")})
    retried = tenant.client.post(f"/v1/deliveries/{exhausted['id']}/retry")
    assert retried.status_code == 202, retried.text
    assert retried.json() == {"id": exhausted["id"], "status": "queued"}
    assert receiver.wait(1, "/ok/fixed")[0].headers["webhook-id"] == message_id
    delivery_in(tenant, message_id, "delivered")
    replayed = tenant.client.post(f"/v1/ingest/messages/{message_id}/replay")
    assert replayed.status_code == 202
    new_ids = replayed.json()["deliveries"]
    assert replayed.json()["messageId"] == message_id and len(new_ids) == 1
    assert new_ids[0] != exhausted["id"]
    arrived = receiver.wait(2, "/ok/fixed")
    assert {r.headers["webhook-id"] for r in arrived} == {message_id}
    eventually(lambda: message(tenant, message_id)["deliveries"]["delivered"] == 2, 30,
               "both deliveries delivered")
    assert message(tenant, message_id)["fanout"] == 2


def test_replay_refusals(tenant: Tenant, receiver: Receiver) -> None:
    source = github_source(tenant, receiver)
    failed = post_in(source["url"], b"{}", headers=github_headers(b"{}", secret="wrong"))
    assert failed.status_code == 401
    failed_id = tenant.client.get(f"/v1/ingest/sources/{source['id']}/messages").json()[
        "items"][0]["id"]
    assert_problem(tenant.client.post(f"/v1/ingest/messages/{failed_id}/replay"), 409)
    assert_problem(tenant.client.post("/v1/ingest/messages/msg_nope/replay"), 404)
    tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json={"status": "disabled"})
    good = post_in(source["url"], b"{}", headers=github_headers(b"{}")).json()["id"]
    assert_problem(tenant.client.post(f"/v1/ingest/messages/{good}/replay"), 409)


def test_disable_cancels_waiting_and_stops_forwarding(tenant: Tenant,
                                                      receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/status/503"))
    message_id = post_in(source["url"]).json()["id"]
    delivery_in(tenant, message_id, "retrying")
    path = f"/v1/ingest/destinations/{destination['id']}"
    assert tenant.client.patch(path, json={"status": "disabled"}).status_code == 200
    delivery_in(tenant, message_id, "cancelled")
    later = post_in(source["url"]).json()["id"]
    assert message(tenant, later)["fanout"] == 0
    retry = tenant.client.post(f"/v1/deliveries/{deliveries_of(tenant, message_id)[0]['id']}"
                               "/retry")
    assert_problem(retry, 409)  # its destination is disabled


def test_20_exhausted_deliveries_disable_a_destination(stack: Stack, tenant: Tenant,
                                                       receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = add_destination(tenant, source, receiver.url("/status/500"))
    with ThreadPoolExecutor(20) as pool:  # concurrently: each takes ~3 s to exhaust
        answers = list(pool.map(lambda i: post_in(source["url"], b'{"n": %d}' % i), range(20)))
    assert [a.status_code for a in answers] == [202] * 20

    def disabled() -> bool:
        listed = tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations").json()
        return bool(listed[0]["status"] == "disabled")

    eventually(disabled, 120, "the destination disabled after 20 exhausted deliveries")
    with Session(stack.engine) as session:
        row = session.get(Destination, destination["id"])
        assert row is not None and row.disabled_automatically and row.failure_count == 20
    assert message(tenant, post_in(source["url"]).json()["id"])["fanout"] == 0
    enabled = tenant.client.patch(f"/v1/ingest/destinations/{destination['id']}",
                                  json={"status": "enabled"})
    assert enabled.json()["status"] == "enabled"
    with Session(stack.engine) as session:
        row = session.get(Destination, destination["id"])
        assert row is not None and row.failure_count == 0 and not row.disabled_automatically
