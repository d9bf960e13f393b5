"""Issue 3: nothing accepted is lost when the worker dies, when a relay dies between taking
workflow starts from the outbox and making them, or when Temporal restarts; and the API never
waits on Temporal to accept."""

from __future__ import annotations

import socket
import time

import httpx
import pytest
from sqlmodel import Session

from hookline.delivery import gate, outbox
from tests.conftest import TemporalServer
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant, module_stack
from tests.test_destinations import add_destination
from tests.test_sources import make_source

# The outbox and the gate must lose nothing on either database's crash semantics.
pytestmark = pytest.mark.both_databases

# The reconciler every second, for Deliveries 3 s without a workflow (the defaults are 10 s
# and 15 s): these tests lose starts and workflows on purpose and wait for it.
stack = module_stack(HOOKLINE_RECONCILE_INTERVAL="1s", HOOKLINE_RECONCILE_AFTER="3s")


def _all_attempted_once(tenant: Tenant, ids: list[str], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        records = [ok(tenant.client.get(f"/v1/deliveries/{i}")) for i in ids]
        if all(r["attempts"] >= 1 for r in records):
            return
        time.sleep(0.1)
    raise AssertionError("first attempts did not happen")


# Fewer first failures than the breaker's five (the default), so that the circuit stays
# closed: what these tests kill is the worker or Temporal, not the receiver (the breaker's
# window is tests/test_delivery_retry.py's).
FAILING = 4


def _fails_then_recovers(tenant: Tenant, receiver: Receiver, count: int) -> tuple[dict, list]:
    endpoint = setup_endpoint(tenant, receiver.url("/status/503"))
    events = [publish(tenant, {"i": i}) for i in range(count)]
    ids = [deliveries_of(tenant, e["id"])[0]["id"] for e in events]
    _all_attempted_once(tenant, ids)
    return endpoint, ids


def _heal(tenant: Tenant, receiver: Receiver, endpoint: dict) -> None:
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"url": receiver.url("/ok")}))


def _recovered(tenant: Tenant, receiver: Receiver, ids: list[str]) -> None:
    for delivery_id in ids:
        assert wait_delivery(tenant, delivery_id, timeout=90)["status"] == "delivered"
        tries = attempts(tenant, delivery_id)
        assert tries[0]["statusCode"] == 503 and tries[-1]["statusCode"] == 200
        assert [a["attempt"] for a in tries] == list(range(1, len(tries) + 1))
    arrivals = receiver.at("/ok")
    # At-least-once, and nothing doubled beyond it: each event arrived, none more than twice.
    per_event = {r.headers["webhook-id"] for r in arrivals}
    assert len(per_event) == len(ids) and len(arrivals) <= 2 * len(ids)


@pytest.mark.cluster
def test_worker_killed_between_attempts(stack: Stack, tenant: Tenant,
                                        receiver: Receiver) -> None:
    endpoint, ids = _fails_then_recovers(tenant, receiver, FAILING)
    assert stack.worker is not None
    stop(stack.worker, kill=True)  # every Delivery is waiting on its 1 s retry timer
    try:
        _heal(tenant, receiver, endpoint)
        time.sleep(2)  # the timers fire while no worker runs
    finally:
        stack.worker = stack.start_worker()
    _recovered(tenant, receiver, ids)


@pytest.mark.cluster
def test_publish_and_ingestion_never_wait_on_temporal(stack: Stack, tenant: Tenant,
                                                      receiver: Receiver) -> None:
    # This API's Temporal accepts connections and never answers: an API that started
    # workflows itself would hang or lose them. It answers, and the worker's relay starts
    # the Deliveries from the outbox the API committed them to.
    setup_endpoint(tenant, receiver.url("/ok"))
    source = make_source(tenant, "quiet-temporal")
    add_destination(tenant, source, receiver.url("/fwd"))
    blackhole = socket.socket()
    blackhole.bind(("127.0.0.1", 0))
    blackhole.listen(64)
    silent = f"127.0.0.1:{blackhole.getsockname()[1]}"
    proc, url = stack.start_api(HOOKLINE_TEMPORAL_ADDRESS=silent)
    try:
        with httpx.Client(base_url=url, headers=tenant.client.headers, timeout=30) as client:
            event = ok(client.post("/v1/events", json={
                "type": "invoice.paid", "consumer": "acme", "data": {"x": 1}}), 201)
            path = source["url"].removeprefix(stack.base_url)
            message = ok(client.post(path, json={"y": 2}), 202)
    finally:
        stop(proc, kill=True)
        blackhole.close()
    arrived = receiver.wait(2, timeout=60)
    assert {r.headers["webhook-id"] for r in arrived} == {event["id"], message["id"]}


def test_a_relay_that_dies_holding_starts_loses_none(stack: Stack, tenant: Tenant,
                                                     receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    assert stack.worker is not None
    stop(stack.worker)
    try:  # no relay runs: the Deliveries wait in the outbox
        events = [publish(tenant, {"n": n}) for n in range(3)]
        with Session(stack.engine) as session:
            # What a relay takes and then dies with: its rows are gone from the outbox.
            lost = outbox.take(session, 1, gate.Limits(
                max_in_flight=10, circuit_failures=5, circuit_open=30, lease_ttl=1,
                max_admitted=1000))
        assert len(lost) == 1
    finally:
        stack.worker = stack.start_worker()
    arrived = {r.headers["webhook-id"] for r in receiver.wait(3, timeout=60)}
    assert arrived == {e["id"] for e in events}
    # Two came through the relay; the lost one only through the reconciler.
    assert lost[0].delivery_id in {deliveries_of(tenant, e)[0]["id"] for e in arrived}


@pytest.mark.cluster
def test_temporal_restart_loses_nothing(stack: Stack, tenant: Tenant, receiver: Receiver,
                                        temporal_server: TemporalServer) -> None:
    endpoint, ids = _fails_then_recovers(tenant, receiver, FAILING)
    temporal_server.stop()
    try:
        _heal(tenant, receiver, endpoint)
        time.sleep(2)
    finally:
        temporal_server.start()
    _recovered(tenant, receiver, ids)
