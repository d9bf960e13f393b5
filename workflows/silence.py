"""SilenceCheckWorkflow: started by the silence check's Schedule; one activity finds the
Sources that have been silent too long and e-mails their alerts."""

from __future__ import annotations

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import WORKFLOW_SILENCE_CHECK, SilenceCheckOutcome
    from workflows.policies import SILENCE_CHECK_TIMEOUT, SILENCE_HEARTBEAT, SILENCE_RETRY


@workflow.defn(name=WORKFLOW_SILENCE_CHECK)
class SilenceCheckWorkflow:
    @workflow.run
    async def run(self) -> SilenceCheckOutcome:
        outcome: SilenceCheckOutcome = await workflow.execute_activity(
            "check_silence",
            result_type=SilenceCheckOutcome,
            start_to_close_timeout=SILENCE_CHECK_TIMEOUT,
            heartbeat_timeout=SILENCE_HEARTBEAT,
            retry_policy=SILENCE_RETRY,
        )
        return outcome
