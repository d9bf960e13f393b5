"""Issue 23, retention: what is older than its environment's retention goes, whole (event or
message, Deliveries, attempts), and never anything that may still change; the daily
Schedule runs it, an environment's `retentionDays` overrides HOOKLINE_RETENTION, and kill -9
of the worker mid-purge loses nothing it should keep."""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from sqlmodel import Session
from temporalio.client import Client

from hookline.persistence.db import committed
from hookline.persistence.models import Environment
from hookline.scheduling.schedules import RETENTION_EVERY, retention_schedule_id
from hookline.services import accounts, retention
from hookline.services.retention import OWNERS
from hookline.timeutil import utcnow
from tests.support.aged import Rows
from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.procs import free_port, hookline
from tests.support.receiver import Receiver
from tests.support.schedules import start_run
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_metrics import key, scrape
from tests.test_platform_http import assert_problem
from tests.test_platform_ops import cli
from tests.test_sources import make_source

# Purges delete in short transactions under each database's locks.
pytestmark = pytest.mark.both_databases

SHORT = "3s"  # the siblings' HOOKLINE_RETENTION
DONE = ["delivered"]


def _count(stack: Stack, sql: str, **params: Any) -> int:
    with stack.engine.connect() as db:
        return int(db.execute(text(sql), params).scalar_one())


def _exists(stack: Stack, table: str, row_id: str) -> bool:
    return _count(stack, f"SELECT count(*) FROM {table} WHERE id = :id", id=row_id) == 1


def _purge_env(stack: Stack, env_id: str, default_seconds: float, limit: int = 2
               ) -> retention.Tally:
    """What the activity does, for one environment: batch after batch to the end."""
    total = retention.Tally()
    with Session(stack.engine) as session:
        cutoff = retention.cutoffs(session, default_seconds, utcnow()).get(env_id)
    if cutoff is None:
        return total
    for owner in OWNERS:
        after: str | None = ""
        while after is not None:
            with Session(stack.engine) as session:
                done, after = committed(session, retention.purge_batch, owner, env_id, cutoff,
                                        after, limit)
            total.add(done)
    return total


def test_a_pass_deletes_whole_finished_units_and_nothing_that_may_change(
        stack: Stack) -> None:
    old, day = utcnow() - timedelta(days=40), timedelta(days=1)
    rows = Rows()
    env, source = rows.environment(old)
    gone = {
        "delivered": rows.unit(env, old, ["delivered", "delivered"]),
        "exhausted and cancelled": rows.unit(env, old, ["exhausted", "cancelled"]),
        "no deliveries": rows.unit(env, old, []),
        "message": rows.unit(env, old, DONE, source_id=source)}
    kept = {
        "one still retrying": rows.unit(env, old, ["delivered", "retrying"]),
        "pending": rows.unit(env, old, ["pending"]),
        "processing": rows.unit(env, old, ["processing"]),
        "retried by hand last week": rows.unit(env, old, DONE, changed=utcnow() - 7 * day),
        "recent": rows.unit(env, utcnow() - 29 * day, DONE),
        "message still forwarding": rows.unit(env, old, ["retrying"], source_id=source)}
    with stack.engine.begin() as db:
        rows.insert(db)
    before = _count(stack, "SELECT count(*) FROM attempts a JOIN deliveries d ON "
                    "d.id = a.delivery_id WHERE d.environment_id = :env", env=env)
    tally = _purge_env(stack, env, 30 * 86400)
    assert (tally.events, tally.messages, tally.deliveries, tally.attempts) == (3, 1, 5, 5)
    for what, owner in gone.items():
        assert not _exists(stack, "events" if owner.startswith("evt") else "messages",
                           owner), what
    for what, owner in kept.items():
        assert _exists(stack, "events" if owner.startswith("evt") else "messages", owner), what
    after = _count(stack, "SELECT count(*) FROM attempts a JOIN deliveries d ON "
                   "d.id = a.delivery_id WHERE d.environment_id = :env", env=env)
    assert after == before - 5 == 7
    # Its own retention (60 days) keeps what the instance's 30 would delete; 10 days
    # deletes what the 30 kept.
    with Session(stack.engine) as session:
        committed(session, accounts.set_retention, env, 60)
    older = Rows()
    kept_longer = older.unit(env, old, DONE)
    with stack.engine.begin() as db:
        older.insert(db)
    assert _purge_env(stack, env, 30 * 86400).events == 0
    assert _exists(stack, "events", kept_longer)
    with Session(stack.engine) as session:
        committed(session, accounts.set_retention, env, 10)
    assert _purge_env(stack, env, 30 * 86400).events == 2  # that one and "recent"
    assert not _exists(stack, "events", kept["recent"])


