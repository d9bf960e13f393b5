"""Fair between tenants (issue 64), end to end on the product's defaults: one tenant's burst
or hanging endpoints fill the whole admitted-Deliveries cap, and another tenant's webhooks
still go at once instead of first in, first out behind them. On SQLite and PostgreSQL, on a
stack of its own with the suite's settings: these tests fill the engine, and other tests'
traffic must not meet theirs. Its attempts time out after the product's default (15 s), not the
suite's shortened 2 s: what the tests compare is whether B waits for A's attempts to end, and
A's must not end on their own while B's go.

Tenant A's endpoints have learnt a high concurrency limit (their gate rows say so, as after
a while of healthy traffic), so that five of them can hold the whole cap (500)."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, insert
from sqlmodel import Session, col, select
from temporalio import workflow
from temporalio.client import Client
from temporalio.worker import Worker

from api.tenant_code import EACH
from hookline.persistence.models import AttemptLease, Delivery, TargetGate
from hookline.settings import Settings
from hookline.temporal import fairness
from hookline.timeutil import utcnow
from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.both_databases

CAP = Settings().relay_max_waiting  # the product's default, which the stack keeps
ENDPOINTS = 5
LEARNT = CAP // ENDPOINTS  # each of A's endpoints may have this many attempts in flight
TIMEOUT = Settings().attempt_timeout_seconds  # the product's default, kept on this stack


@pytest.fixture(scope="module")
def own(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    mine = stack.sibling(tmp_path_factory.mktemp("tenants"),
                         HOOKLINE_ATTEMPT_TIMEOUT=Settings().attempt_timeout)
    yield mine
    mine.stop_all()
    mine.engine.dispose()


@pytest.fixture
def tenants(own: Stack) -> Iterator[tuple[Tenant, Tenant]]:
    """Two organizations, once the engine is idle: the attempts of an earlier test's tenant
    (its endpoints disabled, their waiting Deliveries cancelled) have ended."""
    deadline = time.monotonic() + 60
    while _live_leases(own) and time.monotonic() < deadline:
        time.sleep(0.2)
    a, b = own.tenant(rps=100_000), own.tenant(rps=100_000)
    yield a, b
    a.client.close()
    b.client.close()


def _live_leases(own: Stack) -> int:
    with Session(own.engine) as session:
        return int(session.exec(select(func.count()).select_from(AttemptLease).where(
            AttemptLease.expires_at > utcnow())).one())


def _publish_many(tenant: Tenant, n: int) -> None:
    """n events as a busy producer sends them: eight at a time."""
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: publish(tenant, {"i": i}), range(n)))


def _endpoints_that_learnt(own: Stack, tenant: Tenant, url: str) -> list[str]:
    ids = [setup_endpoint(tenant, url)["id"] for _ in range(ENDPOINTS)]
    with Session(own.engine) as session:
        session.execute(insert(TargetGate), [{"target_id": i, "concurrency_limit": LEARNT}
                                             for i in ids])
        session.commit()
    return ids


def _count(own: Stack, endpoints: list[str], status: str) -> int:
    with Session(own.engine) as session:
        return int(session.exec(select(func.count()).select_from(Delivery).where(
            col(Delivery.endpoint_id).in_(endpoints), Delivery.status == status)).one())


def _disable(tenant: Tenant, endpoints: list[str]) -> None:
    """What waits for A's endpoints is cancelled: the next test starts with an idle engine."""
    for endpoint in endpoints:
        ok(tenant.client.patch(f"/v1/endpoints/{endpoint}", json={"status": "disabled"}))


def _b_delivers(b: Tenant, receiver: Receiver, n: int, consumer: str = "acme") -> list[str]:
    setup_endpoint(b, receiver.url(f"/ok/b-{consumer}"), consumer=consumer)
    events = [publish(b, {"i": i}, consumer=consumer) for i in range(n)]
    ids = [d["id"] for e in events for d in deliveries_of(b, e["id"])]
    for delivery in ids:
        wait_delivery(b, delivery, {"delivered"}, timeout=60)
    return ids


