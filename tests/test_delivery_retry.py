"""Issue 3: manual retry per the spec's state table, and automatic disable after 20
consecutive exhausted Deliveries."""

from __future__ import annotations

import concurrent.futures
import time

import httpx
import pytest
from sqlmodel import Session

from hookline.persistence.models import Endpoint
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem

SLOW = "1h,1h"  # a schedule whose next attempt never comes during a test


def _retry(tenant: Tenant, delivery_id: str) -> httpx.Response:
    return tenant.client.post(f"/v1/deliveries/{delivery_id}/retry")


def _waiting_delivery(stack: Stack, tenant: Tenant) -> str:
    """A Delivery whose first attempt failed and whose next one is an hour away."""
    proc, url = stack.start_api(HOOKLINE_RETRY_SCHEDULE=SLOW)
    stack.extra.append(proc)
    slow = httpx.Client(base_url=url, headers=tenant.client.headers, timeout=30)
    event = ok(slow.post("/v1/events", json={"type": "invoice.paid", "consumer": "acme",
                                             "data": {"slow": True}}), 201)
    [delivery] = deliveries_of(tenant, event["id"])
    record = wait_delivery(tenant, delivery["id"], {"retrying"})
    stop(proc)
    return record["id"]


@pytest.mark.cluster
def test_retry_brings_a_waiting_attempt_forward(stack: Stack, tenant: Tenant,
                                               receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/503"))
    waiting = _waiting_delivery(stack, tenant)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"url": receiver.url("/ok")}))
    assert ok(_retry(tenant, waiting), 202) == {"id": waiting, "status": "queued"}
    done = wait_delivery(tenant, waiting, timeout=20)  # not an hour
    assert done["status"] == "delivered" and done["attempts"] == 2
    body = assert_problem(_retry(tenant, waiting), 409)
    assert body["title"] == "Entrega already delivered"
    assert body["detail"].startswith(f"Delivery {waiting} was already delivered")


@pytest.mark.cluster
def test_retry_of_exhausted_queues_one_more_attempt(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"url": receiver.url("/slow/1.5")}))
    assert ok(_retry(tenant, delivery["id"]), 202)["status"] == "queued"
    body = assert_problem(_retry(tenant, delivery["id"]), 409)  # still queued or in flight
    assert body["title"] == "Entrega already queued"
    assert body["detail"] == f"Delivery {delivery['id']} is already queued"
    done = wait_delivery(tenant, delivery["id"])
    assert done["status"] == "delivered" and done["attempts"] == 5
    assert [a["statusCode"] for a in attempts(tenant, delivery["id"])] == [500] * 4 + [200]
    arrived = receiver.at("/slow/1.5")
    assert len(arrived) == 1 and arrived[0].headers["webhook-id"] == delivery["eventId"]


def test_retry_errors(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    wait_delivery(tenant, delivery["id"])
    body = assert_problem(_retry(tenant, "dlv_unknown"), 404)
    assert body["title"] == "Entrega not found"
    assert body["detail"] == "Delivery dlv_unknown not found"
    assert_problem(_retry(stack.tenant(), delivery["id"]), 404)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "disabled"}))
    body = assert_problem(_retry(tenant, delivery["id"]), 409)
    assert body["type"].endswith("delivery-target-disabled") and "Entrega" in body["title"]
    assert f"Delivery {delivery['id']}" in body["detail"] and "Entrega" not in body["detail"]
    assert ok(tenant.client.get(f"/v1/deliveries/{delivery['id']}"))["status"] == "exhausted"


def _failure_count(stack: Stack, endpoint_id: str) -> int:
    with Session(stack.engine) as session:
        endpoint = session.get(Endpoint, endpoint_id)
        assert endpoint is not None
        return endpoint.failure_count


def test_twenty_exhausted_deliveries_disable_the_endpoint(stack: Stack, tenant: Tenant,
                                                          receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    waiting = _waiting_delivery(stack, tenant)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        events = list(pool.map(lambda i: publish(tenant, {"i": i}), range(20)))
    ids = [deliveries_of(tenant, e["id"])[0]["id"] for e in events]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id, timeout=120)["status"] == "exhausted"
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))
    assert record["status"] == "DisabledAutomatically"
    assert wait_delivery(tenant, waiting, {"cancelled"}, timeout=20)["status"] == "cancelled"
    assert publish(tenant)["deliveries"] == 0  # a disabled endpoint gets no new Deliveries
    assert_problem(_retry(tenant, waiting), 409)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"status": "enabled", "url": receiver.url("/ok")}))
    assert _failure_count(stack, endpoint["id"]) == 0
    time.sleep(1)
    statuses = {ok(tenant.client.get(f"/v1/deliveries/{i}"))["status"] for i in ids}
    assert statuses == {"exhausted"}  # they stay so until retried one by one
    assert ok(tenant.client.get(f"/v1/deliveries/{waiting}"))["status"] == "cancelled"
    assert ok(_retry(tenant, waiting), 202)["status"] == "queued"
    assert wait_delivery(tenant, waiting)["status"] == "delivered"


@pytest.mark.cluster
def test_an_endpoint_that_stays_down_is_disabled_on_the_defaults(tenant: Tenant,
                                                                 receiver: Receiver) -> None:
    """The product's breaker (5 failures open the circuit for 30 s) with the suite's 3 s
    retry window: an open circuit holds Deliveries inside their window, not past it. Held
    ones end `exhausted` with a final attempt that sent nothing (`circuit_open`); they count
    toward the 20 that disable the endpoint, and what waits then is cancelled. The receiver
    sees the failures that opened the circuit, not the whole schedule of every event."""
    ops = ok(tenant.client.post("/v1/operational-endpoints", json={
        "url": receiver.url("/ok/ops"), "events": ["endpoint.disabled"]}), 201)
    endpoint = setup_endpoint(tenant, receiver.url("/status/503"))
    events = [publish(tenant, {"i": i}) for i in range(24)]
    ids = [deliveries_of(tenant, e["id"])[0]["id"] for e in events]
    ended = [wait_delivery(tenant, i, {"exhausted", "cancelled"}, timeout=60) for i in ids]
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["status"] \
        == "DisabledAutomatically"
    exhausted = [d for d in ended if d["status"] == "exhausted"]
    assert len(exhausted) >= 20 and len(exhausted) + sum(
        d["status"] == "cancelled" for d in ended) == 24
    held = [a for d in exhausted for a in attempts(tenant, d["id"])
            if a["errorType"] == "circuit_open"]
    assert held, "no Delivery was held past its window"
    assert {(a["status"], a["statusCode"], a["durationMs"]) for a in held} \
        == {("failed", None, 0)}
    assert len(receiver.at("/status/503")) < 24  # far from 24 events times 4 attempts
    [told] = receiver.wait(1, "/ok/ops", timeout=30)
    assert ops["id"] and b"endpoint.disabled" in told.body
    # Re-enabled at a new URL: a new receiver, so the old one's open circuit is forgotten.
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["circuit"] == "open"
    back = ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={
        "status": "enabled", "url": receiver.url("/ok/back")}))
    assert back["circuit"] == "closed"
    [again] = deliveries_of(tenant, publish(tenant)["id"])
    assert wait_delivery(tenant, again["id"], timeout=20)["status"] == "delivered"