def test_retention_zero_keeps_everything_and_operational_environments_follow_theirs(
        stack: Stack) -> None:
    now = utcnow()
    rows = Rows()
    env, _ = rows.environment(now)
    rows.by_model[Environment].append({
        "id": env + "op", "org_id": rows.by_model[Environment][0]["org_id"],
        "name": "operational", "kind": "development", "operational_of": env,
        "retention_days": None, "created_at": now})
    with stack.engine.begin() as db:
        rows.insert(db)
    with Session(stack.engine) as session:
        assert env not in retention.cutoffs(session, 0, now)
        committed(session, accounts.set_retention, env, 5)
        found = retention.cutoffs(session, 0, now)
    assert found[env] == found[env + "op"] == now - timedelta(days=5)


def test_the_environment_api_sets_retention_days(tenant: Tenant) -> None:
    read = ok(tenant.client.get("/v1/environment"))
    assert (read["id"], read["retentionDays"], read["effectiveRetentionDays"]) == (
        tenant.environment_id, None, 30)
    for bad in (0, 3651, "x", True, 2.5, 2**40):
        assert_problem(tenant.client.patch("/v1/environment", json={"retentionDays": bad}),
                       422)
    assert ok(tenant.client.get("/v1/environment"))["retentionDays"] is None
    set_ = ok(tenant.client.patch("/v1/environment", json={"retentionDays": 3650}))
    assert (set_["retentionDays"], set_["effectiveRetentionDays"]) == (3650, 3650)
    assert ok(tenant.client.patch("/v1/environment", json={}))["retentionDays"] == 3650
    back = ok(tenant.client.patch("/v1/environment", json={"retentionDays": None}))
    assert back["retentionDays"] is None
    schema = ok(tenant.client.get("/openapi.json"))
    assert {"get", "patch"} <= set(schema["paths"]["/v1/environment"])


def test_the_cli_sets_an_environments_retention(stack: Stack, tenant: Tenant) -> None:
    updated = cli(stack, "env", "update", tenant.environment_id, "--retention-days", "7")
    assert (updated["id"], updated["retentionDays"]) == (tenant.environment_id, 7)
    assert ok(tenant.client.get("/v1/environment"))["retentionDays"] == 7
    listed = cli(stack, "env", "list", "--org", tenant.org_id)["items"]
    assert [e["retentionDays"] for e in listed] == [7]
    assert cli(stack, "env", "update", tenant.environment_id,
               "--default-retention")["retentionDays"] is None
    for args in (["--retention-days", "0"], []):
        refused = subprocess.run(hookline("env", "update", tenant.environment_id, *args),
                                 capture_output=True, text=True, env=stack.settings_env(),
                                 check=False)
        assert refused.returncode != 0 and refused.stderr


async def _run_pass(address: str, schedule_id: str) -> dict[str, int]:
    """Trigger the retention Schedule, as `temporal schedule trigger` does, and wait for the
    pass it starts; returns its outcome."""
    client = await Client.connect(address)
    result: dict[str, int] = await client.get_workflow_handle(
        await start_run(client, schedule_id)).result()
    return result


