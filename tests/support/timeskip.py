"""Temporal's time-skipping test server (`make tools-testserver`: Maven Central's jars on the
machine's Java), for workflow logic: a retry schedule of hours runs in milliseconds, with the
activities replaced. One server and one event loop serve the session's workflow tests."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from temporalio.client import WorkflowHandle
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from hookline.temporal import ensure_search_attributes
from tests.support.procs import REPO

LAUNCHER = REPO / "tools" / "testserver" / "temporal-test-server"
JARS = REPO / ".tools" / "testserver"

T = TypeVar("T")


class TimeSkipping:
    def __init__(self) -> None:
        if not any(JARS.glob("temporal-test-server-*.jar")):
            raise RuntimeError("no time-skipping test server: run `make tools-testserver`")
        self.loop = asyncio.new_event_loop()
        self.env = self.run(WorkflowEnvironment.start_time_skipping(
            test_server_existing_path=str(LAUNCHER)))
        # The product's own registration: the workflows upsert these attributes.
        self.run(ensure_search_attributes(self.env.client, "default"))

    def run(self, work: Awaitable[T]) -> T:
        return self.loop.run_until_complete(work)

    def close(self) -> None:
        self.run(self.env.shutdown())
        self.loop.close()

    def worker(self, workflows: Sequence[type], activities: Sequence[Callable[..., Any]]
               ) -> Worker:
        """A worker on a task queue of its own, so tests never take each other's tasks."""
        return Worker(self.env.client, task_queue=f"wf-{uuid.uuid4().hex[:12]}",
                      workflows=workflows, activities=activities)


async def timers(handle: WorkflowHandle[Any, Any]) -> list[float]:
    """The durations (seconds) of the timers the workflow started, in order."""
    history = await handle.fetch_history()
    return [event.timer_started_event_attributes.start_to_fire_timeout.ToTimedelta()
            .total_seconds() for event in history.events
            if event.HasField("timer_started_event_attributes")]


async def lasted(handle: WorkflowHandle[Any, Any]) -> float:
    """Seconds from the workflow's start to its last event, on the server's clock (which
    also skips to timers a workflow cancelled, after it closes: its own clock is no measure)."""
    events = (await handle.fetch_history()).events
    return (events[-1].event_time.ToDatetime() - events[0].event_time.ToDatetime()
            ).total_seconds()
