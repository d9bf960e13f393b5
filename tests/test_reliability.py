"""Issue 3: nothing accepted is lost when the worker dies, the API dies between its commit
and the workflow start, or Temporal restarts."""

from __future__ import annotations

import socket
import time

import httpx
from sqlmodel import Session, col, select

from hookline.models import Delivery
from tests.conftest import TemporalServer
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant


def _all_attempted_once(tenant: Tenant, ids: list[str], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        records = [ok(tenant.client.get(f"/v1/deliveries/{i}")) for i in ids]
        if all(r["attempts"] >= 1 for r in records):
            return
        time.sleep(0.1)
    raise AssertionError("first attempts did not happen")


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


def test_worker_killed_between_attempts(stack: Stack, tenant: Tenant,
                                        receiver: Receiver) -> None:
    endpoint, ids = _fails_then_recovers(tenant, receiver, 10)
    assert stack.worker is not None
    stop(stack.worker, kill=True)  # every Delivery is waiting on its 1 s retry timer
    try:
        _heal(tenant, receiver, endpoint)
        time.sleep(2)  # the timers fire while no worker runs
    finally:
        stack.worker = stack.start_worker()
    _recovered(tenant, receiver, ids)


def test_api_killed_between_commit_and_start(stack: Stack, tenant: Tenant,
                                             receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    # This API's Temporal accepts connections and never answers, so the API hangs in the
    # workflow start after its commit (and after answering 201); we kill it there. The
    # worker's reconciler must start the workflow from the committed row.
    blackhole = socket.socket()
    blackhole.bind(("127.0.0.1", 0))
    blackhole.listen(64)
    silent = f"127.0.0.1:{blackhole.getsockname()[1]}"
    proc, url = stack.start_api(HOOKLINE_TEMPORAL_ADDRESS=silent)
    try:
        answer = httpx.post(url + "/v1/events", timeout=30,
                            headers={"Authorization": f"Bearer {tenant.key}"},
                            json={"type": "invoice.paid", "consumer": "acme", "data": {"x": 1}})
        assert answer.status_code == 201
        committed = _wait_committed(stack, tenant.environment_id)
    finally:
        stop(proc, kill=True)  # still stuck starting the workflow
        blackhole.close()
    assert wait_delivery(tenant, committed, timeout=60)["status"] == "delivered"
    assert len(receiver.wait(1)) == 1


def test_starts_beyond_the_api_queue_are_left_to_the_reconciler(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    proc, url = stack.start_api(HOOKLINE_MAX_QUEUED_STARTS="0")  # every start is beyond it
    client = httpx.Client(base_url=url, headers=tenant.client.headers)
    try:
        published = time.monotonic()
        ids = {ok(client.post("/v1/events", json={"type": "invoice.paid", "consumer": "acme",
                                                   "data": {"n": n}}), 201)["id"]
               for n in range(3)}
        arrived = receiver.wait(3, timeout=60)
        # The reconciler takes rows only once they are HOOKLINE_RECONCILE_AFTER (3 s) old;
        # a start from the API itself would have arrived within a second.
        assert time.monotonic() - published > 2.5
        assert {r.headers["webhook-id"] for r in arrived} == ids
    finally:
        client.close()
        stop(proc)


def _wait_committed(stack: Stack, environment_id: str) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with Session(stack.engine) as session:
            found = session.exec(select(Delivery.id).where(
                col(Delivery.environment_id) == environment_id)).first()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the publish never committed")


def test_temporal_restart_loses_nothing(stack: Stack, tenant: Tenant, receiver: Receiver,
                                        temporal_server: TemporalServer) -> None:
    endpoint, ids = _fails_then_recovers(tenant, receiver, 5)
    temporal_server.stop()
    try:
        _heal(tenant, receiver, endpoint)
        time.sleep(2)
    finally:
        temporal_server.start()
    _recovered(tenant, receiver, ids)
