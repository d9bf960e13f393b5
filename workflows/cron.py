"""CronRunWorkflow: started by a cron Source's Schedule, runs the activity that makes the
Source's Message and forwards it."""

from __future__ import annotations

from temporalio import workflow
from temporalio.common import SearchAttributeKey

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import WORKFLOW_CRON_RUN, CronRunActivityInput, CronRunInput
    from workflows.policies import CRON_RUN_DEADLINE, CRON_RUN_TIMEOUT, INFRA_RETRY

# Set by Temporal on every workflow a Schedule starts: the time the run was meant for.
SCHEDULED_AT = SearchAttributeKey.for_datetime("TemporalScheduledStartTime")


@workflow.defn(name=WORKFLOW_CRON_RUN)
class CronRunWorkflow:
    @workflow.run
    async def run(self, data: CronRunInput) -> str:
        info = workflow.info()
        scheduled = info.typed_search_attributes.get(SCHEDULED_AT) or workflow.now()
        result: str = await workflow.execute_activity(
            "run_cron",
            CronRunActivityInput(source_id=data.source_id, run_key=info.workflow_id,
                                 scheduled_at=scheduled.isoformat()),
            result_type=str,
            start_to_close_timeout=CRON_RUN_TIMEOUT,
            schedule_to_close_timeout=CRON_RUN_DEADLINE,
            retry_policy=INFRA_RETRY,
        )
        return result
