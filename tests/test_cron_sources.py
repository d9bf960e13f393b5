"""Issue 5: cron Sources. One Temporal Schedule each; a run is a Message forwarded like an
ingested one; reschedule, pause, resume and delete; nextRunAt is what Temporal holds; bad
values change nothing; the worker restores Schedules that are missing or stale."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest
from sqlalchemy import delete as sql_delete
from sqlmodel import Session
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleSpec,
)

from hookline.persistence.models import Source
from hookline.scheduling.cron import next_runs
from tests.conftest import TemporalServer
from tests.support.api import ok
from tests.support.cluster import CLUSTER
from tests.support.receiver import Receiver
from tests.support.schedules import (
    at,
    delete,
    describe,
    next_action,
    parse_time,
    paused,
    trigger,
)
from tests.support.stack import Stack, Tenant, module_stack
from tests.test_ingest import messages_of
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

# The worker's pass over the Schedules every 3 s (the default is a minute): these tests
# remove and change Schedules behind its back and wait for it.
stack = module_stack(HOOKLINE_SCHEDULE_RECONCILE_INTERVAL="3s")

T = TypeVar("T")


def cron_source(tenant: Tenant, name: str, receiver: Receiver | None = None,
                **patch: Any) -> dict[str, Any]:
    source = make_source(tenant, name, type="cron", **patch)
    if receiver is not None:
        ok(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                              json={"url": receiver.url(f"/ok/{source['id']}")}), 201)
    return source


def sid(source: dict[str, Any]) -> str:
    return f"cron-{source['id']}"


def patch(tenant: Tenant, source: dict[str, Any], **body: Any) -> dict[str, Any]:
    return ok(tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json=body))


def get(tenant: Tenant, source: dict[str, Any]) -> dict[str, Any]:
    return ok(tenant.client.get(f"/v1/ingest/sources/{source['id']}"))


def eventually(check: Callable[[], T | None], timeout: float, what: str,
               every: float = 0.3) -> T:
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout} s")
        time.sleep(every)


def wait_source(tenant: Tenant, source: dict[str, Any], check: Callable[[dict[str, Any]], bool],
                what: str, timeout: float = 10) -> dict[str, Any]:
    """The Source's record once `check` holds for it."""

    def probe() -> dict[str, Any] | None:
        record = get(tenant, source)
        return record if check(record) else None

    return eventually(probe, timeout, what)


def assert_next_matches_temporal(stack: Stack, source: dict[str, Any]) -> datetime:
    """nextRunAt (ISO 8601 Z) is the next action time of the Schedule Temporal holds."""
    described = describe(stack, sid(source))
    assert described is not None and not paused(described)
    assert source["nextRunAt"] is not None and source["nextRunAt"].endswith("Z")
    when = parse_time(source["nextRunAt"])
    assert when == next_action(described)
    assert when is not None
    return when


