"""The engine ceiling's no-op workflow and activity. Kept import-free: the workflow sandbox
re-imports a workflow's module for every run, as it does for Hookline's delivery workflow."""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity, workflow


@activity.defn(name="bench_noop")
async def noop_activity(i: int) -> int:
    return i


@workflow.defn(name="BenchNoop")
class NoopWorkflow:
    @workflow.run
    async def run(self, i: int) -> int:
        return await workflow.execute_activity(
            noop_activity, i, start_to_close_timeout=timedelta(seconds=15))
