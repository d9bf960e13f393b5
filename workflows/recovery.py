"""RecoveryWorkflow: a bulk recovery, batch after batch, until no matching Delivery is left
(`hookline.services.recoveries`). Each batch stores its progress with its re-sends, so a
batch retried after a worker dies re-sends nothing twice. Cancelling the workflow (DELETE
/v1/recoveries/{id}) stops it between batches."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import WORKFLOW_RECOVERY, RecoveryStep
    from workflows.policies import INFRA_RETRY, RECOVERY_HEARTBEAT

BATCH_TIMEOUT = timedelta(minutes=2)


@workflow.defn(name=WORKFLOW_RECOVERY, sandboxed=False)
class RecoveryWorkflow:
    @workflow.run
    async def run(self, recovery_id: str) -> int:
        recovered = 0
        while True:
            step: RecoveryStep = await workflow.execute_activity(
                "recover_batch", recovery_id, result_type=RecoveryStep,
                start_to_close_timeout=BATCH_TIMEOUT, heartbeat_timeout=RECOVERY_HEARTBEAT,
                retry_policy=INFRA_RETRY)
            recovered += step.recovered
            if step.done:
                return recovered
            if step.wait:  # the target's outbox is full: let the relay admit some first
                await workflow.sleep(step.wait)
            if workflow.info().is_continue_as_new_suggested():
                workflow.continue_as_new(recovery_id)