@pytest.mark.cluster
def test_trigger_forwards_the_payload(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    payload = '{"report": "daily", "n": 1}'
    source = cron_source(tenant, "daily", receiver, cronExpression="0 6 * * *",
                         cronTimezone="Europe/Paris", cronPayload=payload)
    planned = assert_next_matches_temporal(stack, source)
    assert planned == next_runs("0 6 * * *", "Europe/Paris", datetime.now(UTC), 1)[0]
    trigger(stack, sid(source))  # `temporal schedule trigger`: one run now
    arrived = receiver.wait(1, f"/ok/{source['id']}")[0]
    assert arrived.body == payload.encode()
    assert arrived.headers["content-type"] == "application/json"
    assert arrived.headers["webhook-id"].startswith("msg_")
    [item] = messages_of(tenant, source)
    assert {"method": "POST", "contentType": "application/json", "verification": "skipped",
            "fanout": 1, "bodyBytes": len(payload)}.items() <= item.items()
    after = wait_source(tenant, source, lambda s: bool(s["lastRunAt"]), "lastRunAt was not set")
    assert after["lastMessageAt"] is not None
    assert abs(at(after["lastRunAt"]) - datetime.now(UTC)) < timedelta(seconds=30)
    assert at(after["nextRunAt"]) == planned  # a manual run moves nothing


@pytest.mark.cluster
def test_a_real_minute_boundary_run(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    if not stack.db_url.startswith("sqlite") and not CLUSTER:
        pytest.skip("waits up to a minute for the clock; once (on SQLite) keeps CI short")
    source = cron_source(tenant, "every-minute", receiver, cronExpression="* * * * *",
                         cronPayload='{"tick": true}')
    first = assert_next_matches_temporal(stack, source)
    arrived = receiver.wait(1, f"/ok/{source['id']}", timeout=70)[0]
    assert arrived.body == b'{"tick": true}'
    assert first <= datetime.fromtimestamp(arrived.at, UTC) < first + timedelta(seconds=30)
    after = wait_source(tenant, source, lambda s: bool(s["lastRunAt"]), "lastRunAt was not set")
    assert at(after["lastRunAt"]) == first  # the minute boundary it ran for
    moved = wait_source(tenant, source, lambda s: s["nextRunAt"] != source["nextRunAt"],
                        "nextRunAt did not move on")
    assert at(moved["nextRunAt"]) >= first + timedelta(minutes=1)
    assert_next_matches_temporal(stack, moved)
    assert tenant.client.delete(f"/v1/ingest/sources/{source['id']}").status_code == 204


def test_reschedule_pause_resume_delete(stack: Stack, tenant: Tenant) -> None:
    source = cron_source(tenant, "ny", cronExpression="0 9 * * 1-5",
                         cronTimezone="America/New_York")
    first = assert_next_matches_temporal(stack, source)
    changed = patch(tenant, source, cronExpression="30 2 * * *")
    second = assert_next_matches_temporal(stack, changed)
    assert second != first
    assert second == next_runs("30 2 * * *", "America/New_York", datetime.now(UTC), 1)[0]
    moved = patch(tenant, source, cronTimezone="Asia/Kolkata")
    assert assert_next_matches_temporal(stack, moved) != second
    described = describe(stack, sid(source))
    assert described and described["schedule"]["spec"]["timezoneName"] == "Asia/Kolkata"

    disabled = patch(tenant, source, status="disabled")
    assert disabled["nextRunAt"] is None
    held = describe(stack, sid(source))
    assert held is not None and paused(held)
    enabled = patch(tenant, source, status="enabled")
    assert assert_next_matches_temporal(stack, enabled) == \
        next_runs("30 2 * * *", "Asia/Kolkata", datetime.now(UTC), 1)[0]

    assert tenant.client.delete(f"/v1/ingest/sources/{source['id']}").status_code == 204
    assert describe(stack, sid(source)) is None


@pytest.mark.parametrize("body", [
    {"cronExpression": "61 * * * *"},
    {"cronExpression": "0 0 L * *"},  # croniter knows L, Temporal does not
    {"cronExpression": "* * * *"},
    {"cronTimezone": "Mars/Olympus"},
    {"cronPayload": "[1, 2]"},
    {"cronExpression": "0 * * * *", "cronPayload": "{nope"},
    {"status": "paused"},
])
def test_bad_values_change_nothing(stack: Stack, tenant: Tenant, body: dict[str, Any]) -> None:
    source = cron_source(tenant, "steady", cronExpression="15 * * * *",
                         cronPayload='{"a": 1}')
    before = describe(stack, sid(source))
    assert_problem(tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json=body), 422)
    assert get(tenant, source) == source
    after = describe(stack, sid(source))
    assert before is not None and after is not None
    assert after["schedule"] == before["schedule"]
    assert after["info"].get("updateTime") == before["info"].get("updateTime")


def test_a_cron_source_without_expression_has_no_schedule(stack: Stack,
                                                          tenant: Tenant) -> None:
    source = cron_source(tenant, "idle", cronPayload='{"a": 1}')
    assert source["nextRunAt"] is None and describe(stack, sid(source)) is None
    cleared = patch(tenant, cron_source(tenant, "was-set", cronExpression="0 * * * *"),
                    cronExpression=None)
    assert cleared["nextRunAt"] is None
    assert describe(stack, f"cron-{cleared['id']}") is None


def test_worker_restores_missing_and_removes_orphaned_schedules(stack: Stack,
                                                                tenant: Tenant) -> None:
    kept = cron_source(tenant, "kept", cronExpression="0 3 * * *")
    delete(stack, sid(kept))  # behind the API's back
    eventually(lambda: describe(stack, sid(kept)), 20, "the schedule was not recreated",
               every=1)
    assert_next_matches_temporal(stack, get(tenant, kept))

    gone = cron_source(tenant, "gone", cronExpression="0 4 * * *")
    with Session(stack.engine) as session:  # the row vanishes without the API knowing
        session.execute(sql_delete(Source).where(Source.id == gone["id"]))
        session.commit()
    eventually(lambda: describe(stack, sid(gone)) is None, 20,
               "the orphaned schedule was not deleted", every=1)


def test_changes_while_temporal_is_down_are_applied_later(
        stack: Stack, tenant: Tenant, temporal_server: TemporalServer) -> None:
    if not stack.db_url.startswith("sqlite"):
        pytest.skip("restarts the shared Temporal server; once (on SQLite) is enough")
    source = cron_source(tenant, "outage", cronExpression="0 5 * * *")
    temporal_server.stop()
    try:
        started = time.monotonic()
        changed = patch(tenant, source, cronExpression="0 7 * * *")
        assert time.monotonic() - started < 15
        assert changed["cronExpression"] == "0 7 * * *"
    finally:
        temporal_server.start()
    expected = next_runs("0 7 * * *", "UTC", datetime.now(UTC), 1)[0]
    synced = wait_source(tenant, source, lambda s: parse_time(s["nextRunAt"]) == expected,
                         "the change was not applied once Temporal was back", timeout=60)
    assert_next_matches_temporal(stack, synced)


DST_CASES = [  # (zone, expression, first day) around the 2027 changes, so in the future
    ("Europe/Paris", "30 2 * * *", datetime(2027, 3, 26, tzinfo=UTC)),
    ("Europe/Paris", "30 2 * * *", datetime(2027, 10, 29, tzinfo=UTC)),
    ("Europe/Paris", "30 * * * *", datetime(2027, 10, 30, 23, tzinfo=UTC)),
    ("America/New_York", "30 2 * * *", datetime(2027, 3, 12, tzinfo=UTC)),
    ("America/New_York", "30 1 * * *", datetime(2027, 11, 5, tzinfo=UTC)),
]


def test_dst_rules_are_temporals(temporal: str) -> None:
    """hookline.scheduling.cron computes the same times as the server across DST changes."""

    async def probe(zone: str, expression: str, start: datetime, index: int) -> list[datetime]:
        client = await Client.connect(temporal)
        handle = await client.create_schedule(
            f"dst-probe-{index}-{time.time_ns()}",
            Schedule(action=ScheduleActionStartWorkflow("NoSuchWorkflow", id="dst-probe",
                                                        task_queue="dst-probe"),
                     spec=ScheduleSpec(cron_expressions=[expression], time_zone_name=zone,
                                       start_at=start)))
        try:
            return list((await handle.describe()).info.next_action_times[:8])
        finally:
            await handle.delete()

    for index, (zone, expression, start) in enumerate(DST_CASES):
        held = asyncio.run(probe(zone, expression, start, index))
        assert held == next_runs(expression, zone, start - timedelta(seconds=1), 8), zone