def test_a_burst_that_fills_the_cap_does_not_hold_another_tenant(
        own: Stack, tenants: tuple[Tenant, Tenant], receiver: Receiver) -> None:
    """A publishes 300 events to its five endpoints, which answer in 10 s: 1,500 Deliveries,
    the cap's 500 admitted and the rest waiting behind them. B then publishes 3, and they are
    delivered while A's backlog still waits. First in, first out, B's would be admitted only
    with the last of A's (about 30 s later)."""
    a, b = tenants
    endpoints = _endpoints_that_learnt(own, a, receiver.url("/slow/10/a"))
    _publish_many(a, 300)
    before = _count(own, endpoints, "pending")
    _b_delivers(b, receiver, 3)
    after = _count(own, endpoints, "pending")
    _disable(a, endpoints)
    assert before > CAP, f"A's backlog was only {before} when B published"
    assert after > 0, f"A's backlog ({before} when B published) was all admitted before B's"


def test_hanging_endpoints_that_fill_the_cap_do_not_hold_another_tenant(
        own: Stack, tenants: tuple[Tenant, Tenant], receiver: Receiver) -> None:
    """A's endpoints never answer, and A's first attempts hold the cap (as many as the
    worker has taken on: all 500 on an idle machine) until they time out, 15 s after the
    first began. B's Delivery is delivered before then: it does not wait for A's attempts
    to end, which first in, first out it would."""
    a, b = tenants
    endpoints = _endpoints_that_learnt(own, a, receiver.url("/slow/30/a"))
    _publish_many(a, CAP // ENDPOINTS)
    while _count(own, endpoints, "processing") == 0:
        time.sleep(0.05)
    first = time.monotonic()  # A's first attempts began: none ends before first + TIMEOUT
    while _count(own, endpoints, "processing") < CAP and time.monotonic() < first + 5:
        time.sleep(0.1)
    held = _count(own, endpoints, "processing")
    _b_delivers(b, receiver, 1)
    delivered = time.monotonic()
    _disable(a, endpoints)
    assert held > 0
    assert delivered < first + TIMEOUT, (
        f"B's came {delivered - first:.1f} s after A's first attempt began, beside {held} "
        "of A's hanging attempts")


def test_one_consumers_burst_does_not_hold_another_consumer_of_its_environment(
        own: Stack, tenants: tuple[Tenant, Tenant], receiver: Receiver) -> None:
    """Inside one environment: Consumer `acme` publishes 300 events to its five endpoints,
    which answer in 2 s (1,500 Deliveries, the cap's 500 admitted at a time). Consumer
    `other` then publishes 3: they take the next free slots, in turns with acme's, and are
    delivered while most of acme's backlog still waits. First in, first out, they would
    wait for all of it."""
    a, _ = tenants
    endpoints = _endpoints_that_learnt(own, a, receiver.url("/slow/2/acme"))
    _publish_many(a, 300)
    before = _count(own, endpoints, "pending")
    _b_delivers(a, receiver, 3, consumer="other")
    after = _count(own, endpoints, "pending")
    _disable(a, endpoints)
    assert before > CAP, f"acme's backlog was only {before} when other published"
    assert after > 0, f"acme's backlog ({before} when other published) went before other's"


LOOPS = "function handler(webhook) { while (true) {} }"


def test_previews_of_looping_code_hold_neither_another_tenant_nor_the_api(
        own: Stack, tenants: tuple[Tenant, Tenant], receiver: Receiver) -> None:
    """A sends 60 previews at once of an endpoint whose transformation loops (each runs to
    the time limit on the API's V8 executors). At most EACH of A's run at once; the others
    are a 429 at once, with Retry-After. B's plain GET and B's own preview answer before
    A's second preview has (A's take turns on one executor, about a second each): they
    wait neither for A's previews nor for threads A's hold. On the shared thread pool,
    B's waited for the 20 of A's previews queued ahead of them."""
    a, b = tenants
    setup_endpoint(a, receiver.url("/ok/a"))  # A's consumer and event type
    looping = ok(a.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok/loops"), "transformation": LOOPS}), 201)
    plain = setup_endpoint(b, receiver.url("/ok/b"))
    sample = {"type": "invoice.paid", "data": {"n": 1}}
    answered: list[tuple[float, int]] = []  # A's previews: when each answered, and how
    lock = threading.Lock()

    def preview(_: int) -> None:
        response = a.client.post(f"/v1/endpoints/{looping['id']}/preview", json=sample)
        with lock:
            answered.append((time.monotonic(), response.status_code))
        if response.status_code == 429:
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.json()["type"].endswith("/tenant-code-busy")
            assert response.headers["retry-after"]

    with ThreadPoolExecutor(60) as pool:
        flood = pool.map(preview, range(60))
        time.sleep(0.3)  # A's previews are in the API
        ok(b.client.get("/v1/consumers"))
        b_preview = ok(b.client.post(f"/v1/endpoints/{plain['id']}/preview", json=sample))
        b_answered = time.monotonic()
        list(flood)
    ran = sorted(t for t, status in answered if status == 200)
    busy = [t for t, status in answered if status == 429]
    assert b_preview["matched"] and b_preview["body"] is not None
    assert ran and len(ran) + len(busy) == 60, answered
    assert len(busy) >= 60 - 2 * EACH, f"only {len(busy)} of A's 60 previews were refused"
    assert b_answered < ran[1], (
        f"B's calls answered {b_answered - ran[1]:.1f} s after A's second preview")
    # A's later previews run again, each with its answer: the time limit's error.
    again = ok(a.client.post(f"/v1/endpoints/{looping['id']}/preview", json=sample))
    assert again["error"] and "time limit" in again["error"]


def test_temporal_takes_turns_between_environments_in_a_task_queues_backlog(
        own: Stack) -> None:
    """The suite's Temporal runs with the dynamic config `hookline up` gives it
    (`hookline.temporal.CLUSTER_CONFIG`), fairness on: 30 workflows of one environment
    wait in a task queue's backlog, then 3 of another; a worker taking two tasks at a time
    takes the newcomer's in the first half, not after the 30 (first in, first out). The
    server spreads a queue's tasks over its partitions, each taking turns on its own, and
    the worker's polls visit the partitions in turn: where B's first task lands varies from
    one queue to the next (13th once, 23rd once, on loaded CI runs), so three queues are
    probed and the middle one of B's first places is judged. First in, first out would put
    B's behind the A's of their partitions, near the end of each queue."""
    orders = [asyncio.run(_dispatch_order(own.temporal_address)) for _ in range(3)]
    firsts = sorted(order.index("B") if "B" in order else len(order) for order in orders)
    assert firsts[1] < 16, orders


DISPATCHED: dict[str, list[str]] = {}  # by task queue: the keys, in the order they ran


@workflow.defn(name="FairnessProbe", sandboxed=False)
class FairnessProbe:
    @workflow.run
    async def run(self, key: str) -> None:
        if not workflow.unsafe.is_replaying():
            DISPATCHED.setdefault(workflow.info().task_queue, []).append(key)


async def _dispatch_order(address: str) -> str:
    client = await Client.connect(address)
    queue = f"fairness-{uuid.uuid4().hex[:8]}"
    order = DISPATCHED.setdefault(queue, [])
    for key, count in (("A", 30), ("B", 3)):
        for i in range(count):
            await client.start_workflow(
                "FairnessProbe", key, id=f"{queue}-{key}{i}", task_queue=queue,
                priority=fairness(f"env_{key}", 1))
    async with Worker(client, task_queue=queue, workflows=[FairnessProbe],
                      max_concurrent_workflow_tasks=2):
        deadline = time.monotonic() + 60
        while len(order) < 33 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    return "".join(order)
