"""RetentionWorkflow: started daily by the retention Schedule; one activity deletes what is
older than its environment's retention (`hookline.services.retention`)."""

from __future__ import annotations

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import WORKFLOW_RETENTION, RetentionOutcome
    from workflows.policies import INFRA_RETRY, RETENTION_HEARTBEAT, RETENTION_TIMEOUT


@workflow.defn(name=WORKFLOW_RETENTION)
class RetentionWorkflow:
    @workflow.run
    async def run(self) -> RetentionOutcome:
        outcome: RetentionOutcome = await workflow.execute_activity(
            "purge_expired",
            result_type=RetentionOutcome,
            schedule_to_close_timeout=RETENTION_TIMEOUT,
            heartbeat_timeout=RETENTION_HEARTBEAT,
            retry_policy=INFRA_RETRY,
        )
        return outcome
