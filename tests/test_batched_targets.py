"""Issue 67: batches. Up to `maxSize` Deliveries of a target in one signed request, as soon as
that many are ready or the oldest has waited `maxWaitMs`; one answer decides them all, and a
failed batch is retried whole. Each Delivery keeps its own attempts. Real receivers check
what arrives: the body, its order, the signature."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from tests.support.api import attempts, ok, polled, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Received, Receiver
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem

pytestmark = pytest.mark.both_databases


def _batched(tenant: Tenant, url: str, batch: dict[str, Any] | None,
             **fields: Any) -> dict[str, Any]:
    """A batched endpoint's record, with its `secret`."""
    endpoint = setup_endpoint(tenant, url)
    record = ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                                    json={"batch": batch, **fields}))
    return {**record, "secret": endpoint["secret"]}


def _publish(tenant: Tenant, n: int) -> str:
    """The event's one Delivery."""
    event = publish(tenant, {"n": n})
    [delivery] = polled(tenant, f"/v1/events/{event['id']}/deliveries")["items"]
    return str(delivery["id"])


def _events(request: Received) -> list[int]:
    body = json.loads(request.body)
    assert body["type"] == "batch"
    return [event["data"]["n"] for event in body["events"]]


def _verified(request: Received, secret: str) -> Any:
    return Webhook(secret).verify(request.body, request.headers)


def test_batch_is_a_checked_setting(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/ok"))
    assert endpoint["batch"] is None
    path = f"/v1/endpoints/{endpoint['id']}"
    for bad in ({"maxSize": 0}, {"maxSize": 1001}, {"maxSize": 5, "maxWaitMs": -1},
                {"maxSize": 5, "maxWaitMs": 60_001}, {"maxWaitMs": 10}, {"size": 5}, "5"):
        problem = assert_problem(tenant.client.patch(path, json={"batch": bad}), 422)
        assert "batch" in json.dumps(problem)
    assert ok(tenant.client.get(path))["batch"] is None  # nothing changed
    record = ok(tenant.client.patch(path, json={"batch": {"maxSize": 10}}))
    assert record["batch"] == {"maxSize": 10, "maxWaitMs": 0}
    assert ok(tenant.client.patch(path, json={"description": "x"}))["batch"] == \
        record["batch"]  # absent: unchanged
    assert ok(tenant.client.patch(path, json={"batch": None}))["batch"] is None
    created = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok"),
        "batch": {"maxSize": 1000, "maxWaitMs": 60_000}}), 201)
    assert created["batch"] == {"maxSize": 1000, "maxWaitMs": 60_000}


def test_a_full_batch_goes_at_once_signed_once(tenant: Tenant, receiver: Receiver) -> None:
    # A minute's wait: what arrives sooner went because its batch was full.
    endpoint = _batched(tenant, receiver.url("/ok/full"), {"maxSize": 5, "maxWaitMs": 60_000})
    ids = [_publish(tenant, n) for n in range(10)]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id, timeout=40)["status"] == "delivered"
    requests = receiver.at("/ok/full")
    assert [_events(r) for r in requests] == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    for request in requests:
        assert request.headers["webhook-id"].startswith("batch_")
        _verified(request, endpoint["secret"])
    assert {r.headers["webhook-id"] for r in requests}.__len__() == 2
    for delivery_id in ids:  # each Delivery has its own attempt
        assert [a["statusCode"] for a in attempts(tenant, delivery_id)] == [200]


def test_an_incomplete_batch_goes_once_its_oldest_has_waited(tenant: Tenant,
                                                             receiver: Receiver) -> None:
    _batched(tenant, receiver.url("/ok/wait"), {"maxSize": 100, "maxWaitMs": 2000})
    first = time.time()
    ids = [_publish(tenant, n) for n in range(3)]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    [request] = receiver.at("/ok/wait")
    assert _events(request) == [0, 1, 2]
    assert request.at - first >= 2.0


def test_a_failed_batch_is_retried_whole(tenant: Tenant, receiver: Receiver) -> None:
    path = "/flaky/1/batch"  # the first request fails
    _batched(tenant, receiver.url(path), {"maxSize": 3, "maxWaitMs": 60_000})
    ids = [_publish(tenant, n) for n in range(3)]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    requests = receiver.at(path)
    assert [_events(r) for r in requests] == [[0, 1, 2], [0, 1, 2]]
    assert requests[0].headers["webhook-id"] == requests[1].headers["webhook-id"]
    for delivery_id in ids:
        assert [a["statusCode"] for a in attempts(tenant, delivery_id)] == [503, 200]


def test_a_retried_member_goes_in_a_batch_of_its_own(tenant: Tenant,
                                                     receiver: Receiver) -> None:
    _batched(tenant, receiver.url("/status/500"), {"maxSize": 2, "maxWaitMs": 60_000})
    ids = [_publish(tenant, n) for n in range(2)]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "exhausted"
    endpoint_id = polled(tenant, f"/v1/deliveries/{ids[1]}")["endpointId"]
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint_id}", json={"url": receiver.url("/ok/one")}))
    ok(tenant.client.post(f"/v1/deliveries/{ids[1]}/retry"), 202)
    assert wait_delivery(tenant, ids[1], {"delivered"})["status"] == "delivered"
    [request] = receiver.at("/ok/one")
    assert _events(request) == [1]
    assert polled(tenant, f"/v1/deliveries/{ids[0]}")["status"] == "exhausted"


def test_a_transformation_gets_the_batch(tenant: Tenant, receiver: Receiver) -> None:
    code = ("function handler(webhook) { webhook.payload = {count: webhook.payload.events"
            ".length, first: webhook.payload.events[0].data.n}; return webhook; }")
    _batched(tenant, receiver.url("/ok/shaped"), {"maxSize": 3, "maxWaitMs": 60_000},
             transformation=code)
    ids = [_publish(tenant, n) for n in range(3)]
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    [request] = receiver.at("/ok/shaped")
    assert json.loads(request.body) == {"count": 3, "first": 0}


def test_an_ordered_line_goes_in_batches_of_its_own_in_order(tenant: Tenant,
                                                             receiver: Receiver) -> None:
    """Each batch holds one line's next Deliveries (those queued when its turn comes, up to
    maxSize), and the next batch of a line waits for this one, through a failed first
    request retried whole."""
    path = "/flaky/1/ordered"
    _batched(tenant, receiver.url(path), {"maxSize": 5, "maxWaitMs": 60_000},
             ordering={"key": "data.k"})
    ids = []
    for n in range(12):
        for key in ("a", "b"):
            event = publish(tenant, {"n": n, "k": key})
            [delivery] = polled(tenant, f"/v1/events/{event['id']}/deliveries")["items"]
            ids.append(delivery["id"])
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    requests = receiver.at(path)
    seen: dict[str, list[int]] = {"a": [], "b": []}
    for request in requests[1:]:  # the first failed, and was sent again whole
        body = json.loads(request.body)
        keys = {event["data"]["k"] for event in body["events"]}
        assert len(keys) == 1, body  # a batch never mixes lines
        assert 1 <= len(body["events"]) <= 5
        seen[keys.pop()] += [event["data"]["n"] for event in body["events"]]
    assert seen == {"a": list(range(12)), "b": list(range(12))}
    assert requests[0].body in [r.body for r in requests[1:]]  # retried whole
    assert len(requests) < 24  # lines went in batches, not one event at a time
