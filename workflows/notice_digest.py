"""NoticeDigestWorkflow: started weekly by the notice digest Schedule; one activity sends
each Consumer whose Deliveries failed that week a digest on its contacts
(`hookline.services.failure_notices`)."""

from __future__ import annotations

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import WORKFLOW_NOTICE_DIGEST, NoticeDigestOutcome
    from workflows.policies import DIGEST_HEARTBEAT, DIGEST_TIMEOUT, INFRA_RETRY


@workflow.defn(name=WORKFLOW_NOTICE_DIGEST)
class NoticeDigestWorkflow:
    @workflow.run
    async def run(self) -> NoticeDigestOutcome:
        outcome: NoticeDigestOutcome = await workflow.execute_activity(
            "send_digests",
            result_type=NoticeDigestOutcome,
            schedule_to_close_timeout=DIGEST_TIMEOUT,
            heartbeat_timeout=DIGEST_HEARTBEAT,
            retry_policy=INFRA_RETRY,
        )
        return outcome
