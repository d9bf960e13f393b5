"""`make histories`: the histories of every workflow type, in the states that matter,
recorded from a real run (API and worker processes on the e2e tier's Temporal dev server)
into tests/histories/<hookline.__version__>/<state>.json. tests/test_replay.py replays each
stored history against today's code.

Not a test module (pytest collects it only when named, as `make histories` does). A retry
schedule of 1 s, 1 s, then 8 s leaves a window after the third attempt in which a cancel
and a retry by signal land."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from temporalio.client import Client
from temporalio.service import RPCError

from hookline import __version__
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.scheduling.schedules import (
    digest_schedule_id,
    retention_schedule_id,
    silence_schedule_id,
)
from tests.support.api import deliveries_of, ok, polled, publish, setup_endpoint, wait_delivery
from tests.support.postgres import crashable_postgres
from tests.support.receiver import Receiver
from tests.support.schedules import start_run
from tests.support.stack import Stack, Tenant, module_stack
from tests.test_cron_sources import cron_source, sid

OUT = Path(__file__).parent / __version__
stack = module_stack(HOOKLINE_RETRY_SCHEDULE="1s,1s,8s")


@pytest.fixture(scope="module", autouse=True)
def folder() -> Iterator[None]:
    OUT.mkdir(parents=True, exist_ok=True)
    yield


async def _save(address: str, name: str, workflow_id: str) -> None:
    client = await Client.connect(address)
    handle = client.get_workflow_handle(workflow_id)
    await asyncio.wait_for(handle.result(), 120)
    history = await handle.fetch_history()
    (OUT / f"{name}.json").write_text(history.to_json())


async def waited(stack: Stack, delivery_ids: list[str]) -> str:
    """The first of the Deliveries whose workflow waited on a timer."""
    client = await Client.connect(stack.temporal_address)
    for delivery_id in delivery_ids:
        try:
            history = await client.get_workflow_handle(delivery_id).fetch_history()
        except RPCError:  # never started: it waited in the outbox
            continue
        if any(e.HasField("timer_started_event_attributes") for e in history.events):
            return delivery_id
    raise AssertionError("no Delivery's workflow waited for the breaker")


def save(stack: Stack, name: str, workflow_id: str) -> None:
    asyncio.run(_save(stack.temporal_address, name, workflow_id))


def delivery_of(tenant: Tenant, event: dict[str, Any]) -> str:
    found: str = deliveries_of(tenant, event["id"])[0]["id"]
    return found


def attempted(tenant: Tenant, delivery_id: str, count: int) -> None:
    deadline = time.monotonic() + 60
    while polled(tenant, f"/v1/deliveries/{delivery_id}")["attempts"] < count:
        assert time.monotonic() < deadline, f"{delivery_id}: fewer than {count} attempts"
        time.sleep(0.1)


def test_delivered_retried_and_exhausted(stack: Stack, tenant: Tenant,
                                         receiver: Receiver) -> None:
    for name, path in (("delivery-delivered", "/ok/rec"),
                       ("delivery-retried-then-delivered", "/flaky/1/rec"),
                       ("delivery-exhausted", "/status/500/rec")):
        setup_endpoint(tenant, receiver.url(path), consumer=name)
        delivery_id = delivery_of(tenant, publish(tenant, consumer=name))
        wait_delivery(tenant, delivery_id, timeout=60)
        save(stack, name, delivery_id)


def test_cancelled_and_retried_by_signal(stack: Stack, tenant: Tenant,
                                         receiver: Receiver) -> None:
    for name in ("cancelled", "signalled"):
        receiver.modes[name] = "/status/500"
        endpoint = setup_endpoint(tenant, receiver.url(f"/as/{name}"), consumer=name)
        delivery_id = delivery_of(tenant, publish(tenant, consumer=name))
        attempted(tenant, delivery_id, 3)  # now waiting 8 s for the fourth
        if name == "cancelled":
            ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                                   json={"status": "disabled"}))
        else:
            receiver.modes[name] = "/ok"
            ok(tenant.client.post(f"/v1/deliveries/{delivery_id}/retry"), 202)
        wait_delivery(tenant, delivery_id, timeout=60)
        save(stack, f"delivery-{name}-{'waiting' if name == 'cancelled' else 'by-signal'}",
             delivery_id)


def test_throttled_and_held_by_an_open_breaker(stack: Stack, tenant: Tenant,
                                               receiver: Receiver) -> None:
    throttled = setup_endpoint(tenant, receiver.url("/ok/throttled"), consumer="throttled")
    ok(tenant.client.patch(f"/v1/endpoints/{throttled['id']}", json={"rateLimit": 1}))
    last = [delivery_of(tenant, publish(tenant, consumer="throttled")) for _ in range(3)][-1]
    wait_delivery(tenant, last, timeout=60)
    save(stack, "delivery-throttled", last)

    receiver.modes["breaker"] = "/status/503"
    broken = setup_endpoint(tenant, receiver.url("/as/breaker"), consumer="breaker")
    held = [delivery_of(tenant, publish(tenant, consumer="breaker")) for _ in range(8)]
    deadline = time.monotonic() + 60
    while ok(tenant.client.get(f"/v1/endpoints/{broken['id']}"))["circuit"] != "open":
        assert time.monotonic() < deadline, "the breaker never opened"
        time.sleep(0.2)
    receiver.modes["breaker"] = "/ok"
    for delivery_id in held:
        wait_delivery(tenant, delivery_id, timeout=120)
    # Deliveries the relay still held when the breaker opened start once it closes; one
    # that had started waits in its workflow, on timers the gate set: that one is kept.
    save(stack, "delivery-held-by-breaker", asyncio.run(waited(stack, held)))


def test_throttled_by_the_receiver(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    """A 429 whose Retry-After the workflow waits out on a timer of that length (the
    rate limit above holds Deliveries in the outbox instead, so its history is a plain
    delivery's)."""
    receiver.modes["slow-down"] = "/retry-after/429/2"
    setup_endpoint(tenant, receiver.url("/as/slow-down"), consumer="slow-down")
    slowed = delivery_of(tenant, publish(tenant, consumer="slow-down"))
    attempted(tenant, slowed, 1)
    receiver.modes["slow-down"] = "/ok"
    wait_delivery(tenant, slowed, timeout=60)
    save(stack, "delivery-throttled-by-receiver", slowed)


def test_recovery(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/status/500/recover"), consumer="recover")
    delivery_id = delivery_of(tenant, publish(tenant, consumer="recover"))
    wait_delivery(tenant, delivery_id, timeout=60)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"url": receiver.url("/ok/recovered")}))
    since = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    started = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/recover",
                                    json={"since": since}), 202)
    save(stack, "recovery", started["id"])
    wait_delivery(tenant, delivery_id, {"delivered"}, timeout=60)  # its new run's end
    save(stack, "delivery-recovered", delivery_id)


