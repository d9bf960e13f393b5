"""DeliveryWorkflow: attempt, wait the retry schedule on a durable timer, attempt again.

The database row is the Delivery's truth: the activity reads its status before sending, so
signals only wake the workflow early (`retry`: attempt now; `cancel`: find it cancelled).
"""

from __future__ import annotations

import contextlib

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import (
        FINAL_STATUSES,
        SIGNAL_CANCEL,
        SIGNAL_RETRY,
        WORKFLOW_DELIVERY,
        AttemptInput,
        AttemptOutcome,
        DeliveryInput,
    )
    from hookline.temporal import STATUS
    from workflows.policies import ATTEMPT_TIMEOUT, INFRA_RETRY


# Outside the sandbox: this is the hot path (one run per Delivery), and it imports only
# frozen dataclasses and constants, so the sandbox's per-run module isolation buys nothing.
@workflow.defn(name=WORKFLOW_DELIVERY, sandboxed=False)
class DeliveryWorkflow:
    def __init__(self) -> None:
        self._wake = False

    @workflow.run
    async def run(self, data: DeliveryInput) -> str:
        index = 0
        while True:
            next_delay = data.delays[index] if index < len(data.delays) else None
            self._wake = False
            # A local activity: the attempt runs inside the workflow task, so the server
            # records one marker instead of scheduling, starting and completing a task.
            outcome: AttemptOutcome = await workflow.execute_local_activity(
                "attempt_delivery",
                AttemptInput(delivery_id=data.delivery_id, next_delay=next_delay),
                result_type=AttemptOutcome,
                start_to_close_timeout=ATTEMPT_TIMEOUT,
                retry_policy=INFRA_RETRY,
                summary=f"attempt {index + 1}",
            )
            workflow.upsert_search_attributes([STATUS.value_set(outcome.status)])
            if outcome.status in FINAL_STATUSES or next_delay is None:
                return outcome.status
            with contextlib.suppress(TimeoutError):  # the timer ran out: next attempt
                await workflow.wait_condition(lambda: self._wake, timeout=next_delay,
                                              timeout_summary=f"retry {index + 2}")
            index += 1

    @workflow.signal(name=SIGNAL_RETRY)
    def retry(self) -> None:
        self._wake = True

    @workflow.signal(name=SIGNAL_CANCEL)
    def cancel(self) -> None:
        self._wake = True

