"""Temporal Schedules as an operator sees them: through the `temporal schedule` CLI, and
one run started now through the SDK."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from datetime import datetime
from typing import Any

from temporalio.client import (
    Client,
    ScheduleActionExecutionStartWorkflow,
    ScheduleDescription,
    ScheduleHandle,
)
from temporalio.service import RPCError, RPCStatusCode

from tests.support.procs import temporal_cli
from tests.support.stack import Stack


def schedule_cli(stack: Stack, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([temporal_cli(), "schedule", *args,
                           "--address", stack.temporal_address],
                          capture_output=True, text=True, timeout=30, check=False)


def describe(stack: Stack, schedule_id: str) -> dict[str, Any] | None:
    """`temporal schedule describe -o json`, or None when no such Schedule exists. A busy
    dev server sometimes refuses the query ("consistent query buffer is full"): retried."""
    for _ in range(10):
        done = schedule_cli(stack, "describe", "--schedule-id", schedule_id, "-o", "json")
        if done.returncode == 0:
            found: dict[str, Any] = json.loads(done.stdout)
            return found
        if "not found" in done.stderr.lower():
            return None
        time.sleep(1)
    raise AssertionError(f"temporal schedule describe failed: {done.stderr}")


def next_action(described: dict[str, Any]) -> datetime | None:
    times = described["info"].get("futureActionTimes") or []
    return parse_time(times[0]) if times else None


def paused(described: dict[str, Any]) -> bool:
    return bool(described["schedule"]["state"].get("paused", False))


def trigger(stack: Stack, schedule_id: str) -> None:
    done = schedule_cli(stack, "trigger", "--schedule-id", schedule_id)
    assert done.returncode == 0, done.stderr


def delete(stack: Stack, schedule_id: str) -> None:
    done = schedule_cli(stack, "delete", "--schedule-id", schedule_id)
    assert done.returncode == 0, done.stderr


def parse_time(text: str | None) -> datetime | None:
    return at(text) if text else None


def at(text: str) -> datetime:
    """An ISO 8601 time as the API and the CLI write it (with Z)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def _described(handle: ScheduleHandle) -> ScheduleDescription:
    """The Schedule, once a worker starting beside the caller has created it."""
    for _ in range(150):
        try:
            return await handle.describe()
        except RPCError as exc:
            if exc.status != RPCStatusCode.NOT_FOUND:
                raise
        await asyncio.sleep(0.2)
    raise AssertionError(f"no Schedule {handle.id}")


def _started(found: ScheduleDescription) -> list[str]:
    return [a.action.workflow_id for a in found.info.recent_actions
            if isinstance(a.action, ScheduleActionExecutionStartWorkflow)]


async def start_run(client: Client, schedule_id: str) -> str:
    """Trigger the Schedule (as `temporal schedule trigger` does) and return the id of the
    workflow that run started."""
    handle = client.get_schedule_handle(schedule_id)
    seen = _started(await _described(handle))
    await handle.trigger()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        started = [i for i in _started(await handle.describe()) if i not in seen]
        if started:
            return started[0]
        await asyncio.sleep(0.2)
    raise AssertionError(f"the Schedule {schedule_id} started no workflow")
