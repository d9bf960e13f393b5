"""Bulk recovery: an endpoint's (or destination's) failed Deliveries re-sent in creation
order, each once, as a retry of the existing Delivery; from one Temporal workflow that
survives a worker killed mid-way."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in


def _failed(tenant: Tenant, receiver: Receiver, count: int) -> tuple[dict[str, Any], list[str]]:
    """An endpoint whose `count` Deliveries all failed (exhausted, then cancelled once 20
    exhausted disabled it), then repaired: re-enabled at a URL that answers."""
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    events = [publish(tenant, {"n": n})["id"] for n in range(count)]
    ids = [deliveries_of(tenant, e)[0]["id"] for e in events]
    for delivery_id in ids:
        wait_delivery(tenant, delivery_id, {"exhausted", "cancelled"}, timeout=90)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"url": receiver.url("/ok/recovered"), "status": "enabled"}))
    return endpoint, ids


def _recover(tenant: Tenant, endpoint: dict[str, Any], **body: Any) -> Any:
    since = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    return tenant.client.post(f"/v1/endpoints/{endpoint['id']}/recover",
                              json={"since": since, **body})


def _wait_done(tenant: Tenant, recovery_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while (found := ok(tenant.client.get(f"/v1/recoveries/{recovery_id}")))["status"] \
            == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
    return found


def test_a_recovery_resends_each_failed_delivery_once_in_order(
        tenant: Tenant, receiver: Receiver) -> None:
    endpoint, ids = _failed(tenant, receiver, 22)
    statuses = [ok(tenant.client.get(f"/v1/deliveries/{d}"))["status"] for d in ids]
    assert set(statuses) <= {"exhausted", "cancelled"}  # 20 exhausted disabled it
    assert ok(_recover(tenant, endpoint, dryRun=True)) == {"matching": 22}
    assert ok(_recover(tenant, endpoint, statuses=["cancelled"], dryRun=True)) == \
        {"matching": statuses.count("cancelled")}
    started = ok(_recover(tenant, endpoint), 202)
    assert started["recovered"] == 22 and started["id"].startswith("rcv_")
    arrived = receiver.wait(22, "/ok/recovered", timeout=60)
    events = [ok(tenant.client.get(f"/v1/deliveries/{d}"))["eventId"] for d in ids]
    assert sorted(r.headers["webhook-id"] for r in arrived) == sorted(events)  # same ids
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id)["status"] == "delivered"
    done = _wait_done(tenant, started["id"])
    assert (done["status"], done["matching"], done["recovered"]) == ("done", 22, 22)
    assert ok(_recover(tenant, endpoint, dryRun=True)) == {"matching": 0}  # nothing left


def test_a_recovery_survives_a_worker_killed_mid_way(stack: Stack, tenant: Tenant,
                                                     receiver: Receiver) -> None:
    endpoint, ids = _failed(tenant, receiver, 25)
    before = {d: len(attempts(tenant, d)) for d in ids}
    started = ok(_recover(tenant, endpoint), 202)
    stack.restart_worker(kill=True)  # wherever the recovery was
    receiver.wait(25, "/ok/recovered", timeout=90)
    for delivery_id in ids:
        wait_delivery(tenant, delivery_id, {"delivered"}, timeout=60)
    done = _wait_done(tenant, started["id"])
    assert (done["status"], done["recovered"]) == ("done", 25)
    after = {d: len(attempts(tenant, d)) for d in ids}
    assert all(after[d] == before[d] + 1 for d in ids), (before, after)  # each re-sent once


def test_the_window_and_the_refusals(tenant: Tenant, receiver: Receiver) -> None:
    endpoint, _ids = _failed(tenant, receiver, 2)
    later = (datetime.now(UTC) + timedelta(minutes=1)).isoformat()
    assert ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/recover",
                                 json={"since": later, "dryRun": True})) == {"matching": 0}
    for body in ({"since": later, "until": "2020-01-01T00:00:00Z"},
                 {"since": later, "statuses": ["delivered"]}, {"since": later, "statuses": []},
                 {"until": later}, {"since": "yesterday"}):
        assert_problem(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/recover",
                                          json=body), 422)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "disabled"}))
    assert_problem(_recover(tenant, endpoint), 409)
    assert_problem(_recover(tenant, {"id": "ep_missing"}), 404)
    assert_problem(tenant.client.get("/v1/recoveries/rcv_missing"), 404)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "enabled"}))
    started = ok(_recover(tenant, endpoint), 202)
    cancelled = ok(tenant.client.delete(f"/v1/recoveries/{started['id']}"))
    assert cancelled["status"] in ("cancelled", "done")  # it may have finished first


def test_a_destination_recovers_too(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant, "recovering")
    destination = add_destination(tenant, source, receiver.url("/status/503"))
    messages = [post_in(source["url"], f'{{"n": {n}}}'.encode()).json()["id"]
                for n in range(3)]
    for message_id in messages:
        [delivery] = ok(tenant.client.get(f"/v1/ingest/messages/{message_id}/deliveries")
                        )["items"]
        wait_delivery(tenant, delivery["id"], {"exhausted"}, timeout=60)
    ok(tenant.client.patch(f"/v1/ingest/destinations/{destination['id']}",
                           json={"url": receiver.url("/ok/dst-recovered")}))
    since = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    started = ok(tenant.client.post(f"/v1/ingest/destinations/{destination['id']}/recover",
                                    json={"since": since}), 202)
    assert started["recovered"] == 3
    arrived = receiver.wait(3, "/ok/dst-recovered", timeout=60)
    assert sorted(r.headers["webhook-id"] for r in arrived) == sorted(messages)
