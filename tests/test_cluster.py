"""Issue 15: Hookline unchanged but for settings on a real Temporal server (PostgreSQL
persistence and visibility, several history shards), with two APIs and two workers on one
PostgreSQL database. Collected only by `make test-cluster` (HOOKLINE_TEST_CLUSTER=1); the
rest of that run is the tests marked `cluster` elsewhere, on this same stack."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from datetime import timedelta

import httpx
import pytest
from temporalio.api.workflowservice.v1 import DescribeNamespaceRequest, GetClusterInfoRequest
from temporalio.client import Client

from tests.support.api import FINAL, deliveries_of, ok, publish, setup_endpoint
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.cluster


async def _cluster_info(address: str) -> tuple[int, str, str, timedelta]:
    client = await Client.connect(address)
    info = await client.workflow_service.get_cluster_info(GetClusterInfoRequest())
    namespace = await client.workflow_service.describe_namespace(
        DescribeNamespaceRequest(namespace="default"))
    return (info.history_shard_count, info.persistence_store, info.visibility_store,
            namespace.config.workflow_execution_retention_ttl.ToTimedelta())


def test_the_stack_is_a_real_cluster(stack: Stack, temporal: str) -> None:
    shards, persistence, visibility, retention = asyncio.run(_cluster_info(temporal))
    assert shards >= 4 and retention == timedelta(days=7)
    assert (persistence, visibility) == ("postgres12", "postgres12")
    assert stack.db_url.startswith("postgresql")
    assert len(stack.api_urls) == 2 and len({*stack.api_urls}) == 2
    assert stack.worker is not None
    workers = [stack.worker, *(p for p in stack.extra if p.args[-1] == "worker")]  # type: ignore[index]
    assert len(workers) == 2 and all(p.poll() is None for p in workers)
    for url in stack.api_urls:
        assert httpx.get(url + "/readyz", timeout=5).status_code == 200


def test_a_worker_killed_mid_load_loses_nothing(stack: Stack, unthrottled_tenant: Tenant,
                                                receiver: Receiver) -> None:
    tenant = unthrottled_tenant
    setup_endpoint(tenant, receiver.url("/ok/load"))
    count = 200
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        first = list(pool.map(lambda i: publish(tenant, {"i": i}), range(count // 2)))
        receiver.wait(10, "/ok/load", timeout=30)  # deliveries are under way
        assert stack.worker is not None
        stop(stack.worker, kill=True)
        rest = list(pool.map(lambda i: publish(tenant, {"i": i}), range(count // 2, count)))
    try:
        ids = [deliveries_of(tenant, e["id"])[0]["id"] for e in first + rest]
        deadline = time.monotonic() + 120
        pending = set(ids)
        while pending and time.monotonic() < deadline:
            pending = {i for i in pending
                       if ok(tenant.client.get(f"/v1/deliveries/{i}"))["status"] not in FINAL}
            time.sleep(0.5)
        assert not pending, f"{len(pending)} Deliveries never finished"
        statuses = {ok(tenant.client.get(f"/v1/deliveries/{i}"))["status"] for i in ids}
        assert statuses == {"delivered"}
        arrived = [r.headers["webhook-id"] for r in receiver.at("/ok/load")]
        # At-least-once: every event arrived, and a kill resends at most once.
        assert {e["id"] for e in first + rest} == set(arrived)
        assert len(arrived) <= 2 * count
    finally:
        stack.worker = stack.start_worker()
