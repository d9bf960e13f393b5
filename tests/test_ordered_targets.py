"""Issue 67: ordered endpoints. One Delivery at a time per line, in the order the events were
accepted, through retries; keyed lines apart; an exhausted head that blocks its line until
it is retried or skipped, or that lets it move on; a disabled endpoint holding its lines and
a deleted one cancelling them. Real receivers check the order of what arrives."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.support.api import ok, polled, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem

pytestmark = pytest.mark.both_databases


def _ordered(tenant: Tenant, url: str, ordering: dict[str, Any] | None) -> dict[str, Any]:
    endpoint = setup_endpoint(tenant, url)
    return ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                                  json={"ordering": ordering}))


def _publish(tenant: Tenant, n: int, key: str = "") -> str:
    """The event's one Delivery."""
    event = publish(tenant, {"n": n, "k": key})
    [delivery] = polled(tenant, f"/v1/events/{event['id']}/deliveries")["items"]
    return str(delivery["id"])


def _status(tenant: Tenant, delivery_id: str) -> str:
    return str(polled(tenant, f"/v1/deliveries/{delivery_id}")["status"])


def _arrived(receiver: Receiver, path: str, key: str | None = None) -> list[int]:
    """The events (their `n`) of each request to `path`, in the order they arrived; only
    those of one key's line, given one."""
    bodies = [json.loads(r.body)["data"] for r in receiver.at(path)]
    return [b["n"] for b in bodies if key is None or b["k"] == key]


def test_ordering_is_a_checked_setting(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/ok"))
    assert endpoint["ordering"] is None
    path = f"/v1/endpoints/{endpoint['id']}"
    bad_key = assert_problem(tenant.client.patch(path, json={"ordering": {"key": "data.["}}),
                             422)
    assert "ordering.key" in json.dumps(bad_key)
    assert_problem(tenant.client.patch(path, json={"ordering": {"onExhausted": "drop"}}), 422)
    assert_problem(tenant.client.patch(path, json={"ordering": {"keys": "data.k"}}), 422)
    assert ok(tenant.client.get(path))["ordering"] is None  # nothing changed
    record = ok(tenant.client.patch(path, json={"ordering": {"key": "data.k"}}))
    assert record["ordering"] == {"key": "data.k", "onExhausted": "block"}
    assert ok(tenant.client.patch(path, json={"description": "x"}))["ordering"] == \
        record["ordering"]  # absent: unchanged
    assert ok(tenant.client.patch(path, json={"ordering": None}))["ordering"] is None
    created = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok"),
        "ordering": {"onExhausted": "skip"}}), 201)
    assert created["ordering"] == {"key": None, "onExhausted": "skip"}


def test_one_line_keeps_its_order_through_retries(tenant: Tenant, receiver: Receiver) -> None:
    path = "/flaky/2/line"  # the first two requests fail: the head's, retried
    _ordered(tenant, receiver.url(path), {})
    ids = [_publish(tenant, n) for n in range(8)]
    assert _status(tenant, ids[-1]) == "held"
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    assert _arrived(receiver, path) == [0, 0, 0, 1, 2, 3, 4, 5, 6, 7]


def test_a_blocked_head_holds_only_its_own_line_until_retried(tenant: Tenant,
                                                              receiver: Receiver) -> None:
    endpoint = _ordered(tenant, receiver.url("/when/bad/500"), {"key": "data.k"})
    head = _publish(tenant, 0, "bad")
    good = [_publish(tenant, n, "good") for n in range(1, 5)]
    behind = [_publish(tenant, n, "bad") for n in (5, 6)]
    for delivery_id in good:  # the other line goes on meanwhile, in its order
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    assert wait_delivery(tenant, head)["status"] == "exhausted"
    time.sleep(1.5)  # a line that moved on would have its next attempt by now
    assert [_status(tenant, d) for d in behind] == ["held", "held"]
    assert _arrived(receiver, "/when/bad/500", "bad") == [0, 0, 0, 0]  # four attempts
    assert _arrived(receiver, "/when/bad/500", "good") == [1, 2, 3, 4]
    refused = assert_problem(tenant.client.post(f"/v1/deliveries/{behind[0]}/retry"), 409)
    assert refused["title"] == "Entrega held in its line"
    refused = assert_problem(tenant.client.post(f"/v1/deliveries/{behind[0]}/skip"), 409)
    assert refused["title"] == "Entrega not a blocked head"
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"url": receiver.url("/ok")}))
    ok(tenant.client.post(f"/v1/deliveries/{head}/retry"), 202)
    for delivery_id in (head, *behind):
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    assert _arrived(receiver, "/ok") == [0, 5, 6]


