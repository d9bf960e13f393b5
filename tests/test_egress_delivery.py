"""Issue 52, part 3, end to end: a stack with HOOKLINE_EGRESS_PROXY (its own: the setting is
not the product's default) delivers every event through a real proxy; with the proxy dead,
attempts fail as `proxy` and count toward nothing of the endpoint's (failures, breaker,
adaptive limit); with it back, the next Delivery arrives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from hookline.persistence.models import Endpoint, TargetGate
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

# An environment's proxy reaches the attempt through the one query every attempt reads, on
# each database.
pytestmark = pytest.mark.both_databases

# More exhausted Deliveries than the breaker's default of 5 failures: counted, they would
# open it.
DEAD_EVENTS = 6


@pytest.fixture(scope="module")
def proxy(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    """One per database's stack: the test stops it."""
    found = Proxy(tmp_path_factory.mktemp("proxy"))
    yield found
    found.stop()


@pytest.fixture(scope="module")
def proxied(stack: Stack, proxy: Proxy, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("egress"), HOOKLINE_EGRESS_PROXY=proxy.url)
    yield own
    own.stop_all()
    own.engine.dispose()


@pytest.fixture
def proxied_tenant(proxied: Stack) -> Iterator[Tenant]:
    found = proxied.tenant()
    yield found
    found.client.close()


def test_deliveries_go_through_the_proxy_and_its_failures_are_its_own(
        proxied: Stack, proxy: Proxy, proxied_tenant: Tenant, receiver: Receiver,
        tmp_path: Path) -> None:
    tenant = proxied_tenant
    endpoint = setup_endpoint(tenant, receiver.url("/ok"))
    for n in range(3):
        [delivery] = deliveries_of(tenant, publish(tenant, {"n": n})["id"])
        # Recorded, not only received: an answer still in the tunnel when the proxy dies
        # is cut short, a `connection` failure of the receiver's.
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
    port = receiver.url().split(":")[2].split("/")[0]
    assert f"127.0.0.1:{port}" in proxy.tunnels()
    before = gate_of(proxied, endpoint["id"])

    proxy.stop()
    dead = [publish(tenant, {"dead": n})["id"] for n in range(DEAD_EVENTS)]
    for event in dead:
        [delivery] = deliveries_of(tenant, event)
        done = wait_delivery(tenant, delivery["id"], {"exhausted"}, timeout=60)
        assert {a["errorType"] for a in attempts(tenant, delivery["id"])} == {"proxy"}, done
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))
    assert (record["status"], record["circuit"]) == ("Enabled", "closed")
    with Session(proxied.engine) as session:
        row = session.get(Endpoint, endpoint["id"])
        assert row is not None and row.failure_count == 0
    assert gate_of(proxied, endpoint["id"]) == before  # breaker failures, circuit, limit
    assert len(receiver.at("/ok")) == 3

    back = Proxy(tmp_path, port=proxy.port)
    try:
        event = publish(tenant, {"back": True})
        [delivery] = deliveries_of(tenant, event["id"])
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
        assert len(back.tunnels()) >= 1
    finally:
        back.stop()


def gate_of(stack: Stack, target_id: str) -> tuple[int, str, float] | None:
    with Session(stack.engine) as session:
        gate = session.get(TargetGate, target_id)
        return None if gate is None else (gate.failures, gate.circuit, gate.concurrency_limit)


def test_an_environments_own_proxy_carries_its_requests_alone(
        tenant: Tenant, receiver: Receiver, tmp_path: Path) -> None:
    """On the shared stack (no instance proxy): one environment's `egressProxy` carries its
    deliveries and its endpoint tests; another environment's go direct."""
    own = Proxy(tmp_path, "socks5")
    try:
        set_to = ok(tenant.client.patch("/v1/environment", json={"egressProxy": own.url}))
        assert set_to["egressProxy"] == own.url
        setup_endpoint(tenant, receiver.url("/ok/mine"))
        event = publish(tenant)
        [delivery] = deliveries_of(tenant, event["id"])
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
        port = receiver.url().split(":")[2].split("/")[0]
        assert own.tunnels() == [f"127.0.0.1:{port}"]
    finally:
        own.stop()
    # The proxy is gone: this environment's attempts fail at it, as its own.
    [mine] = ok(tenant.client.get("/v1/endpoints"))
    tested = ok(tenant.client.post(f"/v1/endpoints/{mine['id']}/test"))
    assert (tested["success"], tested["errorType"]) == (False, "proxy"), tested
    assert ok(tenant.client.patch("/v1/environment", json={"egressProxy": None}))[
        "egressProxy"] is None
    assert ok(tenant.client.post(f"/v1/endpoints/{mine['id']}/test"))["success"] is True
