"""Issue 32: each endpoint's and destination's concurrency limit adapts to its receiver, on the
product's defaults (a new target starts at 1 attempt in flight, the ceiling is 100), against
real receivers on SQLite and PostgreSQL: a fast one and a slow one grow it; a hanging one
and an erroring one keep it at its floor, and the breaker still opens; each recovered one
grows it again."""

from __future__ import annotations

import concurrent.futures
import time
import uuid
from typing import Any

import pytest

from tests.support.api import ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_destinations import add_destination
from tests.test_sources import make_source, post_in

# The gate's limit rows are locked as each database locks.
pytestmark = pytest.mark.both_databases

OLD_CAP = 10  # the fixed in-flight cap this limit replaces


@pytest.fixture
def tenant(unthrottled_tenant: Tenant) -> Tenant:
    """Four publishers at once: the plan must not refuse them."""
    return unthrottled_tenant


def _endpoint(tenant: Tenant, receiver: Receiver, mode: str) -> tuple[str, str, str]:
    """An endpoint of a consumer of its own at /as/<name>, answering as `mode` says."""
    name = uuid.uuid4().hex[:8]
    receiver.modes[name] = mode
    endpoint = setup_endpoint(tenant, receiver.url(f"/as/{name}"), consumer=name)
    return endpoint["id"], name, f"/as/{name}"


def _limit(tenant: Tenant, endpoint_id: str) -> int:
    return int(ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["concurrencyLimit"])


def _publish(tenant: Tenant, endpoint_id: str, consumer: str, n: int) -> list[str]:
    """n events, four publishers at once (so that Deliveries overlap; the plan allows 100
    requests a second), and the endpoint's Deliveries of them."""
    before = {d["id"] for d in _deliveries(tenant, endpoint_id)}
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda i: publish(tenant, {"i": i}, consumer=consumer), range(n)))
    made = [d["id"] for d in _deliveries(tenant, endpoint_id) if d["id"] not in before]
    assert len(made) == n
    return made


def _deliveries(tenant: Tenant, endpoint_id: str) -> list[dict[str, Any]]:
    return list(ok(tenant.client.get("/v1/deliveries", params={
        "endpoint": endpoint_id, "limit": 100}))["items"])


def _all(tenant: Tenant, ids: list[str], statuses: set[str], timeout: float = 90
         ) -> list[dict[str, Any]]:
    return [wait_delivery(tenant, d, statuses, timeout=timeout) for d in ids]


def test_a_fast_receiver_grows_the_limit_from_one(tenant: Tenant, receiver: Receiver) -> None:
    endpoint_id, name, path = _endpoint(tenant, receiver, "/ok")
    assert _limit(tenant, endpoint_id) == 1  # never sent to: the floor
    ids = _publish(tenant, endpoint_id, name, 40)
    _all(tenant, ids, {"delivered"})
    assert _limit(tenant, endpoint_id) > 1
    assert len(receiver.at(path)) == 40


def test_a_slow_healthy_receiver_gets_more_than_the_old_fixed_cap(
        tenant: Tenant, receiver: Receiver) -> None:
    """Answers after a second: the limit doubles each round trip while it is used, so the
    receiver soon has more requests open at once than the fixed cap of 10 allowed."""
    endpoint_id, name, path = _endpoint(tenant, receiver, "/slow/1")
    ids = _publish(tenant, endpoint_id, name, 60)
    _all(tenant, ids, {"delivered"})
    assert receiver.most_open[path] > OLD_CAP
    assert _limit(tenant, endpoint_id) > OLD_CAP


def test_a_destination_grows_its_limit_too(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant, f"limit-{uuid.uuid4().hex[:6]}")
    path = f"/ok/{source['id']}"
    destination = add_destination(tenant, source, receiver.url(path))
    assert destination["concurrencyLimit"] == 1
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda i: post_in(source["url"], f'{{"i": {i}}}'.encode()),
                                range(30)))
    assert {answer.status_code for answer in answers} == {202}
    receiver.wait(30, path, timeout=60)
    deadline = time.monotonic() + 10
    while (limit := _destination(tenant, source, destination["id"])["concurrencyLimit"]) <= 1:
        assert time.monotonic() < deadline, "the limit never grew"
        time.sleep(0.2)
    assert limit > 1


def _destination(tenant: Tenant, source: dict[str, Any], destination_id: str
                 ) -> dict[str, Any]:
    found = ok(tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations"))
    [destination] = [d for d in found if d["id"] == destination_id]
    return dict(destination)


def _recovers(tenant: Tenant, receiver: Receiver, endpoint_id: str, name: str, path: str,
              failed: list[str]) -> None:
    """The receiver answers again: a manual retry goes out as the breaker's probe and closes
    it, and new Deliveries grow the limit from its floor."""
    receiver.modes[name] = "/ok"
    _all(tenant, failed, {"exhausted"})
    ok(tenant.client.post(f"/v1/deliveries/{failed[0]}/retry"), 202)
    wait_delivery(tenant, failed[0], {"delivered"})
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["circuit"] == "closed"
    assert _limit(tenant, endpoint_id) <= 2  # it starts again from about its floor
    _all(tenant, _publish(tenant, endpoint_id, name, 40), {"delivered"})
    assert _limit(tenant, endpoint_id) > 2


def _open_circuit(tenant: Tenant, endpoint_id: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["circuit"] == "closed":
        assert time.monotonic() < deadline, "the breaker never opened"
        time.sleep(0.3)


def test_a_hanging_receiver_keeps_its_floor_then_recovers(tenant: Tenant, receiver: Receiver
                                                          ) -> None:
    """Attempts time out (2 s on the suite's stack): one at a time reaches the receiver, the
    limit stays 1 and the breaker opens (5 failures); recovered, it grows again."""
    endpoint_id, name, path = _endpoint(tenant, receiver, "/slow/30")
    ids = _publish(tenant, endpoint_id, name, 12)
    _open_circuit(tenant, endpoint_id)
    assert _limit(tenant, endpoint_id) == 1
    assert receiver.most_open[path] <= 2  # its floor, and a probe at most
    _recovers(tenant, receiver, endpoint_id, name, path, ids)


def test_an_erroring_receiver_keeps_its_floor_then_recovers(tenant: Tenant, receiver: Receiver
                                                            ) -> None:
    """500s (a fifth of a second each, so that they overlap if they could): the limit stays
    1 and the breaker opens; recovered, the limit grows again."""
    endpoint_id, name, path = _endpoint(tenant, receiver, "/slow/0.2/status/500")
    ids = _publish(tenant, endpoint_id, name, 12)
    _open_circuit(tenant, endpoint_id)
    assert _limit(tenant, endpoint_id) == 1
    assert receiver.most_open[path] <= 2
    _recovers(tenant, receiver, endpoint_id, name, path, ids)


def test_a_slow_receiver_that_gets_slower_has_its_limit_cut(tenant: Tenant, receiver: Receiver
                                                            ) -> None:
    """Answers that take well longer than the receiver's recent ones (a 0.1 s receiver now
    taking 1.5 s) shrink the limit, though every one succeeds."""
    endpoint_id, name, _path = _endpoint(tenant, receiver, "/slow/0.1")
    _all(tenant, _publish(tenant, endpoint_id, name, 40), {"delivered"})
    grown = _limit(tenant, endpoint_id)
    assert grown > 2
    receiver.modes[name] = "/slow/1.5"
    _all(tenant, _publish(tenant, endpoint_id, name, 3), {"delivered"})
    assert _limit(tenant, endpoint_id) < grown