@pytest.fixture(scope="module")
def short(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """Retention of 3 s, and a retry schedule of an hour so a failing Delivery waits."""
    own = stack.sibling(tmp_path_factory.mktemp("retention"), HOOKLINE_RETENTION=SHORT,
                        HOOKLINE_RETRY_SCHEDULE="1h",
                        HOOKLINE_WORKER_METRICS_PORT=str(free_port()))
    yield own
    own.stop_all()
    own.engine.dispose()


def test_the_daily_schedule_deletes_what_is_past_retention(short: Stack,
                                                             receiver: Receiver) -> None:
    tenant, patient = short.tenant(), short.tenant()
    try:
        setup_endpoint(tenant, receiver.url("/ok/done"))
        setup_endpoint(tenant, receiver.url("/status/503"), consumer="failing")
        delivered = publish(tenant, {"n": 1})
        waiting = publish(tenant, {"n": 2}, consumer="failing")
        wait_delivery(tenant, deliveries_of(tenant, delivered["id"])[0]["id"])
        wait_delivery(tenant, deliveries_of(tenant, waiting["id"])[0]["id"], {"retrying"})
        source = make_source(tenant)
        add_destination(tenant, source, receiver.url("/ok/fwd"))
        message = httpx.post(source["url"], json={"m": 1}).json()["id"]
        forwards = ok(tenant.client.get(f"/v1/ingest/messages/{message}/deliveries"))
        wait_delivery(tenant, forwards["items"][0]["id"])
        # An environment that keeps a day keeps its event.
        assert ok(patient.client.patch("/v1/environment",
                                       json={"retentionDays": 1}))["retentionDays"] == 1
        setup_endpoint(patient, receiver.url("/ok/patient"))
        kept = publish(patient, {"n": 3})
        wait_delivery(patient, deliveries_of(patient, kept["id"])[0]["id"])
        time.sleep(3.5)
        schedule = retention_schedule_id(short.settings_env()["HOOKLINE_TASK_QUEUE"])
        outcome = asyncio.run(_run_pass(short.temporal_address, schedule))
        assert outcome == {"events": 1, "messages": 1, "deliveries": 2, "attempts": 2}
        port = short.settings_env()["HOOKLINE_WORKER_METRICS_PORT"]
        counted = scrape(f"http://127.0.0.1:{port}/metrics")
        assert {table: counted[key("hookline_retention_deleted_rows_total", table=table)]
                for table in outcome} == outcome
        assert_problem(tenant.client.get(f"/v1/events/{delivered['id']}"), 404)
        assert_problem(tenant.client.get(f"/v1/ingest/messages/{message}"), 404)
        assert ok(tenant.client.get(f"/v1/events/{waiting['id']}"))["deliveries"] == 1
        assert deliveries_of(tenant, waiting["id"])[0]["status"] == "retrying"
        assert ok(patient.client.get(f"/v1/events/{kept['id']}"))["id"] == kept["id"]
        described = asyncio.run(_describe(short.temporal_address, schedule))
        assert described == [RETENTION_EVERY]
    finally:
        tenant.client.close()
        patient.client.close()


async def _describe(address: str, schedule_id: str) -> list[timedelta]:
    client = await Client.connect(address)
    found = await client.get_schedule_handle(schedule_id).describe()
    return [spec.every for spec in found.schedule.spec.intervals]


EXPIRED, KEPT_EACH = 1500, 30


def _state(stack: Stack, env: str) -> dict[str, int]:
    with stack.engine.connect() as db:
        events = db.execute(text(
            "SELECT e.id, e.deliveries, count(d.id), count(a.id) FROM events e "
            "LEFT JOIN deliveries d ON d.event_id = e.id "
            "LEFT JOIN attempts a ON a.delivery_id = d.id "
            "WHERE e.environment_id = :env GROUP BY e.id, e.deliveries"), {"env": env}).all()
        orphans = db.execute(text(
            "SELECT count(*) FROM deliveries d WHERE d.environment_id = :env AND "
            "d.event_id IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM events e WHERE e.id = d.event_id)"), {"env": env}).scalar_one()
    # A unit is whole or gone: every Event left has all its Deliveries and their attempts.
    assert all(made == deliveries == attempts for _, made, deliveries, attempts in events)
    assert orphans == 0
    return {"events": len(events)}


def test_kill_9_mid_purge_loses_nothing_it_should_keep(
        stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> None:
    own = stack.sibling(tmp_path_factory.mktemp("purge"), HOOKLINE_RETENTION="1h",
                        HOOKLINE_RETENTION_BATCH="5")
    try:
        old, now = utcnow() - timedelta(hours=2), utcnow()
        rows = Rows()
        env, _ = rows.environment(old)
        for n in range(EXPIRED):
            rows.unit(env, old + timedelta(milliseconds=n), ["delivered", "exhausted"])
        kept = [rows.unit(env, old, ["delivered", "retrying"]) for _ in range(KEPT_EACH)]
        kept += [rows.unit(env, old, DONE, changed=now) for _ in range(KEPT_EACH)]
        kept += [rows.unit(env, now, DONE) for _ in range(KEPT_EACH)]
        with own.engine.begin() as db:
            rows.insert(db)
        total = EXPIRED + len(kept)
        assert _state(own, env) == {"events": total}
        schedule = retention_schedule_id(own.settings_env()["HOOKLINE_TASK_QUEUE"])

        async def purge_and_kill() -> dict[str, int]:
            running = asyncio.create_task(_run_pass(own.temporal_address, schedule))
            deadline = time.monotonic() + 60
            while _state(own, env)["events"] == total and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert own.worker is not None
            own.restart_worker(kill=True)  # kill -9 mid-purge, then a new worker
            midway = _state(own, env)["events"]
            assert len(kept) < midway < total, "the pass ended before the kill"
            return await running

        outcome = asyncio.run(purge_and_kill())
        assert _state(own, env) == {"events": len(kept)}
        assert all(_exists(own, "events", event) for event in kept)
        assert 0 < outcome["events"] <= EXPIRED
    finally:
        own.stop_all()
        own.engine.dispose()