def test_skipping_a_blocked_head_moves_its_line_on(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = _ordered(tenant, receiver.url("/status/500"), {})
    head, behind = _publish(tenant, 0), _publish(tenant, 1)
    assert wait_delivery(tenant, head)["status"] == "exhausted"
    assert _status(tenant, behind) == "held"
    assert_problem(tenant.client.post("/v1/deliveries/dlv_unknown/skip"), 404)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"url": receiver.url("/ok")}))
    assert ok(tenant.client.post(f"/v1/deliveries/{head}/skip")) == {
        "id": head, "status": "exhausted", "next": behind}
    assert wait_delivery(tenant, behind)["status"] == "delivered"
    assert _status(tenant, head) == "exhausted"
    assert _arrived(receiver, "/ok") == [1]  # the skipped head is not sent again
    assert_problem(tenant.client.post(f"/v1/deliveries/{head}/skip"), 409)  # no longer a head


def test_under_skip_an_exhausted_head_lets_its_line_go_on(tenant: Tenant,
                                                          receiver: Receiver) -> None:
    _ordered(tenant, receiver.url("/when/bad/500"), {"onExhausted": "skip"})
    head, after = _publish(tenant, 0, "bad"), _publish(tenant, 1, "good")
    assert wait_delivery(tenant, after)["status"] == "delivered"
    assert _status(tenant, head) == "exhausted"
    assert _arrived(receiver, "/when/bad/500") == [0, 0, 0, 0, 1]  # every attempt first


def test_a_disabled_endpoint_holds_its_lines_and_a_deleted_one_cancels_them(
        tenant: Tenant, receiver: Receiver) -> None:
    endpoint = _ordered(tenant, receiver.url("/status/503"), {})
    path = f"/v1/endpoints/{endpoint['id']}"
    head, behind = _publish(tenant, 0), _publish(tenant, 1)
    wait_delivery(tenant, head, {"retrying"})
    ok(tenant.client.patch(path, json={"status": "disabled"}))
    time.sleep(2.5)  # past the head's next attempt: it keeps its place instead
    assert _status(tenant, head) in ("retrying", "pending")
    assert _status(tenant, behind) == "held"
    ok(tenant.client.patch(path, json={"status": "enabled", "url": receiver.url("/ok")}))
    for delivery_id in (head, behind):  # woken, not five minutes later
        assert wait_delivery(tenant, delivery_id, timeout=30)["status"] == "delivered"
    assert _arrived(receiver, "/ok") == [0, 1]
    ok(tenant.client.patch(path, json={"url": receiver.url("/status/503")}))
    waiting = [_publish(tenant, n) for n in (2, 3)]
    wait_delivery(tenant, waiting[0], {"retrying"})
    ok(tenant.client.delete(path), 204)
    assert [wait_delivery(tenant, d)["status"] for d in waiting] == ["cancelled", "cancelled"]


def test_a_recovery_sends_an_ordered_endpoints_deliveries_back_through_its_line(
        tenant: Tenant, receiver: Receiver) -> None:
    endpoint = _ordered(tenant, receiver.url("/status/500"), {"onExhausted": "skip"})
    ids = [_publish(tenant, n) for n in range(3)]
    for delivery_id in ids:  # one after the other: each exhausted lets the next go
        assert wait_delivery(tenant, delivery_id)["status"] == "exhausted"
    path = f"/v1/endpoints/{endpoint['id']}"
    ok(tenant.client.patch(path, json={"url": receiver.url("/slow/0.3/ok")}))
    ok(tenant.client.post(f"{path}/recover", json={"since": "2020-01-01T00:00:00Z"}), 202)
    seen = set()  # the last one waits its turn, held, for the two ahead of it (0.3 s each)
    deadline = time.monotonic() + 60
    while (status := _status(tenant, ids[-1])) != "delivered":
        seen.add(status)
        assert time.monotonic() < deadline, seen
        time.sleep(0.05)
    assert "held" in seen, seen
    for delivery_id in ids:
        wait_delivery(tenant, delivery_id, {"delivered"})
    assert _arrived(receiver, "/slow/0.3/ok") == [0, 1, 2]
    assert receiver.most_open["/slow/0.3/ok"] == 1  # one at a time


def test_a_retried_delivery_joins_the_end_of_its_line(tenant: Tenant, receiver: Receiver
                                                      ) -> None:
    endpoint = _ordered(tenant, receiver.url("/status/500"), {"onExhausted": "skip"})
    first = _publish(tenant, 0)
    assert wait_delivery(tenant, first)["status"] == "exhausted"  # its line moved past it
    head = _publish(tenant, 1)
    wait_delivery(tenant, head, {"retrying"})
    assert ok(tenant.client.post(f"/v1/deliveries/{first}/retry"), 202) == {
        "id": first, "status": "queued"}
    assert _status(tenant, first) == "held"  # behind the line's head now, not beside it
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"url": receiver.url("/ok")}))
    for delivery_id in (head, first):
        wait_delivery(tenant, delivery_id, {"delivered"})
    assert _arrived(receiver, "/ok") == [1, 0]