def test_schedules_runs(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    cron = cron_source(tenant, "recorded", receiver, cronExpression="0 6 * * *")
    queue = stack.settings_env()["HOOKLINE_TASK_QUEUE"]

    async def runs() -> dict[str, str]:
        client = await Client.connect(stack.temporal_address)
        return {name: await start_run(client, schedule_id) for name, schedule_id in (
            ("cron-run", sid(cron)), ("silence-check", silence_schedule_id(queue)),
            ("retention", retention_schedule_id(queue)),
            ("notice-digest", digest_schedule_id(queue)))}

    for name, workflow_id in asyncio.run(runs()).items():
        save(stack, name, workflow_id)


def _recording_waits(log: Path, seconds: float = 180) -> None:
    """Until the worker says the attempt handed its outcome back to the workflow, and
    `record_attempt` (a local activity: in the history, a marker once it succeeds) has
    been tried against the database that is down."""
    deadline = time.monotonic() + seconds
    while not all(words in log.read_text() for words in (
            "the workflow keeps the outcome", "'activity_type': 'record_attempt'")):
        assert time.monotonic() < deadline, f"{log} never told of record_attempt"
        time.sleep(0.5)


def test_unrecorded(temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    """The database crashes while an attempt is in flight: the attempt hands its outcome
    back to the workflow (`unrecorded`), whose `record_attempt` stores it once the database
    is back."""
    with crashable_postgres() as server:
        upgrade(server.url)
        own = Stack(name="unrecorded-history", db_url=server.url,
                    engine=make_engine(server.url), temporal_address=temporal, folder=tmp_path)
        own.start()
        try:
            tenant = own.tenant()
            setup_endpoint(tenant, receiver.url("/slow/1/ok"))
            delivery_id = delivery_of(tenant, publish(tenant))
            deadline = time.monotonic() + 30
            while receiver.open_now("/slow/1/ok") == 0:  # sent, not answered yet
                assert time.monotonic() < deadline, "the attempt never reached the receiver"
                time.sleep(0.05)
            server.crash()
            _recording_waits(tmp_path / "worker.log")
            server.start()
            save(own, "delivery-unrecorded", delivery_id)
        finally:
            own.stop_all()
            own.engine.dispose()
